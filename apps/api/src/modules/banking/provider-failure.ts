import type { MessageCode } from '@marketplace/shared/reply-texts';
import { AppError } from '../../lib/errors';

// A payment provider that failed, timed out or could not be reached: 502, with the spec's own
// sentence ('Error verifying bank details. Try again later.'). The provider's detail is the cause,
// for the log only.
export function providerFailure(code: MessageCode, cause: unknown): AppError {
  const error = new AppError(502, code);
  error.cause = cause;
  return error;
}
