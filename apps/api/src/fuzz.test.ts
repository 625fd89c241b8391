import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginAsAdmin, verifiedSeller, type TestApp } from '../test/helper';

// Every route of the OpenAPI description, sent malformed bodies, queries and ids, as a visitor, a user
// and an admin: bad input is always a 4xx, never a 5xx (issue 9).
let testApp: TestApp;
let userToken: string;
let adminToken: string;
beforeAll(async () => {
  testApp = await buildTestApp();
  ({ token: adminToken } = await loginAsAdmin(testApp.app));
  ({ token: userToken } = await verifiedSeller(testApp.app));
});
afterAll(async () => {
  await testApp.close();
});

type Operation = { parameters?: { name: string; in: string }[]; requestBody?: unknown };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const weirdValues = [
  "'",
  '%00',
  '\u0000',
  'x'.repeat(5000),
  '-1',
  '1e309',
  'NaN',
  '[]',
  '{}',
  'null',
  '😀',
  '+23:59',
  '../../etc/passwd',
  '0000-00-00',
];

// Bodies a careless or hostile client sends: broken JSON, the wrong shapes, wrong types in every field.
function bodiesFor(fieldNames: string[]): { payload: string; contentType: string }[] {
  const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json' });
  const everyField = (value: unknown) => json(Object.fromEntries(fieldNames.map((name) => [name, value])));
  return [
    { payload: '{"broken": ', contentType: 'application/json' },
    { payload: 'not json at all', contentType: 'application/json' },
    { payload: '', contentType: 'application/json' },
    { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    {
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n',
      contentType: 'multipart/form-data; boundary=x',
    },
    { payload: 'plain', contentType: 'text/plain' },
    json(null),
    json([]),
    json('string'),
    json(42),
    json({}),
    everyField(null),
    everyField(Number.MAX_SAFE_INTEGER * 1024),
    everyField(-1),
    everyField(true),
    everyField({ nested: { deeper: [1, 2, 3] } }),
    everyField(['a', 'b']),
    everyField('\u0000'),
    everyField('x'.repeat(20_000)),
    everyField('😀'),
    everyField('2025-13-45T99:99:99+23:59'),
  ];
}

function fieldNamesOf(operation: Operation): string[] {
  const body = operation.requestBody as
    { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } | undefined;
  const names = new Set<string>();
  for (const media of Object.values(body?.content ?? {}))
    for (const name of Object.keys(media.schema?.properties ?? {})) names.add(name);
  return [...names];
}

describe('every route of the OpenAPI description, fed malformed input', () => {
  it('answers with a 4xx (or a success), never a 5xx', async () => {
    const docs = await testApp.app.inject({ url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const spec = docs.json<OpenApi>();
    const failures: string[] = [];
    let requests = 0;
    const routes = Object.entries(spec.paths);
    expect(routes.length).toBeGreaterThan(30);

    for (const [template, methods] of routes) {
      for (const [method, operation] of Object.entries(methods)) {
        const upper = method.toUpperCase();
        if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
        const queryNames = (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => parameter.name);
        const fieldNames = fieldNamesOf(operation);
        const ids = [
          '00000000-0000-4000-8000-000000000000',
          'not-a-uuid',
          "1'%20or%201=1",
          '%00',
          'x'.repeat(300),
        ];
        const queries = weirdValues.map(
          (value) =>
            `?${(queryNames.length > 0 ? queryNames : ['q']).map((name) => `${name}=${encodeURIComponent(value)}`).join('&')}`,
        );
        const bodies = upper === 'GET' || upper === 'DELETE' ? [undefined] : bodiesFor(fieldNames);
        const defaultBody = bodies.find((body) => body?.payload === '{}');
        // Malformed bodies, then malformed queries, then malformed ids, each as a visitor, a user and an admin.
        const cases: { path: string; body: (typeof bodies)[number] }[] = [
          ...bodies.map((body) => ({ path: template.replace(/\{[^}]+\}/g, ids[0] ?? ''), body })),
          ...queries.map((query) => ({
            path: `${template.replace(/\{[^}]+\}/g, ids[0] ?? '')}${query}`,
            body: defaultBody,
          })),
          ...(template.includes('{')
            ? ids.slice(1).map((id) => ({ path: template.replace(/\{[^}]+\}/g, id), body: defaultBody }))
            : []),
        ];
        for (const token of [undefined, userToken, adminToken]) {
          for (const { path, body } of cases) {
            requests += 1;
            const response = await testApp.app.inject({
              method: upper as 'GET',
              url: path,
              headers: {
                ...(token ? bearer(token) : {}),
                ...(body ? { 'content-type': body.contentType } : {}),
              },
              ...(body ? { payload: body.payload } : {}),
            });
            if (response.statusCode >= 500) {
              failures.push(
                `${upper} ${path.slice(0, 100)} ${body?.payload.slice(0, 60) ?? ''} → ${response.statusCode} ${response.body.slice(0, 120)}`,
              );
            }
          }
        }
      }
    }
    expect(requests).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 600_000);
});
