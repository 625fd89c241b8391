import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../config';
import { bearer, registerUser, useTestApp } from '../../test/helper';

// A web build whose server bundle writes down each page it draws (its language, address and how many pages
// it has drawn), so that a page served again without being drawn shows.
const dist = mkdtempSync(path.join(tmpdir(), 'oja-render-'));
const inlineScript = `window.earlyTaps = [];`;
beforeAll(() => {
  mkdirSync(path.join(dist, 'server'));
  mkdirSync(path.join(dist, '.vite'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'index.css'), 'p{color:#123456}.never-drawn{color:#abcdef}');
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Oja</title>` +
      `<link rel="stylesheet" crossorigin href="/assets/index.css">` +
      `<script>${inlineScript}</script><script type="module" src="/assets/index.js"></script></head>` +
      `<body><div id="root"><!--app--></div></body></html>`,
  );
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
  writeFileSync(
    path.join(dist, 'server', 'entry-server.js'),
    `let drawn = 0;
export async function render({ url, language, fetchApi }) {
  drawn += 1;
  // A page that reads the API (as the app's pages do), asked for with ?reads.
  if (url.includes('reads')) await fetchApi('/api/site-config');
  // A page that draws its own title inside its markup, where Preact leaves it (decision 069): ?titled.
  const title = url.includes('titled') ? '<main><title>Terms · Oja</title></main>' : '';
  // A page drawn as not found (an address no page has, a listing that is not there): ?missing.
  const status = url.includes('missing') ? 404 : 200;
  return { kind: 'page', status, html: '<p>' + language + ' ' + url + ' drawing ' + drawn + '</p>' + title + 'x'.repeat(2000), sources: [], state: {}, router: {}, words: { [language]: { home: { title: 'Oja </script><p>' } } } };
}`,
  );
});

const testApp = useTestApp({ config: { webDistDir: dist }, env: { PUBLIC_CACHE_MS: '60000' } });

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await testApp.app.inject({ url, headers });
  const drawing = /<p>(\w+) (\S+) drawing (\d+)<\/p>/.exec(response.body);
  return {
    status: response.statusCode,
    cache: response.headers['x-page-cache'],
    drawn: drawing ? `${drawing[1]} ${drawing[2]} #${drawing[3]}` : null,
  };
}

describe("the server's pages", () => {
  it('lets run the inline script of index.html, and no other', async () => {
    const response = await testApp.app.inject({ url: '/about' });
    const scriptSources = String(response.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('script-src '));
    const hash = createHash('sha256').update(inlineScript).digest('base64');
    expect(scriptSources).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('paints without waiting for the stylesheet: the rules the page uses in its head, the stylesheet after it', async () => {
    const html = (await testApp.app.inject({ url: '/terms' })).body;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<style>p{color:#123456}</style>');
    expect(html).not.toContain('.never-drawn{color:#abcdef}');
    expect(head).not.toContain('rel="stylesheet"');
    // After the page, inert until the app has started (decision 072), and for a browser without scripts as
    // it is.
    const late = '<link data-late-style disabled rel="stylesheet" crossorigin href="/assets/index.css">';
    expect(html.indexOf(late)).toBeGreaterThan(html.indexOf('</template>'));
    expect(html).toContain(
      '<noscript><link rel="stylesheet" crossorigin href="/assets/index.css"></noscript></body>',
    );
  });

  it('carries the words the page was drawn with in its state, and names no words file to download', async () => {
    const html = (await testApp.app.inject({ url: '/terms', headers: { 'accept-language': 'fr' } })).body;
    const state = /<script type="application\/json" id="app-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(state ?? 'null')).toMatchObject({
      words: { fr: { home: { title: 'Oja </script><p>' } } },
    });
    expect(html).not.toContain('words-');
  });

  it("keeps index.html's title only for a page that draws none of its own", async () => {
    const titles = async (url: string) =>
      (await testApp.app.inject({ url })).body.match(/<title>[^<]*<\/title>/g);
    await expect(titles('/terms?titled')).resolves.toEqual(['<title>Terms · Oja</title>']);
    await expect(titles('/terms')).resolves.toEqual(['<title>Oja</title>']);
  });

  it('serves a page drawn for a signed-out reader again to the next one, without drawing it', async () => {
    const first = await page('/search?q=zobo');
    expect(first).toMatchObject({ status: 200, cache: 'miss' });
    await expect(page('/search?q=zobo')).resolves.toEqual({ ...first, cache: 'hit' });
    // Another address is another page.
    const other = await page('/search?q=ankara');
    expect(other).toMatchObject({ cache: 'miss', drawn: expect.stringMatching(/^en \/search\?q=ankara #/) });
    expect(other.drawn).not.toBe(first.drawn);
  });

  it('answers a page drawn as not found with 404, and draws it again each time', async () => {
    const first = await page('/product/missing');
    expect(first).toMatchObject({ status: 404, drawn: expect.stringMatching(/^en \/product\/missing #/) });
    const second = await page('/product/missing');
    expect(second.status).toBe(404);
    expect(second.drawn).not.toBe(first.drawn);
  });

  it('keeps a copy per language', async () => {
    const english = await page('/about');
    const french = await page('/about', { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(french).toMatchObject({ cache: 'miss', drawn: expect.stringMatching(/^fr \/about #/) });
    await expect(page('/about', { cookie: 'lang=fr' })).resolves.toEqual({ ...french, cache: 'hit' });
    await expect(page('/about', { 'accept-language': 'en' })).resolves.toEqual({ ...english, cache: 'hit' });
  });

  it('never keeps or serves a kept page to a request that brings a credential', async () => {
    const { token } = await registerUser(testApp.app);
    const signedOut = await page('/cart');
    for (const headers of [bearer(token), { cookie: 'lang=en; session=abc' }]) {
      const first = await page('/cart', headers);
      const second = await page('/cart', headers);
      expect([first.cache, second.cache]).toEqual([undefined, undefined]);
      expect(new Set([first.drawn, second.drawn, signedOut.drawn]).size).toBe(3);
    }
  });

  it('draws the page again after a change, and compresses a kept page as the reader asks', async () => {
    await page('/terms');
    await expect(page('/terms')).resolves.toMatchObject({ cache: 'hit' });
    await registerUser(testApp.app);
    await expect(page('/terms')).resolves.toMatchObject({ cache: 'miss' });
    const zipped = await testApp.app.inject({ url: '/terms', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers).toMatchObject({ 'x-page-cache': 'hit', 'content-encoding': 'gzip' });
    expect(gunzipSync(zipped.rawPayload).toString()).toMatch(/<p>en \/terms drawing \d+<\/p>/);
  });
});

describe('a page drawn while the API refused the reader', () => {
  // One API request per minute for each address: the second page's reply is refused (429).
  const limited = useTestApp({
    config: { webDistDir: dist, rateLimits: { ...defaultRateLimits, general: { max: 1, windowMs: 60_000 } } },
    env: { PUBLIC_CACHE_MS: '60000' },
  });

  it('is never kept for other readers', async () => {
    const draw = async (url: string) => (await limited.app.inject({ url })).headers['x-page-cache'];
    expect([await draw('/?reads=1'), await draw('/?reads=1')]).toEqual(['miss', 'hit']);
    expect([await draw('/?reads=2'), await draw('/?reads=2')]).toEqual(['miss', 'miss']);
  });
});
