import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, main, newSession } from './support/browser';
import { approveThroughApi, listingThroughApi, verifiedSeller } from './support/seller';

// Every page is drawn by the server with the app itself (decision 060): usable before any script, and the
// app then hydrates that markup instead of drawing it again.

const PHONE = { width: 360, height: 740 };

let browser: Browser;
let seller: Awaited<ReturnType<typeof verifiedSeller>>;
let listing: { id: string };
// A word only this file's listing carries, so that a search finds it and nothing else.
const word = `Zobo${Date.now().toString(36)}`;
const title = `${word} wrapper skirt`;

beforeAll(async () => {
  browser = await launchBrowser();
  seller = await verifiedSeller();
  listing = await listingThroughApi(seller, title);
  await approveThroughApi(listing.id);
});
afterAll(async () => {
  await browser.close();
});

describe('with JavaScript disabled', () => {
  async function noScriptPage(): Promise<Page> {
    const session = await newSession(browser, { javaScriptEnabled: false, viewport: PHONE });
    return session.page;
  }

  it('searches a word from the home page and opens the result', async () => {
    const page = await noScriptPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      "Don't trash it. Sell it or donate it.",
    );
    await page.getByRole('searchbox', { name: 'Search for items' }).fill(word);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === word);
    const result = main(page).getByRole('link', { name: title });
    await expect(result.count()).resolves.toBe(1);
    await result.click();
    await page.waitForURL(`**/product/${listing.id}`);
    await expect(main(page).getByRole('heading', { level: 1 }).textContent()).resolves.toBe(title);
    await expect(main(page).getByText('₦7,500').count()).resolves.toBeGreaterThan(0);
  });

  it('opens a category from the home page', async () => {
    const page = await noScriptPage();
    await page.goto('/');
    await main(page)
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: 'Clothes' })
      .click();
    await page.waitForURL((url) => url.searchParams.get('category') === 'Clothes');
    await expect(main(page).getByRole('heading', { level: 2 }).first().textContent()).resolves.toBe(
      'Clothes',
    );
    await expect(main(page).getByRole('link', { name: title }).count()).resolves.toBe(1);
  });

  it('opens a product from the home page and follows Buy to the login page', async () => {
    const page = await noScriptPage();
    await page.goto('/');
    await main(page).getByRole('link', { name: title }).first().click();
    await page.waitForURL(`**/product/${listing.id}`);
    await expect(main(page).getByRole('heading', { level: 1 }).textContent()).resolves.toBe(title);
    await main(page).getByRole('button', { name: 'Buy now' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/checkout?product=${listing.id}`);
    await expect(main(page).getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Log in');
    await expect(main(page).getByLabel('Email address').count()).resolves.toBe(1);
  });
});

it("does not serve the web build's server bundle or its manifest", async () => {
  const { baseUrl, context } = await newSession(browser);
  for (const path of ['/server/entry-server.js', '/.vite/manifest.json']) {
    const response = await fetch(`${baseUrl}${path}`);
    expect({ path, status: response.status }).toEqual({ path, status: 404 });
  }
  await context.close();
});

describe('hydration', () => {
  const pages = () => [
    '/',
    '/?category=Clothes',
    `/search?q=${word}`,
    `/product/${listing.id}`,
    `/seller/${seller.username}`,
    '/about',
    '/terms',
    '/privacy',
  ];

  for (const language of ['en', 'fr', 'es']) {
    it(`keeps the server's markup and logs no warning on every public page (${language})`, async () => {
      const { page, context, baseUrl } = await newSession(browser, { viewport: PHONE });
      await context.addCookies([{ name: 'lang', value: language, url: baseUrl }]);
      const logged: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') logged.push(message.text());
      });
      page.on('pageerror', (error) => logged.push(error.message));
      // The server's page shell, noted before any script runs: hydration keeps that very element.
      await context.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { drawn: Element | null }).drawn = document.querySelector('.app-shell');
        });
      });
      for (const path of pages()) {
        logged.length = 0;
        await page.goto(path);
        await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
        await page.waitForLoadState('networkidle');
        const state = await page.evaluate(() => ({
          ready: document.documentElement.dataset.appReady,
          lang: document.documentElement.lang,
          kept:
            (window as unknown as { drawn: Element | null }).drawn === document.querySelector('.app-shell'),
        }));
        expect({ path, ...state, logged }).toEqual({
          path,
          ready: 'hydrated',
          lang: language,
          kept: true,
          logged: [],
        });
      }
    });
  }
});
