// Note: what the log must never hold (issue 27, decision 047). Whoever reads the log must not be able to act
// as a user with what it holds: a sign-in link's or a reset link's token, a live events ticket, a session
// token, a password, a payment reference (GET /api/transaction/verify/{reference} answers anyone who has it).

const REDACTED = '[redacted]';

// Query parameters that carry a bearer secret, by name (any case): the sign-in link (`link`), the reset link
// (`token`), the live events ticket, keys, and the payment reference Paystack appends to the callback page
// (`reference`, `trxref`).
const SECRET_PARAMETERS =
  /([?&](?:link|token|ticket|key|reference|trxref|password|secret|signature|access_token|refresh_token)=)[^&#]*/gi;

// Paths whose segment is itself the secret: the payment reference of the unauthenticated verification, the
// signed-in one (the same reference), and the sandbox's payment page.
const SECRET_PATH_SEGMENTS =
  /(\/api\/(?:transaction\/verify|verify-transaction|payment\/sandbox)\/)[^/?#]+/gi;

// A URL (a request's, as sent, or one inside a message) with its secrets replaced.
export function redactSecrets(url: string): string {
  return url.replace(SECRET_PARAMETERS, `$1${REDACTED}`).replace(SECRET_PATH_SEGMENTS, `$1${REDACTED}`);
}

// pino's own redaction, for fields a log line may carry: request and reply headers, and any secret field a
// call site logs (a reference keeps its last 4 characters, enough to tell two apart in support).
const SECRET_FIELDS = [
  'password',
  'confirmPassword',
  'newPassword',
  'token',
  'link',
  'ticket',
  'secret',
  'authorization',
  'cookie',
];
export const logRedaction = {
  paths: [
    ...SECRET_FIELDS,
    ...SECRET_FIELDS.map((field) => `*.${field}`),
    'req.headers.authorization',
    'req.headers.cookie',
    'req.headers["x-paystack-signature"]',
    'res.headers["set-cookie"]',
    'headers.authorization',
    'headers.cookie',
    'reference',
    '*.reference',
  ],
  censor: (value: unknown, path: string[]) =>
    path[path.length - 1] === 'reference' && typeof value === 'string' && value.length > 8
      ? `…${value.slice(-4)}`
      : REDACTED,
};
