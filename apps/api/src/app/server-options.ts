import type { Server } from 'node:http';
import type { FastifyError, FastifyHttpOptions, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { logRedaction, redactSecrets } from '../lib/redact';
import { requestIdFor } from '../lib/request-id';
import { failureFor, loggable, sendFailure } from '../plugins/errors';

// Fastify's own options: the log (without secrets), request ids, body limit, trailing slashes, and the
// envelope for what fails before any hook runs.
export function serverOptions({
  config,
  logger,
  logStream,
}: {
  config: Config;
  logger?: boolean;
  logStream?: { write: (line: string) => void };
}): FastifyHttpOptions<Server> {
  return {
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            ...(logStream ? { stream: logStream } : {}),
            // Note: the secrets in URLs (a sign-in or reset link's token, a ticket, a payment reference, in the
            // query or the path) and in logged fields never reach the log (lib/redact.ts, decision 047).
            redact: logRedaction,
            serializers: {
              // Note: every logged error, a background job's or a provider call's too, as the error handler
              // logs one: a failed query's parameters (e-mails, password hashes) and URL secrets left out.
              err: (error: FastifyError) =>
                error instanceof Error
                  ? { ...loggable(error), stack: loggable(error).stack ?? '' }
                  : { type: typeof error, message: String(error), stack: '' },
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: redactSecrets(request.url),
                remoteAddress: request.ip,
              }),
            },
          },
    trustProxy: config.trustProxy,
    // Every log line of a request carries its id (reqId); replies carry it in X-Request-Id and error bodies.
    requestIdHeader: false,
    genReqId: requestIdFor,
    bodyLimit: 1024 * 1024,
    // While closing, a request that still reaches the server (on a connection already open) is answered
    // as usual, with `Connection: close`; /api/ready then says NOT_READY_SHUTTING_DOWN in the envelope,
    // instead of Fastify's own bare 503.
    return503OnClosing: false,
    // A URL the router cannot decode (a broken %-escape) fails before any hook runs: the failure envelope
    // and the request id all the same.
    frameworkErrors: (error, request, reply) => {
      const failure = failureFor(error);
      request.log.info({ code: failure.code, statusCode: failure.statusCode }, 'request refused');
      void sendFailure(reply.header('x-request-id', request.id), failure.statusCode, failure.code);
    },
    routerOptions: { ignoreTrailingSlash: true },
  };
}
