import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';

let testApp: TestApp;
const script = `console.log(${JSON.stringify('oja '.repeat(2000))});`;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'oja-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><title>Oja</title></head><body>${'<p>Oja</p>'.repeat(200)}<div id="root"></div></body></html>`,
  );
  writeFileSync(path.join(dist, 'assets', 'app-abc.js'), script);
  writeFileSync(path.join(dist, 'assets', 'app-abc.js.br'), brotliCompressSync(script));
  testApp = await buildTestApp({ config: { webDistDir: dist } });
});
afterAll(async () => {
  await testApp.close();
});

describe('compression for slow networks', () => {
  it('serves the Brotli file the build wrote, when the browser accepts it', async () => {
    const response = await testApp.app.inject({
      url: '/assets/app-abc.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('compresses API replies and pages, and sends them plain to a client that asks for nothing', async () => {
    const page = await testApp.app.inject({
      url: '/product/anything',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toContain('<div id="root">');

    const docs = await testApp.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(docs.rawPayload).toString()).openapi).toMatch(/^3/);

    const plain = await testApp.app.inject({ url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});
