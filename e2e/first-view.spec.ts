import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  logIn,
  main,
  newSession,
  registerThroughApi,
  signInBeforeLoad,
  uniqueUser,
  type Session,
} from './support/browser';
import {
  approveThroughApi,
  conversationThroughApi,
  listingThroughApi,
  verifiedSeller,
} from './support/seller';

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

  it('answers a listing or seller that is not there, and an unknown address, with 404 and says so', async () => {
    const page = await noScriptPage();
    for (const [path, heading] of [
      ['/product/00000000-0000-4000-8000-000000000000', 'Product not found'],
      ['/seller/nobody-by-this-name', 'Seller not found'],
      ['/no-such-page', 'Page not found'],
    ] as const) {
      const response = await page.goto(path);
      expect({ path, status: response?.status() }).toEqual({ path, status: 404 });
      await expect(main(page).getByRole('heading', { level: 1 }).textContent()).resolves.toBe(heading);
    }
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

// On 3G Chrome fetches every lazy picture within 2,500 px at once: the grid's pictures below a phone's first
// screen wait for the app to start, so they do not share the line with its scripts (decision 071).
describe("the grid's pictures below the first screen", () => {
  const many = `Ankara${Date.now().toString(36)}`;
  beforeAll(async () => {
    for (let index = 0; index < 5; index += 1) {
      const more = await listingThroughApi(seller, `${many} headwrap ${index}`);
      await approveThroughApi(more.id);
    }
  });
  const gridPictures = (page: Page) => main(page).locator('.product-card-image img');
  // Scrolls to the end, then waits until the grid's `count` pictures have all loaded.
  async function allShown(page: Page, count: number) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(
      (expected) => {
        const images = Array.from(
          document.querySelectorAll<HTMLImageElement>('main .product-card-image img'),
        );
        return (
          images.length === expected && images.every((image) => image.complete && image.naturalWidth > 0)
        );
      },
      count,
      { timeout: 15_000 },
    );
  }

  // A phone whose app scripts are held until `release()`; `asked` lists the pictures it asks for. `settled(n)`
  // waits for the first n, then a moment: the lazy pictures a layout shows are all asked for together.
  async function phoneWithScriptsHeld() {
    const { page } = await newSession(browser, { viewport: PHONE });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/media/images/')) asked.push(new URL(request.url()).pathname);
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    const settled = async (count: number) => {
      for (const started = Date.now(); asked.length < count && Date.now() - started < 10_000;)
        await page.waitForTimeout(50);
      await page.waitForTimeout(300);
    };
    return { page, asked, release, settled };
  }

  it('are asked for only once the app has started, then all show', async () => {
    const { page, asked, release, settled } = await phoneWithScriptsHeld();
    await page.goto(`/search?q=${many}`, { waitUntil: 'commit' });
    await page.waitForSelector('.product-card-image img', { state: 'attached' });
    await expect(gridPictures(page).count()).resolves.toBe(5);
    const firstScreen = await gridPictures(page).evaluateAll(
      (images) => images.filter((image) => !image.classList.contains('picture-after-start')).length,
    );
    expect(firstScreen).toBe(4);
    await settled(firstScreen);
    expect(asked).toHaveLength(firstScreen);

    release();
    await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
    await allShown(page, 5);
    expect(new Set(asked).size).toBe(5);
  });

  it("are not asked for on a product page before the app has started (the seller's other listings)", async () => {
    const { page, asked, release, settled } = await phoneWithScriptsHeld();
    await page.goto(`/product/${listing.id}`, { waitUntil: 'commit' });
    await page.waitForSelector('.product-card-image img', { state: 'attached' });
    await settled(1); // the listing's own picture
    const related = await gridPictures(page).evaluateAll((images) =>
      images.flatMap((image) =>
        [image.getAttribute('src') ?? '', ...(image.getAttribute('srcset') ?? '').split(',')].map(
          (candidate) => new URL(candidate.trim().split(' ')[0]!, document.baseURI).pathname,
        ),
      ),
    );
    expect(related.length).toBeGreaterThan(0);
    expect(asked.length).toBeGreaterThan(0); // the listing's own picture
    expect(asked.filter((url) => related.includes(url))).toEqual([]);
    release();
    await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
  });

  it('show like every other picture without scripts', async () => {
    const session = await newSession(browser, { javaScriptEnabled: false, viewport: PHONE });
    await session.page.goto(`/search?q=${many}`);
    await allShown(session.page, 5);
    const shown = await gridPictures(session.page).evaluateAll((images) =>
      images.map((image) => getComputedStyle(image).display),
    );
    expect(shown).not.toContain('none');
  });
});

describe('what the first view does not need', () => {
  // The page hydrates with the words it was drawn with (in its state), and the rules it uses are in its head:
  // the words file and the stylesheets download once the app is ready, not beside its scripts (decision 072).
  it("asks for the page's scripts at the first frame, without waiting for the entry script", async () => {
    const { page } = await newSession(browser, { viewport: PHONE });
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The entry script (main.tsx) is held: index.html's own inline script moves the template.
    await page.route('**/assets/index-*.js', async (route) => {
      await held;
      await route.continue();
    });
    const frameworkAsked = page.waitForRequest('**/assets/framework-*.js', { timeout: 10_000 });
    await page.goto('/', { waitUntil: 'commit' });
    await frameworkAsked;
    expect(await page.evaluate(() => document.querySelector('#page-scripts')?.innerHTML)).toBe('');
    expect(await page.evaluate(() => document.documentElement.dataset.appReady ?? null)).toBeNull();
    release();
    await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
    expect(blocked).toEqual([]);
  });

  it('asks for the words file once the app is ready, not while the first route loads, on a slow line', async () => {
    const { page, context } = await newSession(browser, { viewport: PHONE });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 200,
      downloadThroughput: 100_000,
      uploadThroughput: 100_000,
    });
    await page.goto('/', { waitUntil: 'commit' });
    await page.waitForSelector('html[data-app-ready]', { state: 'attached', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    // On 3G the words (17 KB) asked for while the page's route loads delayed its hydration by ~0.8 s.
    const [wordsAskedAt, readyAt] = await page.evaluate(() => [
      performance.getEntriesByType('resource').find((entry) => entry.name.includes('/assets/words-en-'))
        ?.startTime ?? -1,
      performance.getEntriesByName('app-ready')[0]?.startTime ?? Infinity,
    ]);
    expect(wordsAskedAt).toBeGreaterThanOrEqual(readyAt);
    await context.close();
  });

  it('registers the service worker only once the app is ready and its words have come (decision 078)', async () => {
    const { page, context } = await newSession(browser, { viewport: PHONE, serviceWorkers: 'allow' });
    await context.addInitScript(() => {
      const container = navigator.serviceWorker;
      const register = container.register.bind(container);
      container.register = (...args: Parameters<ServiceWorkerContainer['register']>) => {
        performance.mark('service-worker-registered');
        return register(...args);
      };
    });
    // The words come a second late: registered on the page's `load`, the worker would come before them.
    await page.route('**/assets/words-en-*.json', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    // Registered beside the hydration, its script and its copy of the shell made that task longer.
    const moments = await page.evaluate(() => ({
      registered: performance.getEntriesByName('service-worker-registered')[0]?.startTime ?? -1,
      ready: performance.getEntriesByName('app-ready')[0]?.startTime ?? Infinity,
      words:
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) =>
          entry.name.includes('/assets/words-en-'),
        )?.responseEnd ?? Infinity,
    }));
    expect(moments.registered).toBeGreaterThanOrEqual(moments.ready);
    expect(moments.registered).toBeGreaterThanOrEqual(moments.words);
    await context.close();
  });

  it('asks for the words file and the stylesheets only once the app is ready, and keeps every text', async () => {
    const { page, context, baseUrl } = await newSession(browser, { viewport: PHONE });
    await context.addCookies([{ name: 'lang', value: 'fr', url: baseUrl }]);
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/\/assets\/(words-.*\.json|.*\.css)$/.test(pathname)) asked.push(pathname);
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The app's last script (app/start.tsx, which hydrates) is held: the page and its entry have run.
    await page.route('**/assets/start-*.js', async (route) => {
      await held;
      await route.continue();
    });
    const startAsked = page.waitForRequest('**/assets/start-*.js');
    await page.goto(`/product/${listing.id}`, { waitUntil: 'commit' });
    await startAsked;
    await page.waitForTimeout(500);
    const drawn = await main(page).innerText();
    expect(drawn).toContain(title);
    expect(asked).toEqual([]);
    release();
    await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
    await page.waitForLoadState('networkidle');
    expect(asked.some((pathname) => pathname.startsWith('/assets/words-fr-'))).toBe(true);
    expect(asked.filter((pathname) => pathname.endsWith('.css')).length).toBeGreaterThan(0);
    expect(asked.some((pathname) => pathname.startsWith('/assets/words-en-'))).toBe(false);
    expect(await main(page).innerText()).toBe(drawn);
    // Every stylesheet applies once downloaded.
    const styles = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).map((link) => ({
        disabled: link.disabled,
        loaded: link.sheet !== null,
      })),
    );
    expect(styles.length).toBeGreaterThan(0);
    expect(styles.every((style) => !style.disabled && style.loaded)).toBe(true);
    // A page opened next shows its words, which the first view's did not hold, as the server draws them.
    await page.getByRole('link', { name: 'À propos et impact' }).click();
    await page.waitForURL('**/about');
    const heading = await page.getByRole('heading', { level: 1 }).innerText();
    const other = await newSession(browser, { viewport: PHONE });
    await other.context.addCookies([{ name: 'lang', value: 'fr', url: other.baseUrl }]);
    await other.page.goto('/about');
    expect(heading).toBe(await other.page.getByRole('heading', { level: 1 }).innerText());
    expect(heading).not.toBe('');
  });
});

it('shows a listing not yet approved to its owner, who reloads its page (drawn by the server as not found)', async () => {
  const owner = await verifiedSeller();
  const pendingTitle = `Raffia${Date.now().toString(36)} basket`;
  const pending = await listingThroughApi(owner, pendingTitle);
  const { page, context } = await newSession(browser, { viewport: PHONE });
  await logIn(page, owner, `/product/${pending.id}`);
  await main(page).getByRole('heading', { level: 1, name: pendingTitle }).waitFor();
  const response = await page.reload();
  expect(response?.status()).toBe(404);
  await main(page).getByRole('heading', { level: 1, name: pendingTitle }).waitFor();
  await context.close();
});

// What a page logs as it hydrates: the console's errors and warnings and the uncaught errors, with Preact's
// debug module loaded first (apps/web main.tsx), which reports any element hydration could not keep. Its
// session lets the service worker in (`serviceWorkers: 'allow'`): a reader's later pages come with it, and
// Playwright's blocking would log a line of its own.
async function hydrationWarnings({ page, context }: Session): Promise<string[]> {
  const logged: string[] = [];
  page.on('console', (message) => {
    // Preact's debug module asks for this once, as it notes where a lazy piece waited: not a warning.
    if (message.text().startsWith('Add @babel/plugin-transform-react-jsx-source')) return;
    if (message.type() === 'error' || message.type() === 'warning') logged.push(message.text());
  });
  page.on('pageerror', (error) => logged.push(error.message));
  await context.addInitScript(() => {
    if (window.location.protocol.startsWith('http')) window.localStorage.setItem('oja.debugHydration', '1');
  });
  return logged;
}

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
    // Drawn as not found by the server (404), and hydrated so.
    ...missing,
  ];
  const missing = ['/product/00000000-0000-4000-8000-000000000000', '/seller/nobody-by-this-name'];
  // The browser's own line for a page answered with 404.
  const isThe404 = (path: string, line: string) =>
    missing.includes(path) &&
    line === 'Failed to load resource: the server responded with a status of 404 (Not Found)';

  for (const language of ['en', 'fr', 'es']) {
    it(`keeps the server's markup and logs no warning on every public page (${language})`, async () => {
      const session = await newSession(browser, { viewport: PHONE, serviceWorkers: 'allow' });
      const { page, context, baseUrl } = session;
      await context.addCookies([{ name: 'lang', value: language, url: baseUrl }]);
      const logged = await hydrationWarnings(session);
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
        expect({ path, ...state, logged: logged.filter((line) => !isThe404(path, line)) }).toEqual({
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

// Login-only and admin pages: the server cannot know the reader, yet draws the page's frame with its heading
// (its route's handle, decision 065) in the reader's language; the app hydrates it, then shows the page.
describe('signed-in pages', () => {
  const headings: Record<string, Record<string, string>> = {
    en: {
      '/profile': 'Your profile',
      '/messages': 'Messages',
      '/saved': 'Saved items',
      '/checkout?product=00000000-0000-4000-8000-000000000000': 'Checkout',
      '/adminDashboard': 'Dashboard',
      // Pages whose own heading names what they load: the route's heading until then.
      '/messages/00000000-0000-4000-8000-000000000000': 'Messages',
      '/disputes/00000000-0000-4000-8000-000000000000': 'Dispute',
      '/admin/disputes/00000000-0000-4000-8000-000000000000': 'Disputes',
    },
    fr: {
      '/profile': 'Votre profil',
      '/saved': 'Articles enregistrés',
      '/checkout?product=00000000-0000-4000-8000-000000000000': 'Paiement',
      '/adminDashboard': 'Tableau de bord',
      '/disputes/00000000-0000-4000-8000-000000000000': 'Litige',
    },
  };

  it("draws the page's heading on the server, in the reader's language", async () => {
    const { page, context, baseUrl } = await newSession(browser, {
      javaScriptEnabled: false,
      viewport: PHONE,
    });
    for (const [language, pages] of Object.entries(headings)) {
      await context.addCookies([{ name: 'lang', value: language, url: baseUrl }]);
      for (const [path, heading] of Object.entries(pages)) {
        await page.goto(path);
        const drawn = await main(page).getByRole('heading', { level: 1 }).textContent();
        expect({ path, language, drawn }).toEqual({ path, language, drawn: heading });
      }
    }
    await context.close();
  });

  it("draws a conversation's way back on the server, a plain link to every conversation", async () => {
    const { page, context } = await newSession(browser, { javaScriptEnabled: false, viewport: PHONE });
    await page.goto('/messages/00000000-0000-4000-8000-000000000000');
    await main(page).getByRole('link', { name: 'All messages' }).click();
    await page.waitForURL((url) => url.pathname === '/messages');
    expect(await main(page).getByRole('heading', { level: 1 }).textContent()).toBe('Messages');
    await context.close();
  });

  it("hydrates a conversation's frame without a warning, its way back and heading kept in place", async () => {
    const buyer = await registerThroughApi(uniqueUser());
    const session = await newSession(browser, { viewport: PHONE, serviceWorkers: 'allow' });
    const { page, context } = session;
    const logged = await hydrationWarnings(session);
    const conversationId = await conversationThroughApi(buyer.data.token, listing.id);
    await signInBeforeLoad(context, { token: buyer.data.token, user: buyer.data.user });
    // Where the server drew the way back and the heading, before any script.
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const top = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().top;
        (window as unknown as { drawn: unknown }).drawn = [top('main section > a'), top('main h1')];
      });
    });
    await page.goto(`/messages/${conversationId}`);
    await main(page)
      .getByRole('heading', { level: 1, name: `Conversation with ${seller.username}` })
      .waitFor();
    const state = await page.evaluate(() => {
      const top = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().top;
      return {
        drawn: (window as unknown as { drawn: unknown }).drawn,
        shown: [top('main section > a'), top('main h1')],
        back: document.querySelector('main section > a')?.getAttribute('href'),
      };
    });
    expect({ ...state, logged }).toEqual({
      drawn: state.shown,
      shown: [expect.any(Number), expect.any(Number)],
      back: '/messages',
      logged: [],
    });
    await context.close();
  });

  it('hydrates that heading, logs no warning, then shows the page under the same words', async () => {
    const { data } = await registerThroughApi(uniqueUser());
    const { page, context } = await newSession(browser, { viewport: PHONE, serviceWorkers: 'allow' });
    await signInBeforeLoad(context, { token: data.token, user: data.user });
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { drawn: Element | null }).drawn = document.querySelector('main h1');
      });
    });
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') logged.push(message.text());
    });
    for (const path of ['/profile', '/messages', '/saved', '/notifications', '/payment-history']) {
      logged.length = 0;
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const state = await page.evaluate(() => {
        const drawn = (window as unknown as { drawn: Element | null }).drawn;
        const shown = document.querySelectorAll('main h1');
        return {
          ready: document.documentElement.dataset.appReady,
          headings: Array.from(shown, (heading) => heading.textContent),
          server: drawn?.textContent ?? null,
          // The page's own heading, not the frame's.
          replaced: shown[0] !== drawn,
        };
      });
      expect({ path, ...state, logged }).toEqual({
        path,
        ready: 'hydrated',
        headings: [state.server],
        server: expect.any(String),
        replaced: true,
        logged: [],
      });
    }
    await context.close();
  });
});
