import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp, useTestApp } from '../../../test/helper';
import { useWebDist } from '../../../test/web-dist';

// A built web app with stylesheets: the first view carries the styles its frame uses in the HTML and
// names the stylesheets as preloads (decision 029); other pages keep their stylesheets as they are.
const INDEX_CSS = [
  ':root{--brand:#2e7d5b}',
  '.app-header{background:#fff}',
  '.product-card{overflow:hidden}',
  '.badge{display:inline-block}',
  '.text-bg-info{color:#fff}',
  '.product-gallery-main{background:#eee}',
  '@media (min-width:768px){.row-cols-md-3>*{width:33%}.modal-dialog{margin:auto}}',
  '.modal-dialog{max-width:500px}',
  '.admin-table{border:1px solid}',
].join('\n');
const HOME_CSS = '.product-card-title{display:block}\n.product-filters{gap:1rem}';

const dist = useWebDist({
  indexHtml:
    '<!doctype html><html lang="en"><head><title>Oja</title><script type="module" src="/assets/index-1.js"></script><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>' +
    '<body><div id="root"><header class="app-header">Oja</header><!--first-view-skeleton--><ul class="home"></ul><!--/first-view-skeleton--></div></body></html>',
  routeChunks: {
    home: { scripts: ['assets/home-1.js'], styles: ['assets/home-1.css'] },
    product: { scripts: ['assets/product-1.js'], styles: [] },
  },
  files: { 'assets/index-1.css': INDEX_CSS, 'assets/home-1.css': HOME_CSS },
});
const testApp = useTestApp({ config: { webDistDir: dist } });

const inlined = (html: string) => /<style id="first-view-style">([^<]*)<\/style>/.exec(html)?.[1] ?? null;

describe('the first view’s styles', () => {
  it('writes the rules the home page’s frame uses into the HTML, and lets its stylesheets load without waiting', async () => {
    const page = await testApp.app.inject({ url: '/' });
    const css = inlined(page.body);
    expect(css).not.toBeNull();
    // The rules of the frame's elements, from both stylesheets, media queries and variables included.
    for (const rule of [
      '--brand:#2e7d5b',
      '.app-header{',
      '.product-card{',
      '.product-card-title{',
      '.row-cols-md-3>*',
    ]) {
      expect(css).toContain(rule);
    }
    // Not the rules of elements the frame does not have.
    for (const rule of ['.admin-table', '.product-filters', '.modal-dialog', '.product-gallery-main']) {
      expect(css).not.toContain(rule);
    }
    // The stylesheets are fetched at once, as preloads the web app turns into stylesheets.
    expect(page.body).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/index-1.css" fetchpriority="low" data-first-view-style>',
    );
    expect(page.body).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/home-1.css" fetchpriority="low" data-first-view-style>',
    );
    expect(page.body).not.toContain('rel="stylesheet"');
    // The scripts too come after the first pictures: the frame does not need them. The entry script is
    // fetched at low priority; the scripts it imports wait in an inert template, which it moves into the
    // page once the first pictures are painted (decision 036).
    expect(page.body).toContain('<script type="module" fetchpriority="low" src="/assets/index-1.js">');
    const template = /<template id="first-view-scripts">(.*?)<\/template>/.exec(page.body);
    expect(template?.[1]).toContain('<link rel="modulepreload" href="/assets/home-1.js">');
    expect(page.body.replace(template?.[0] ?? '', '')).not.toContain('modulepreload');
    // After every stylesheet link, so that it never outranks a rule of theirs.
    expect(page.body.indexOf('<style id="first-view-style">')).toBeGreaterThan(
      page.body.indexOf('href="/assets/home-1.css"'),
    );
  });

  it('writes the product page’s own rules, a Free badge’s included', async () => {
    const page = await testApp.app.inject({ url: '/product/0b7e4f0e-6a3f-4a55-9d8e-2a3c1f0e9b11' });
    const css = inlined(page.body);
    expect(css).toContain('.product-gallery-main{');
    expect(css).toContain('.text-bg-info{');
    expect(css).not.toContain('.product-card-title');
    expect(page.body).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/index-1.css" fetchpriority="low" data-first-view-style>',
    );
  });

  it('sends the build’s files without the headers only a page obeys, and the page with them', async () => {
    const stylesheet = await testApp.app.inject({ url: '/assets/index-1.css' });
    expect(stylesheet.statusCode).toBe(200);
    expect(stylesheet.headers['x-content-type-options']).toBe('nosniff');
    expect(stylesheet.headers['cross-origin-resource-policy']).toBe('cross-origin');
    for (const header of ['content-security-policy', 'x-frame-options', 'strict-transport-security']) {
      expect(stylesheet.headers[header]).toBeUndefined();
    }
    const page = await testApp.app.inject({ url: '/' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    // An unknown address under /assets/ is answered with the app's page, which keeps them all.
    const fallback = await testApp.app.inject({ url: '/assets/no-such-page' });
    expect(fallback.headers['content-type']).toContain('text/html');
    expect(fallback.headers['content-security-policy']).toContain("script-src 'self'");
    expect(fallback.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('leaves the stylesheets of other pages as they are', async () => {
    const page = await testApp.app.inject({ url: '/login' });
    expect(inlined(page.body)).toBeNull();
    expect(page.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(page.body).not.toContain('data-first-view-style');
    expect(page.body).not.toContain('fetchpriority="low"');
  });
});

describe('the first view’s styles kept with the build (decision 033)', () => {
  const keptFile = path.join(dist, 'first-view-styles.json');
  type Kept = { key: string; styles: { home: string | null; product: string | null } };
  const homeCss = async () => {
    const app = await buildTestApp({ config: { webDistDir: dist } });
    try {
      return inlined((await app.app.inject({ url: '/' })).body);
    } finally {
      await app.close();
    }
  };

  it('are read from the build when they match it, and computed again when a stylesheet changed', async () => {
    await testApp.app.inject({ url: '/' });
    const kept = JSON.parse(readFileSync(keptFile, 'utf8')) as Kept;
    expect(kept.styles.home).toContain('.app-header{');

    // A boot on the same build takes what was kept instead of computing it.
    writeFileSync(
      keptFile,
      JSON.stringify({ key: kept.key, styles: { ...kept.styles, home: '.kept-with-build{color:red}' } }),
    );
    expect(await homeCss()).toBe('.kept-with-build{color:red}');

    // A new stylesheet: what was kept no longer matches, the rules come from the new one.
    writeFileSync(path.join(dist, 'assets/home-1.css'), `${HOME_CSS}\n.product-card-trust{gap:2px}`);
    try {
      const css = await homeCss();
      expect(css).toContain('.product-card-trust{');
      expect(css).not.toContain('.kept-with-build');
      expect((JSON.parse(readFileSync(keptFile, 'utf8')) as Kept).styles.home).toContain(
        '.product-card-trust{',
      );
    } finally {
      writeFileSync(path.join(dist, 'assets/home-1.css'), HOME_CSS);
    }
  });
});
