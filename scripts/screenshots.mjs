// `npm run screenshots`: the README's pictures of the app on a 360 px phone (docs/screenshots/*.png): home,
// a product, a search and the checkout, on the built server with the demo data. Run it again after a visual
// change; the pictures are made from the app as it is, nothing is drawn by hand.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startBuiltServer } from './lib/built-server.mjs';

/* global document, window -- page functions run in the browser */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'docs/screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
// A demo buyer (apps/api/src/db/seed/demo.ts).
const BUYER = { email: 'tunde@demo.oja.ng', password: 'demo-password-2' };

mkdirSync(outDir, { recursive: true });
const server = await startBuiltServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
try {
  const login = await (
    await fetch(`${server.baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BUYER),
    })
  ).json();
  const { token, user } = login.data;
  const list = await (await fetch(`${server.baseUrl}/api/products?pageSize=24&tag=For%20sale`)).json();
  // A listing for sale by someone else, so that the buyer can check it out.
  const product = list.data.find((card) => card.user.username !== user.username);
  if (!product) throw new Error('the demo data has no listing for sale by another seller');

  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const shoot = async (name, url, ready) => {
    await page.goto(`${server.baseUrl}${url}`, { waitUntil: 'networkidle' });
    await page.locator(ready).first().waitFor();
    // Every picture on the first screen has arrived.
    await page.waitForFunction(() =>
      [...document.images]
        .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
        .every((image) => image.complete),
    );
    await page.screenshot({ path: path.join(outDir, `${name}.png`) });
    console.log(`docs/screenshots/${name}.png`);
  };

  await shoot('home', '/', 'article.product-card');
  await shoot('product', `/product/${product.id}`, 'article h1');
  await shoot(
    'search',
    `/search?q=${encodeURIComponent(product.title.split(' ')[0] ?? '')}`,
    'article.product-card',
  );
  // The checkout is for a logged-in buyer: the session the web app keeps after logging in.
  const { products: _products, ...sessionUser } = user;
  await context.addInitScript((session) => localStorage.setItem('oja.session', JSON.stringify(session)), {
    token,
    user: sessionUser,
  });
  await shoot('checkout', `/checkout?product=${product.id}`, 'main h1');
  await context.close();
} finally {
  await browser.close();
  server.stop();
}
