import { isMessageCode, messages, type MessageCode } from '@marketplace/shared/reply-texts';

// Business logic throws these; the error handler turns them into the failure envelope.
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: MessageCode,
    options: { message?: string; details?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(options.message ?? messages[code]);
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
  readonly details: unknown;
  // A 429's Retry-After.
  readonly retryAfterSeconds: number | undefined;
}

export const badRequest = (code: MessageCode, details?: unknown) => new AppError(400, code, { details });
export const unauthorized = (code: MessageCode = 'LOGIN_REQUIRED') => new AppError(401, code);
export const forbidden = (code: MessageCode = 'FORBIDDEN') => new AppError(403, code);
export const notFound = (code: MessageCode = 'NOT_FOUND') => new AppError(404, code);
export const conflict = (code: MessageCode) => new AppError(409, code);
export const unprocessable = (code: MessageCode) => new AppError(422, code);
export const tooManyRequests = (code: MessageCode = 'RATE_LIMITED', retryAfterSeconds?: number) =>
  new AppError(429, code, { retryAfterSeconds });

type Issue = { path: PropertyKey[] | string; message: string };

// A validation failure as the API answers it: 400, the first issue's code and sentence, and every
// issue with its path. A malformed id names nothing that exists: 404.
export function validationError(issues: Issue[]): AppError {
  const details = issues.map((issue) => {
    const code: MessageCode = isMessageCode(issue.message) ? issue.message : 'INVALID_INPUT';
    const path = typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.');
    return { path, code, message: isMessageCode(issue.message) ? messages[code] : issue.message };
  });
  const first = details[0]?.code ?? 'INVALID_INPUT';
  if (first === 'NOT_FOUND') return new AppError(404, first);
  return new AppError(400, first, { details });
}
