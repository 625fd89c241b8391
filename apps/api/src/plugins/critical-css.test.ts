import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { criticalCss } from './critical-css';

const dir = mkdtempSync(path.join(tmpdir(), 'critical-css-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(path.join(dir, 'app.css'), '.card{color:red}.unused-thing{color:blue}');

const page = (body: string) =>
  `<!doctype html><html><head><style>.own{display:none}</style><link rel="stylesheet" href="/app.css"></head><body>${body}</body></html>`;

it("writes the rules a page uses into its head, keeps the page's own <style>, and moves the stylesheet to the end", async () => {
  const inline = criticalCss(dir, { warn: () => undefined } as unknown as FastifyBaseLogger);
  const html = await inline(page('<div class="card">Hi</div>'), 'home');
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]);
  expect(styles).toEqual(['.own{display:none}', expect.stringContaining('.card')]);
  expect(styles[1]).not.toContain('.unused-thing');
  expect(html).toContain('<link data-late-style disabled rel="stylesheet" href="/app.css">');
  expect(html).toContain('<noscript><link rel="stylesheet" href="/app.css"></noscript></body>');
});

it('finds the rules again for a page of the same kind that uses other classes (a gallery with thumbnails)', async () => {
  writeFileSync(path.join(dir, 'app.css'), '.card{color:red}.thumbs{display:flex;height:72px}');
  const inline = criticalCss(dir, { warn: () => undefined } as unknown as FastifyBaseLogger);
  const onePicture = await inline(page('<div class="card">One</div>'), 'product');
  expect(onePicture).not.toContain('.thumbs');
  const severalPictures = await inline(
    page('<div class="card">Two</div><ul class="thumbs"></ul>'),
    'product',
  );
  expect(severalPictures).toContain('.thumbs{');
  // The same shape again: the rules found before.
  const another = await inline(page('<div class="card">Three</div>'), 'product');
  expect(another).not.toContain('.thumbs');
});
