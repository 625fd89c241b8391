import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { ensureAdmin } from './modules/admin/ensure-admin';
import { seedDemoData } from './db/seed/demo';

// Only listens and shuts down gracefully; everything else is in app.ts.
async function main() {
  const config = loadConfig();
  const app = await buildApp({ config });

  if (config.admin) {
    await ensureAdmin({ db: app.db, email: config.admin.email, password: config.admin.password });
    app.log.info(`admin ${config.admin.email} is ready`);
  }
  if (config.demoData) {
    const demo = await seedDemoData({ db: app.db, storage: app.providers.mediaStorage });
    if (demo.length > 0) {
      const lines = demo.map((user) => `  ${user.email.padEnd(26)} password: ${user.password}`);
      console.log(`\nDemo accounts (DEMO_DATA=0 turns demo data off):\n${lines.join('\n')}\n`);
    }
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`\nOja marketplace is running at ${config.publicUrl} (database: ${app.databaseKind})\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
