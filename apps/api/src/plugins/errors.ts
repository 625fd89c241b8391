import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages, type MessageCode } from '@marketplace/shared/reply-texts';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { redactSecrets } from '../lib/redact';
import { AppError, validationError } from '../lib/errors';

type FailureReply = {
  statusCode: number;
  code: MessageCode;
  message?: string;
  details?: unknown;
  retryAfterSeconds?: number;
};

// How long a client is asked to wait when the database cannot be reached: a restart's crash recovery takes
// seconds (decision 047).
const DATABASE_RETRY_AFTER_SECONDS = 5;

// One error handler for the whole API: honest statuses, the failure envelope, never a 500 for bad input.
export function failureFor(error: FastifyError | AppError | Error): FailureReply {
  if (error instanceof AppError) {
    return { statusCode: error.statusCode, code: error.code, message: error.message, details: error.details };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const failure = validationError(
      error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? '',
      })),
    );
    return { statusCode: failure.statusCode, code: failure.code, details: failure.details };
  }
  // PostgreSQL refusing a value the client sent (a NUL character, a number out of range, text where a
  // uuid or number belongs, an odd time zone): its whole data-exception class (22xxx) is bad input, not a
  // server fault.
  if (postgresCode(error)?.startsWith('22')) {
    return { statusCode: 400, code: 'INVALID_INPUT' };
  }
  // The database restarting, refusing or lost (decision 047): not this server's fault, and over in seconds.
  if (isDatabaseUnavailable(error)) {
    return { statusCode: 503, code: 'DATABASE_UNAVAILABLE', retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS };
  }
  // The multipart reader (busboy) throws plain errors, only ever about the client's body.
  if (
    /^(Multipart: Boundary not found|Unexpected end of multipart data|Malformed part header|Part terminated early)/.test(
      error.message,
    )
  ) {
    return { statusCode: 400, code: 'MALFORMED_BODY' };
  }
  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode ?? 500;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_ERR_VALIDATION':
      return { statusCode: 400, code: 'MALFORMED_BODY' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { statusCode: 413, code: 'PAYLOAD_TOO_LARGE' };
  }
  if (status === 429) return { statusCode: 429, code: 'RATE_LIMITED' };
  // The static files' refusals: a path that climbs out of its folder (403), a file that is not there (404).
  if (status === 403) return { statusCode: 403, code: 'FORBIDDEN' };
  if (status === 404) return { statusCode: 404, code: 'NOT_FOUND' };
  // Any other client error the framework raised (a malformed header, a bad URL) stays a 4xx.
  if (status >= 400 && status < 500) return { statusCode: status, code: 'INVALID_INPUT' };
  return { statusCode: 500, code: 'INTERNAL_ERROR' };
}

function postgresCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

// Note: a failed query's message and stack name its parameters (a password hash, bank details); the
// log gets the query without them, the database's own message and code, and the call sites.
export function loggable(error: Error) {
  // A message may also quote a URL (a provider's call, a redirect): its secrets are redacted too.
  const withoutParams = (text: string) => redactSecrets(text.split('\nparams:')[0] ?? text);
  const cause =
    error.cause instanceof Error
      ? { message: error.cause.message, code: postgresCode(error.cause) }
      : undefined;
  return {
    type: error.name,
    message: withoutParams(error.message),
    code: (error as FastifyError).code ?? postgresCode(error),
    cause,
    stack: error.stack
      ?.split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .slice(0, 10)
      .join('\n'),
  };
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const failure = failureFor(error);
    if (failure.code === 'DATABASE_UNAVAILABLE') {
      request.log.warn({ err: loggable(error) }, 'request refused: the database is unavailable');
    } else if (failure.statusCode >= 500 || isResponseSerializationError(error)) {
      // Note: the detail of a server fault goes to the log only, never to the client.
      request.log.error({ err: loggable(error) }, 'request failed');
    } else {
      request.log.info({ code: failure.code, statusCode: failure.statusCode }, 'request refused');
    }
    // Note: an AppError's message is one of our fixed sentences (a provider outage answers 502 with
    // 'Error verifying bank details. Try again later.'); any other 5xx gets the generic sentence, so
    // no server detail leaks.
    const isOwnSentence = error instanceof AppError || failure.code === 'DATABASE_UNAVAILABLE';
    const retryAfterSeconds = error instanceof AppError ? error.retryAfterSeconds : failure.retryAfterSeconds;
    if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
    const body = {
      ok: false as const,
      message:
        failure.statusCode >= 500 && !isOwnSentence
          ? messages.INTERNAL_ERROR
          : (failure.message ?? messages[failure.code]),
      error:
        failure.details === undefined
          ? { code: failure.code }
          : { code: failure.code, details: failure.details },
      // The id the log lines of this request carry (and the X-Request-Id header): what support asks for.
      requestId: request.id,
    };
    return reply.status(failure.statusCode).type('application/json').send(body);
  });
}

export function sendNotFound(reply: FastifyReply) {
  return sendFailure(reply, 404, 'NOT_FOUND');
}

// A failure answered directly (not thrown), in the same envelope as the error handler's.
export function sendFailure(reply: FastifyReply, statusCode: number, code: MessageCode, details?: unknown) {
  return reply
    .status(statusCode)
    .type('application/json')
    .send({
      ok: false,
      message: messages[code],
      error: details === undefined ? { code } : { code, details },
      requestId: reply.request.id,
    });
}
