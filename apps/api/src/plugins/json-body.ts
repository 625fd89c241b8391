import type { FastifyInstance } from 'fastify';

// Requests as clients send them (DESIGN.md): fetch helpers and axios send `Content-Type: application/json`
// with no body on a DELETE or PATCH. Such an empty (or blank) body is read as no body, on every route; a
// malformed non-empty body is still a 400. Everything else is Fastify's own JSON parser, with its guard
// against prototype poisoning.
export function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
