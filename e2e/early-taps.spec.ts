import type { Browser, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import {
  launchBrowser,
  main,
  newSession,
  registerThroughApi,
  signInBeforeLoad,
  uniqueUser,
} from './support/browser';
import { waitForResetLink } from './support/mail';
import { approveThroughApi, listingThroughApi, verifiedSeller } from './support/seller';

// Early taps (decision 065): on a slow network the server's page is there seconds before the app's scripts.
// Add to cart and Save, tapped then, show at once that the tap was taken and are made once the app is ready.

const PHONE = { width: 360, height: 740 };
let browser: Browser;
let listing: { id: string };
const title = `Adire${Date.now().toString(36)} throw pillow`;

beforeAll(async () => {
  browser = await launchBrowser();
  const seller = await verifiedSeller();
  listing = await listingThroughApi(seller, title);
  await approveThroughApi(listing.id);
});
afterAll(async () => {
  await browser.close();
});

// A session whose app scripts (or those `held` names) are held back until `release()`: the page is the
// server's alone meanwhile.
async function slowScripts(
  session?: { token: string; user: unknown },
  held = /\/assets\/.*\.js$/,
  path = `/product/${listing.id}`,
) {
  const { context, page, baseUrl } = await newSession(browser, { viewport: PHONE, serviceWorkers: 'block' });
  if (session) await signInBeforeLoad(context, session);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route(held, async (route: Route) => {
    await released;
    await route.continue();
  });
  // At its first bytes: the app cannot be waited for (support/browser.ts).
  await page.goto(path, { waitUntil: 'commit' });
  return { page, baseUrl, release };
}

const busy = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => element.getAttribute('aria-busy'));
const appReady = (page: Page) => page.evaluate(() => document.documentElement.dataset.appReady ?? null);

it('takes Add to cart before the scripts arrive, shows it at once, and adds the item once when they do', async () => {
  const { page, release } = await slowScripts();
  const add = main(page).getByRole('button', { name: 'Add to cart' });
  await add.click();
  expect(await appReady(page)).toBeNull();
  expect(await add.getAttribute('aria-busy')).toBe('true');
  // A second tap while waiting is the same tap.
  await add.click();
  expect(await page.evaluate(() => window.localStorage.getItem('cart'))).toBeNull();

  release();
  await page.locator('html[data-app-ready="hydrated"]').waitFor({ state: 'attached' });
  await page.getByRole('banner').getByText('1 in your cart').waitFor({ state: 'attached' });
  await main(page).getByRole('link', { name: 'View cart' }).waitFor();
  const cart = JSON.parse((await page.evaluate(() => window.localStorage.getItem('cart'))) ?? '[]') as {
    productId: string;
  }[];
  expect(cart.map((entry) => entry.productId)).toEqual([listing.id]);
  await page.context().close();
});

it("takes a signed-in reader's Save before the scripts arrive and saves the item when they do", async () => {
  const buyer = uniqueUser();
  const { data } = await registerThroughApi(buyer);
  const { page, baseUrl, release } = await slowScripts({ token: data.token, user: data.user });
  // The server draws every reader signed out: its "Log in to save" link is held, not followed.
  const link = main(page).getByRole('link', { name: 'Log in to save' });
  await link.click();
  expect(await busy(page, '.save-button')).toBe('true');
  await link.click();
  expect(new URL(page.url()).pathname).toBe(`/product/${listing.id}`);

  release();
  const save = main(page).getByRole('button', { name: 'Save', exact: true });
  await expect.poll(() => save.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
  expect(new URL(page.url()).pathname).toBe(`/product/${listing.id}`);
  // The button shows the save at once; the server has it once its reply is in.
  const savedIds = async () => {
    const saved = await fetch(`${baseUrl}/api/favourites/ids?productIds=${listing.id}`, {
      headers: { authorization: `Bearer ${data.token}` },
    });
    return ((await saved.json()) as { data: string[] }).data;
  };
  await expect.poll(savedIds, { timeout: 10_000 }).toEqual([listing.id]);
  await page.context().close();
});

it("follows a signed-out reader's Save to the login page at once, before the scripts arrive", async () => {
  const { page, release } = await slowScripts();
  await main(page).getByRole('link', { name: 'Log in to save' }).click();
  await page.waitForURL((url) => url.pathname === '/login', { waitUntil: 'commit' });
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/product/${listing.id}`);
  release();
  await page.context().close();
});

// Make an offer and Message seller are drawn by pieces loaded after hydration (app/feature-slots.tsx): a tap
// taken before the scripts waits for its piece, and is not followed to the server's login link meanwhile.
async function signedIn() {
  const { data } = await registerThroughApi(uniqueUser());
  return { token: data.token, user: data.user };
}

// Taps Make an offer, still the server's login link: held, the page stays; released, the offer form opens.
async function offerTakenThenOpened(page: Page, release: () => void) {
  const offer = main(page).getByRole('link', { name: 'Make an offer' });
  await offer.click();
  expect(await offer.getAttribute('aria-busy')).toBe('true');
  expect(new URL(page.url()).pathname).toBe(`/product/${listing.id}`);
  release();
  await main(page).getByLabel('Your offer in naira').waitFor({ timeout: 15_000 });
  expect(new URL(page.url()).pathname).toBe(`/product/${listing.id}`);
  await page.context().close();
}

it("takes a signed-in reader's Make an offer before the scripts arrive and opens the offer form when they do", async () => {
  const { page, release } = await slowScripts(await signedIn());
  await offerTakenThenOpened(page, release);
});

it("holds a signed-in reader's Make an offer tapped after hydration, before its piece's script has come", async () => {
  const { page, release } = await slowScripts(await signedIn(), /\/assets\/make-offer-.*\.js$/);
  await page.locator('html[data-app-ready="hydrated"]').waitFor({ state: 'attached' });
  await offerTakenThenOpened(page, release);
});

it("takes a signed-in reader's Message seller before the scripts arrive and opens the conversation when they do", async () => {
  const { page, release } = await slowScripts(await signedIn());
  const message = main(page).getByRole('link', { name: 'Message seller' });
  await message.click();
  expect(await message.getAttribute('aria-busy')).toBe('true');

  release();
  await page.waitForURL((url) => url.pathname.startsWith('/messages/'), { timeout: 15_000 });
  await main(page).getByText(title).first().waitFor();
  await page.context().close();
});

// A login form the server drew, sent before the app has drawn it, is held (never sent by the browser with the
// password in the address) and sent by the app once it has.
async function logInHeld(page: Page, release: () => void, email: string, password: string) {
  await main(page).getByLabel('Email address').fill(email);
  await main(page).getByLabel('Password').fill(password);
  await sentHeld(page, release, main(page).getByRole('button', { name: 'Log in' }), 'password');
}

// A form sent before the app has drawn it: its button shows the tap was taken, and the browser has not sent
// the form itself (no `field` in the address), until `release()` lets the scripts come.
async function sentHeld(page: Page, release: () => void, submit: Locator, field: string) {
  await submit.click();
  expect(await submit.getAttribute('aria-busy')).toBe('true');
  expect(page.url()).not.toContain(field);
  release();
}

it('holds a login sent before the scripts arrive and logs the reader in once they have', async () => {
  const reader = uniqueUser();
  await registerThroughApi(reader);
  const { page, release } = await slowScripts(undefined, /\/assets\/.*\.js$/, '/login');
  await logInHeld(page, release, reader.email, reader.password);
  await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
  expect(page.url()).not.toContain('password');
  await page.context().close();
});

it("holds the admin's login sent after hydration, before the form's script has come", async () => {
  const { page, release } = await slowScripts(undefined, /\/assets\/login-form-.*\.js$/, '/adminLogin');
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await logInHeld(page, release, inject('admin').email, inject('admin').password);
  await page.waitForURL((url) => url.pathname === '/adminDashboard', { timeout: 15_000 });
  expect(page.url()).not.toContain('password');
  await page.context().close();
});

it('holds a sign-up sent before the scripts arrive and creates the account once they have', async () => {
  const reader = uniqueUser();
  const { page, release } = await slowScripts(undefined, /\/assets\/.*\.js$/, '/register');
  await main(page).getByLabel('Full name').fill(reader.fullName);
  await main(page).getByLabel('Username').fill(reader.username);
  await main(page).getByLabel('Email address').fill(reader.email);
  await main(page).getByLabel('Password', { exact: true }).fill(reader.password);
  await main(page).getByLabel('Confirm password').fill(reader.password);
  await main(page).getByLabel('I agree to receive promotions and discounts by email.').check();
  await main(page)
    .getByLabel(/I accept the terms and conditions/)
    .check();
  await sentHeld(page, release, main(page).getByRole('button', { name: 'Sign up' }), 'password');
  await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
  expect(await page.evaluate(() => localStorage.getItem('oja.session'))).toContain(reader.username);
  await page.context().close();
});

it('holds a reset request sent before the scripts arrive and sends it once they have', async () => {
  const reader = uniqueUser();
  await registerThroughApi(reader);
  const { page, release } = await slowScripts(undefined, /\/assets\/.*\.js$/, '/forgot-password');
  await main(page).getByLabel('Email address').fill(reader.email);
  await sentHeld(page, release, main(page).getByRole('button', { name: 'Send reset link' }), 'email');
  await page
    .getByText('If an account exists for this email, a reset link has been sent to it.')
    .first()
    .waitFor({ timeout: 15_000 });
  expect(page.url()).not.toContain('email');
  expect(await waitForResetLink(reader.email)).toContain('/reset-password');
  await page.context().close();
});

it("holds the footer's newsletter sign-up sent before the scripts arrive and signs the reader up once they have", async () => {
  const { page, release } = await slowScripts(undefined, /\/assets\/.*\.js$/, '/about');
  const address = uniqueUser().email;
  await page.getByLabel('Your email address').fill(address);
  await sentHeld(page, release, page.getByRole('button', { name: 'Subscribe' }), 'email');
  await page.getByText('You are signed up for our weekend discounts.').first().waitFor({ timeout: 15_000 });
  expect(page.url()).not.toContain('email');
  expect(await page.getByLabel('Your email address').inputValue()).toBe('');
  await page.context().close();
});
