import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { useTestApp } from '../../../test/helper';
import { jpegWithExif } from '../../../test/fixtures';
import { sellerListing } from '../../../test/listings';
import { useWebDist } from '../../../test/web-dist';

// A built web app as far as the first view needs it: index.html with the frame's markers, and the page
// scripts the build names (apps/web/vite.config.ts, route-chunks.json).
const dist = useWebDist({
  indexHtml:
    '<!doctype html><html lang="en"><head><title>Oja</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"><!--first-view-skeleton--><ul class="home"></ul><!--/first-view-skeleton--></div></body></html>',
  routeChunks: {
    home: { scripts: ['assets/home-1.js', 'assets/product-grid-1.js'], styles: ['assets/home-1.css'] },
    product: { scripts: ['assets/product-1.js'], styles: [] },
  },
});
const testApp = useTestApp({ config: { webDistDir: dist } });

// An approved listing with a 1000×750 photo (its pictures come in 320, 640 and 1000 wide); its id.
async function approvedListing(title: string) {
  const picture = await jpegWithExif(1000, 750);
  const { product } = await sellerListing(testApp.app, {
    fields: { title, condition: 'New' },
    picture,
    approved: true,
  });
  return product.id;
}

// The JSON data block the page carries, read back as the browser would.
function dataBlock(html: string) {
  const match = /<script type="application\/json" id="first-view-data">([^<]*)<\/script>/.exec(html);
  return match?.[1]
    ? (JSON.parse(match[1]) as { name: string; renderedAt: number; body: { data: unknown } })
    : null;
}

describe('the first view of a page', () => {
  it('gives the home page its script, its first list of cards and its first pictures in the HTML', async () => {
    await approvedListing('Older dress');
    await approvedListing('Newest dress </script><script>alert(1)</script>');
    const page = await testApp.app.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<link rel="modulepreload" href="/assets/home-1.js">');
    expect(page.body).toContain('<link rel="modulepreload" href="/assets/product-grid-1.js">');
    expect(page.body).toContain('<link rel="stylesheet" href="/assets/home-1.css">');
    expect(page.body).not.toContain('/assets/product-1.js');

    // The same reply the API gives the home page's first call.
    const api = await testApp.app.inject({ url: '/api/products?pageSize=12' });
    const block = dataBlock(page.body);
    expect(block).toMatchObject({ name: 'home', body: api.json() });
    // A title cannot close the data block, nor add markup to the cards drawn in the frame.
    expect(page.body).not.toContain('</script><script>alert(1)');
    // The first cards are drawn in the frame itself, before any script: newest first, as links.
    const cards = page.body.match(/<article class="card h-100 product-card">[\s\S]*?<\/article>/g) ?? [];
    expect(cards).toHaveLength(2);
    expect(cards[0]).toContain('Newest dress &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(cards[0]).toContain('₦5,000');
    expect(cards[0]).toMatch(/<a href="\/product\/[0-9a-f-]+" class="stretched-link/);
    expect(cards[0]).toContain('fetchpriority="high"');
    expect(page.body).not.toContain('<ul class="home">');
    // Above and below the cards, what the app draws there, so nothing moves when it takes over: the hero,
    // the category bar as plain links, the grid's title, and the upload card after the first line.
    expect(page.body).toContain(
      '<h1 class="fw-bold mb-1 mb-md-2">Don&#39;t trash it. Sell it or donate it.</h1>',
    );
    const categories = [...page.body.matchAll(/<a href="([^"]*)" class="nav-link[^"]*"[^>]*>([^<]*)<\/a>/g)];
    expect(categories.map((link) => [link[1], link[2]])).toEqual([
      ['/', 'All'],
      ['/?category=Clothes', 'Clothes'],
      ['/?category=Household-Items', 'Household Items'],
      ['/?category=Accessories', 'Accessories'],
      ['/?category=Electronics', 'Electronics'],
    ]);
    expect(page.body).toContain('<h2 id="home-grid-title" class="h4 mb-3">Recommended</h2>');
    expect(page.body.indexOf('upload-card')).toBeGreaterThan(page.body.lastIndexOf('product-card'));
    expect(page.body).toContain('<a href="/upload?mode=sell" class="btn btn-primary">Sell It</a>');

    const preloads = page.body.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(preloads).toHaveLength(2);
    expect(preloads[0]).toContain('fetchpriority="high"');
    expect(preloads[0]).toMatch(
      /imagesrcset="http:\/\/oja\.test\/media\/images\/[0-9a-f-]+-320\.webp 320w, [^"]+-640\.webp 640w, [^"]+-1000\.webp 1000w"/,
    );
    expect(preloads[0]).toContain('imagesizes="(min-width: 1400px) 312px');
  });

  it('gives a product page its script, its listing, its main picture and a frame of its shape', async () => {
    const id = await approvedListing('Shared on WhatsApp');
    const page = await testApp.app.inject({ url: `/product/${id}` });
    expect(page.body).toContain('<link rel="modulepreload" href="/assets/product-1.js">');
    expect(page.body).not.toContain('/assets/home-1.js');
    expect(page.body).toContain('<h1 class="h3 mb-2">Shared on WhatsApp</h1>');
    expect(page.body).toMatch(
      /<div class="ratio ratio-4x3 product-gallery-main first-view-block mb-2"><img src="http:\/\/oja\.test\/media\/images\/[0-9a-f-]+-320\.webp"/,
    );
    expect(page.body).not.toContain('<ul class="home">');
    const api = await testApp.app.inject({ url: `/api/products/${id}` });
    expect(dataBlock(page.body)).toMatchObject({ name: `product:${id}`, body: api.json() });
    expect(page.body.match(/<link rel="preload" as="image"[^>]*>/g)).toHaveLength(1);
    // One picture: no row of thumbnails under it, as in the app.
    expect(page.body).not.toContain('product-gallery-thumbs');
  });

  it('draws the first line of cards the phone shows (2), and the third and fourth only from wider screens', async () => {
    for (const title of ['First', 'Second', 'Third', 'Fourth', 'Fifth']) await approvedListing(title);
    const page = await testApp.app.inject({ url: '/' });
    const items = page.body.match(/<li class="col[^"]*"><article class="card h-100 product-card">/g) ?? [];
    expect(items.map((item) => /class="(col[^"]*)"/.exec(item)?.[1])).toEqual([
      'col',
      'col',
      'col d-none d-md-block',
      'col d-none d-lg-block',
    ]);
    // A category's page is not the home list: it keeps the plain frame, not the home page's cards.
    const category = await testApp.app.inject({ url: '/?category=Clothes' });
    expect(category.body).toContain('<ul class="home">');
    expect(category.body).not.toContain('product-card');
    // A value that is no category is ignored, by the app too: the home page.
    for (const url of ['/?category=', '/?category=Shoes']) {
      expect((await testApp.app.inject({ url })).body).toContain('<h2 id="home-grid-title"');
    }
  });

  it('carries no data for a listing the public cannot see, and leaves other pages alone', async () => {
    const id = await approvedListing('Pending again');
    await testApp.app.db.update(products).set({ status: 'pending' }).where(eq(products.id, id));
    const hidden = await testApp.app.inject({ url: `/product/${id}` });
    expect(hidden.statusCode).toBe(200);
    expect(dataBlock(hidden.body)).toBeNull();
    expect(hidden.body).not.toContain('Pending again');
    expect(hidden.body).toContain('first-view-line');

    const login = await testApp.app.inject({ url: '/login' });
    expect(dataBlock(login.body)).toBeNull();
    expect(login.body).not.toContain('modulepreload');
  });

  it('draws the first view in the reader’s language: the lang cookie, else Accept-Language, else English', async () => {
    const donated = await approvedListing('Baby clothes');
    await testApp.app.db
      .update(products)
      .set({ tag: 'Donate', price: null, priceCategory: null })
      .where(eq(products.id, donated));
    const card = (html: string) =>
      (html.match(/<article class="card h-100 product-card">[\s\S]*?<\/article>/g) ?? []).find((found) =>
        found.includes('Baby clothes'),
      ) ?? '';

    const french = await testApp.app.inject({
      url: '/',
      headers: { cookie: 'session=x; lang=fr', 'accept-language': 'es-ES,es;q=0.9' },
    });
    expect(french.body).toContain('<html lang="fr">');
    expect(french.headers['content-language']).toBe('fr');
    expect(card(french.body)).toContain('<span class="badge text-bg-info">Gratuit (don)</span>');
    expect(card(french.body)).toContain('<span class="visually-hidden">Lieu: </span>');
    expect(card(french.body)).toContain('<span class="visually-hidden">Publiée le: </span>');
    const posted = new Intl.DateTimeFormat('fr', { dateStyle: 'medium' }).format(new Date());
    expect(card(french.body)).toContain(`>${posted}</time>`);
    expect(card(french.body)).toContain('Banque vérifiée');
    expect(french.body).toContain('>Ne le jetez pas. Vendez-le ou donnez-le.</h1>');
    expect(french.body).toContain('<a href="/?category=Clothes" class="nav-link">Vêtements</a>');

    const spanish = await testApp.app.inject({
      url: `/product/${donated}`,
      headers: { 'accept-language': 'de-DE, es;q=0.8, en;q=0.5' },
    });
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain(
      '<h1 class="h3 mb-2">Baby clothes</h1><p class="fs-4 mb-3"><span class="badge text-bg-info">Gratis (donación)</span></p>',
    );

    // A cookie naming no language of ours, and a browser asking for none: English.
    const english = await testApp.app.inject({
      url: '/',
      headers: { cookie: 'lang=de', 'accept-language': 'yo-NG' },
    });
    expect(english.body).toContain('<html lang="en">');
    expect(card(english.body)).toContain('Free (donation)');
    expect(card(english.body)).toContain('Bank verified');

    // Every page is in the reader's language and says what it varies by, so that no cache on the way
    // serves one language's page to another.
    for (const page of [
      french,
      spanish,
      english,
      await testApp.app.inject({ url: '/login', headers: { cookie: 'lang=es' } }),
    ]) {
      expect(page.headers.vary).toBe('Cookie, Accept-Language');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const login = await testApp.app.inject({ url: '/login', headers: { cookie: 'lang=es' } });
    expect(login.body).toContain('<html lang="es">');
    expect(login.headers['content-language']).toBe('es');
  });
});
