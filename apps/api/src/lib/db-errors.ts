// PostgreSQL reports a unique violation as 23505 with the index name; both pg and PGlite pass it on.
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return null;
}

export function toIso(date: Date): string {
  return date.toISOString();
}
