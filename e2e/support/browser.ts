import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { inject } from 'vitest';
import { USERNAME_MAX_LENGTH } from '@marketplace/shared/constants';
import { chromiumArgs } from './chromium';

export type Session = { browser: Browser; context: BrowserContext; page: Page; baseUrl: string };

// Signs the context's pages in before any of their scripts runs: the session the web app keeps in localStorage
// (a token and the user, as signing in answered them).
export async function signInBeforeLoad(context: BrowserContext, session: { token: string; user: unknown }) {
  await context.addInitScript((value) => {
    if (window.location.protocol.startsWith('http')) window.localStorage.setItem('oja.session', value);
  }, JSON.stringify(session));
}

// One browser per test file, a fresh context (own storage) per test.
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: inject('chromiumPath'), args: chromiumArgs, headless: true });
}

// What a page must never show: a Content-Security-Policy violation (the server's CSP must be one the
// web app passes) or an uncaught error. support/setup.ts fails the test that produced one.
export const pageProblems: string[] = [];

// The service worker is kept out unless a journey asks for it (`serviceWorkers: 'allow'`): installing it
// fetches and stores the app's shell again in every new context, about an eighth of a CPU-second each, a
// hundred times a run (decision 095). The journeys about it (offline.spec.ts, its registration in
// first-view.spec.ts) and those that check a page works with it in the way (checkout, live events) allow it.
export async function newSession(browser: Browser, options: BrowserContextOptions = {}): Promise<Session> {
  const baseUrl = inject('baseUrl');
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 390, height: 844 },
    locale: 'en-NG',
    serviceWorkers: 'block',
    ...options,
  });
  context.setDefaultTimeout(15_000);
  context.on('page', (page) => {
    watchPage(page);
    if (options.javaScriptEnabled !== false) waitForTheAppOnEveryVisit(page);
  });
  const page = await context.newPage();
  return { browser, context, page, baseUrl };
}

// The server draws each page and the app then takes it over (decision 060): a journey acts as a reader does once
// the app has loaded, so every visit of an app page waits for `<html data-app-ready>` (first-view.spec.ts
// checks the page before it, with JavaScript off; a visit `waitUntil: 'commit'` returns at once).
function waitForTheAppOnEveryVisit(page: Page) {
  const visit = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await visit(url, options);
    // A journey that asks for the page at its first bytes looks at it before the app (phone.spec.ts).
    if (options?.waitUntil === 'commit') return response;
    const isAppPage =
      response?.headers()['content-type']?.includes('text/html') === true &&
      !new URL(page.url()).pathname.startsWith('/api/');
    if (isAppPage) await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    return response;
  };
}

function watchPage(page: Page) {
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect)/i.test(message.text())) {
      pageProblems.push(`CSP: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => pageProblems.push(`page error: ${error.message}`));
}

let counter = 0;
// Three journey files run at once, each worker with its own counter (decision 085): the process id keeps two
// workers' users apart. `longestName`: a username as long as the spec allows, one word a page must wrap.
export function uniqueUser({ longestName = false } = {}) {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
  const username = `emeka${suffix}`;
  return {
    fullName: 'Emeka Nwosu',
    username: longestName ? username.padEnd(USERNAME_MAX_LENGTH, 'x') : username,
    email: `emeka.${suffix}@example.ng`,
    password: 'e2e-password-123',
  };
}

// The page's main content: the footer has an e-mail field of its own (the weekend-discount sign-up).
export function main(page: Page): Locator {
  return page.getByRole('main');
}

// Logs in through the login page, which sends the user on to `path` (spec §2's ?redirect=).
export async function logIn(
  page: Page,
  user: { email: string; password: string },
  path: string,
): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await main(page).getByLabel('Email address').fill(user.email);
  await main(page).getByLabel('Password').fill(user.password);
  await main(page).getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
}

// On a phone the header's links sit behind the hamburger, a <summary> (decision 063; Playwright gives it no
// role): open it when it is there, and wait for its 300 ms opening to end, as a user sees the menu before
// tapping in it. Note: a tap on the Language button during the opening was seen lost on a fast run (the
// language list stayed closed); why is not established.
export function menuToggle(page: Page): Locator {
  return page.getByRole('banner').locator('summary[aria-controls="main-navigation"]');
}

export async function openMenu(page: Page): Promise<void> {
  const toggle = menuToggle(page);
  if (await toggle.isVisible()) {
    // Open or not, as a screen reader hears it (the menu stays in sight while it folds away).
    const isOpen = await toggle.evaluate((summary) => summary.closest('details')?.open === true);
    if (!isOpen) await toggle.click();
    await page.locator('#main-navigation').waitFor();
    await page.waitForFunction(
      () => document.getElementById('main-navigation')?.getAnimations().length === 0,
    );
  }
}

// Registers through the API (fast), for tests that are not about registering.
export async function registerThroughApi(user: ReturnType<typeof uniqueUser>) {
  const response = await fetch(`${inject('baseUrl')}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, confirmPassword: user.password, referredBy: '' }),
  });
  if (response.status !== 201)
    throw new Error(`register failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { data: { token: string; user: { id: string; refID: string } } };
}
