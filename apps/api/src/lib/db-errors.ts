// PostgreSQL reports a unique violation as 23505 with the index name; both pg and PGlite pass it on.
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505')
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return null;
}

export function toIso(date: Date): string {
  return date.toISOString();
}

// The database cannot be reached or is restarting (decision 047): its connection was lost or refused, it is
// shutting down or recovering, or it has no connection left. The request answers 503 with Retry-After; any
// other database error stays a server fault.
// - Node's socket errors, while connecting or on an open connection.
// - SQLSTATE class 08 (connection exception), 57P01-57P03 (shut down by an administrator or a crash, not yet
//   accepting connections: "the database system is starting up"), 53300 (too many connections).
// - pg's own errors, which carry no code: the connection ended, a client whose connection failed is used
//   again (the next statement of a transaction), a connection not opened in time.
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect)$/;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (UNAVAILABLE_SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
      return true;
    if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGES.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}
