import { ApiError, CLIENT_ERROR_CODES } from './api-client';

// Whether a failed load never got an answer (no network, or an answer that could not be read), as
// opposed to the server answering with a failure. Spec §8 words the two differently for transactions.
export function isUnanswered(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === CLIENT_ERROR_CODES.network || error.code === CLIENT_ERROR_CODES.invalidResponse)
  );
}
