import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerHttp } from './app/http';
import { startBackgroundJobs } from './app/jobs';
import { registerApiRoutes } from './app/routes';
import { serverOptions } from './app/server-options';
import { decorateServices, type Providers } from './app/services';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { serveMedia } from './lib/media-storage';
import { redactSecrets } from './lib/redact';
import { serverRender } from './plugins/server-render';
import { productOpenGraph } from './modules/products/open-graph';
import { replySerializerCompiler } from './lib/reply-schema';
import { loggable } from './plugins/errors';
import { registerWeb } from './plugins/web';

export { redactSecrets, type Providers };

export type BuildOptions = {
  config: Config;
  // Tests pass their own database; otherwise the app opens (and closes) the configured one.
  database?: DatabaseHandle;
  providers?: Partial<Providers>;
  logger?: boolean;
  // Where log lines go (stdout when unset); tests read them here.
  logStream?: { write: (line: string) => void };
};

// Builds the whole app; what tests import. server.ts only listens (fastify/demo). The parts load in layers:
// Fastify's options, the shared services, how requests are read and answered, the API's routes, background
// jobs, then the media files and the web app.
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify(serverOptions(options)).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler({ isStrict: config.strictReplies }));

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      // Note: pg-pool hangs the connection on the error (`err.client`): the log gets the error alone.
      onConnectionLost: (error) =>
        app.log.warn({ err: loggable(error) }, 'a database connection was lost; the pool opens another'),
    }));
  const services = await decorateServices(app, {
    config,
    database,
    ownsDatabase: !options.database,
    providers: options.providers,
  });
  await registerHttp(app);
  await registerApiRoutes(app, { config, ...services });
  await serveMedia(app, { directory: services.mediaDirectory });
  startBackgroundJobs(app);
  await registerWeb(app, { renderers: [productOpenGraph(app), serverRender(app)] });
  return app;
}
