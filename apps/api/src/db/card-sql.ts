// The SQL every read of listings shares: the stored listing cards joined as a list, the public condition, the
// prepared statements' names and the numbered parameters. PostgreSQL builds each reply's JSON in one
// statement and the API passes the text through (docs/decisions/020).

// Exactly what Date.toISOString writes (UTC, milliseconds, Z); to_char truncates microseconds as the
// driver's Date does.
export const iso = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// A time to the microsecond, as PostgreSQL keeps it (UTC, Z): the time in a list's cursor (lib/cursor.ts).
export const MICRO_TIME_FORMAT = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';
export const microTime = (column: string) => `to_char(${column} at time zone 'UTC', '${MICRO_TIME_FORMAT}')`;

// The stored cards of the rows, joined by commas, in `order` (null when there are none): the items of a JSON
// array, which the API puts between brackets (jsonArray) as it writes the reply. Each listing row keeps its
// card (ProductCardSchema) in products.card, written by the database whenever the listing, its pictures or
// its seller change (product_card() in migration 0015, decision 030): a list joins texts and builds nothing.
// Note: the brackets are not added in SQL: each `||` copies the whole text again inside PostgreSQL; for a page
// of 24 cards (29 KB) the two copies cost about a fifth of the home list's CPU there (decision 040).
// Without `order`, the cards are joined in the order the rows come, for rows a sorted subquery feeds (which
// PostgreSQL documents as the order an aggregate reads): a sort inside the aggregate cost more than the index
// walk that found the rows (decision 038).
export const cardList = (card: string, order?: string) =>
  `string_agg(${card}, ','${order ? ` order by ${order}` : ''})`;

// A JSON array (as text) of the items cardList joined.
export const jsonArray = (items: string | null | undefined) => `[${items ?? ''}]`;

export const PUBLIC = `p.status = 'approved' and p.is_available`;

// Statement names for PostgreSQL's prepared statements: the same text always gets the same name.
export function statementName(text: string): string {
  let hash = 5381;
  for (let index = 0; index < text.length; index++) hash = (hash * 33) ^ text.charCodeAt(index);
  return `oja_${(hash >>> 0).toString(36)}_${text.length}`;
}

// A LIMIT written into the statement's text, not sent as a parameter. In a generic plan (decision 030) a
// parameter's LIMIT is unknown, and PostgreSQL then plans for a tenth of the rows the walk could return: on a
// million listings the home list's 25-row index walk was costed as 100,000 rows (about 109,000), past
// jit_above_cost, and every read spent about 16 ms compiling JIT code for 0.3 ms of work (decision 052).
// Written as a number, the estimate is the page's rows whatever the table's size. One prepared statement per
// page size (pageSize is at most 60).
// Note: only an integer the schema checked reaches the text; anything else throws before any SQL is sent.
export function literalLimit(rows: number): string {
  if (!Number.isSafeInteger(rows) || rows < 1 || rows > 100_000) throw new Error(`not a row limit: ${rows}`);
  return String(rows);
}

export class Params {
  readonly values: unknown[] = [];
  add(value: unknown, type: string): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }
}
