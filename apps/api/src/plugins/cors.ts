import type { FastifyInstance } from 'fastify';

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type';

// CORS for the web clients of other origins named in CORS_ORIGINS (none by default). Registered inside the
// /api scope. A listed origin gets Access-Control-Allow-Origin on every reply (errors included, so a
// client can read a 401's message) and an answer to its preflight; any other origin gets no CORS header,
// so the browser keeps the reply from it.
// Note: no credentials are allowed: the API authenticates with a bearer token, never with cookies. The
// login routes' device cookies (decision 048) serve our own same-origin pages; other origins are unknown devices.
export function registerCors(api: FastifyInstance, origins: readonly string[]) {
  const allowed = new Set(origins);
  const isAllowed = (origin: string | undefined): origin is string =>
    origin !== undefined && allowed.has(origin);

  api.addHook('onRequest', async (request, reply) => {
    if (allowed.size > 0) reply.header('vary', 'Origin');
    if (isAllowed(request.headers.origin))
      reply.header('access-control-allow-origin', request.headers.origin);
  });

  // Preflights (OPTIONS with Access-Control-Request-Method) for every API path.
  api.options('/*', { schema: { hide: true } }, async (request, reply) => {
    if (isAllowed(request.headers.origin) && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', ALLOWED_METHODS);
      reply.header('access-control-allow-headers', ALLOWED_HEADERS);
      reply.header('access-control-max-age', '600');
    }
    return reply.status(204).send();
  });
}
