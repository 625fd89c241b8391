import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages, type MessageCode } from '@marketplace/shared/messages';
import { AppError, validationError } from '../lib/errors';

type FailureReply = { statusCode: number; code: MessageCode; message?: string; details?: unknown };

// One error handler for the whole API: honest statuses, the failure envelope, never a 500 for bad input.
export function failureFor(error: FastifyError | AppError | Error): FailureReply {
  if (error instanceof AppError) {
    return { statusCode: error.statusCode, code: error.code, message: error.message, details: error.details };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const failure = validationError(
      error.validation.map((issue) => ({ path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'), message: issue.message ?? '' })),
    );
    return { statusCode: failure.statusCode, code: failure.code, details: failure.details };
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
  // Any other client error the framework raised (a malformed header, a bad URL) stays a 4xx.
  if (status >= 400 && status < 500) return { statusCode: status, code: 'INVALID_INPUT' };
  return { statusCode: 500, code: 'INTERNAL_ERROR' };
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const failure = failureFor(error);
    if (failure.statusCode >= 500 || isResponseSerializationError(error)) {
      // Note: the detail of a server fault goes to the log only, never to the client.
      request.log.error({ err: error, cause: error.cause }, 'request failed');
    } else {
      request.log.info({ code: failure.code, statusCode: failure.statusCode }, 'request refused');
    }
    // Note: an AppError's message is one of our fixed sentences (a provider outage answers 502 with
    // 'Error verifying bank details. Try again later.'); any other 5xx gets the generic sentence, so
    // no server detail leaks.
    const isOwnSentence = error instanceof AppError;
    const body = {
      ok: false as const,
      message: failure.statusCode >= 500 && !isOwnSentence ? messages.INTERNAL_ERROR : (failure.message ?? messages[failure.code]),
      error: failure.details === undefined ? { code: failure.code } : { code: failure.code, details: failure.details },
    };
    return reply.status(failure.statusCode).type('application/json').send(body);
  });
}

export function sendNotFound(reply: FastifyReply) {
  return reply.status(404).send({ ok: false, message: messages.NOT_FOUND, error: { code: 'NOT_FOUND' } });
}
