import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { launchBrowser, main, newSession } from './support/browser';
import { listingThroughApi, verifiedSeller } from './support/seller';

let browser: Browser;
let title: string;
let productId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  title = `Offline lamp ${Date.now().toString(36)}`;
  const seller = await verifiedSeller();
  productId = (await listingThroughApi(seller, title)).id;
  const admin = inject('admin');
  const login = await fetch(`${inject('baseUrl')}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const approved = await fetch(`${inject('baseUrl')}/api/adminProduct/${productId}/status`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${data.token}` },
    body: JSON.stringify({ status: 'approved' }),
  });
  expect(approved.status).toBe(200);
});
afterAll(async () => {
  await browser.close();
});

// Request routing does not see what a service worker fetches, so the chunk tests run without one.
async function contextWithoutServiceWorker(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: { width: 360, height: 740 },
    serviceWorkers: 'block',
  });
  context.setDefaultTimeout(15_000);
  return { context, page: await context.newPage() };
}

// Moves to a page inside the running app, as a link would, so its script is loaded on demand.
// The home page, once the app has hydrated it (decision 060): its scripts are all in before a test makes
// one of the next page's fail.
async function openHome(page: Page) {
  await page.goto('/');
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

async function openInApp(page: Page, path: string) {
  // The app has taken the server's page over (decision 060): its router handles the change.
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

describe('a page whose script does not load', () => {
  it('tries again and opens the page when the connection comes back', async () => {
    const { context, page } = await contextWithoutServiceWorker();
    await openHome(page);
    let failures = 0;
    await page.route('**/assets/search-*.js', async (route) => {
      if (failures < 1) {
        failures += 1;
        return route.abort('internetdisconnected');
      }
      return route.continue();
    });
    await openInApp(page, '/search?q=lamp');
    // The search page's own title: the home page, still shown while the page's script loads, has an h1 too.
    await main(page).getByRole('heading', { level: 1, name: /lamp/ }).waitFor();
    expect(failures).toBe(1);
    expect(await page.getByText('Connection lost').count()).toBe(0);
    await context.close();
  });

  it("says 'Connection lost' in the user's language, and Try again opens the page", async () => {
    const { context, page } = await contextWithoutServiceWorker();
    await context.addInitScript(() => window.localStorage.setItem('oja.language', 'fr'));
    await openHome(page);
    await page.route('**/assets/product-*.js', (route) => route.abort('internetdisconnected'));
    await openInApp(page, `/product/${productId}`);
    await page.getByRole('heading', { name: 'Connexion perdue' }).waitFor({ timeout: 20_000 });
    expect(await page.getByText(/Failed to fetch|dynamically imported/).count()).toBe(0);

    await page.unroute('**/assets/product-*.js');
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await main(page).getByRole('heading', { level: 1, name: title }).waitFor();
    await context.close();
  });

  it('reloads onto the new version when a deploy removed the old script', async () => {
    const { context, page } = await contextWithoutServiceWorker();
    await openHome(page);
    let hasReloaded = false;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.url().includes(`/product/${productId}`))
        hasReloaded = true;
    });
    await page.route('**/assets/product-*.js', (route) =>
      hasReloaded ? route.continue() : route.fulfill({ status: 404, body: 'gone' }),
    );
    // What the server answers after a deploy: an index.html naming other scripts.
    await page.route(`${inject('baseUrl')}/`, (route) =>
      route.request().isNavigationRequest()
        ? route.continue()
        : route.fulfill({
            status: 200,
            contentType: 'text/html',
            body: '<script type="module" src="/assets/index-new.js"></script>',
          }),
    );
    await openInApp(page, `/product/${productId}`);
    await main(page).getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 20_000 });
    expect(hasReloaded).toBe(true);
    expect(page.url()).toContain(`/product/${productId}`);
    await context.close();
  });
});

describe('offline, with the service worker', () => {
  it('opens the home page and a product seen before, says it is offline, and offers the app to install', async () => {
    const session = await newSession(browser, { serviceWorkers: 'allow' });
    const { page, context } = session;
    await page.goto('/');
    await main(page).getByText(title).first().waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The first visit is controlled once the worker has claimed it; reload so every request goes through it.
    await page.reload();
    await main(page).getByText(title).first().waitFor();
    await main(page).getByText(title).first().click();
    await main(page).getByRole('heading', { level: 1, name: title }).waitFor();
    await page.goto('/');
    await main(page).getByText(title).first().waitFor();

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'You are offline' }).waitFor();
    await main(page).getByText(title).first().waitFor();
    await page.goto(`/product/${productId}`);
    await main(page).getByRole('heading', { level: 1, name: title }).waitFor();
    const pictureLoaded = await main(page)
      .locator('img')
      .first()
      .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);
    expect(pictureLoaded).toBe(true);

    await context.setOffline(false);
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
      name: string;
      icons: { sizes: string }[];
      display: string;
    };
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(await page.locator('link[rel="manifest"]').count()).toBe(1);
    await context.close();
  });
});
