import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, main, newSession, registerThroughApi, uniqueUser } from './support/browser';
import { approveThroughApi, buyThroughApi, listingThroughApi, verifiedSeller } from './support/seller';

// axe-core in Chromium on every page of the app, at 360 px: WCAG 2.1 A and AA, no violation allowed.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PHONE = { width: 360, height: 740 };

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

let browser: Browser;
let productId: string;
let seller: Awaited<ReturnType<typeof verifiedSeller>>;
let buyer: { token: string; user: object };
let admin: { token: string };
let disputeId: string;
let orderId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  seller = await verifiedSeller();
  productId = (await listingThroughApi(seller, `Accessible lamp ${Date.now().toString(36)}`)).id;
  await approveThroughApi(productId);
  const buyerAccount = uniqueUser();
  const { data } = await registerThroughApi(buyerAccount);
  buyer = { token: data.token, user: data.user };
  // An offer on the lamp (decision 061): My offers shows it to both, and the product page its card.
  const offer = await fetch(`${inject('baseUrl')}/api/products/${productId}/offers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${data.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 6000 }),
  });
  if (offer.status !== 201) throw new Error(`offer failed: ${await offer.text()}`);
  const login = await fetch(`${inject('baseUrl')}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(inject('admin')),
  });
  admin = ((await login.json()) as { data: { token: string } }).data;

  // Buyer protection (issue 29): the buyer bought another listing and reported a problem with it.
  const disputed = await listingThroughApi(seller, `Accessible chair ${Date.now().toString(36)}`);
  await approveThroughApi(disputed.id);
  await buyThroughApi(buyer.token, disputed.id);
  const authorization = `Bearer ${buyer.token}`;
  const orders = (await (
    await fetch(`${inject('baseUrl')}/api/orders/user/${data.user.id}`, { headers: { authorization } })
  ).json()) as { data: { id: string }[] };
  orderId = orders.data[0]?.id ?? '';
  const reported = await fetch(`${inject('baseUrl')}/api/orders/${orderId}/disputes`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ reason: 'damaged', details: 'One leg is broken.' }),
  });
  disputeId = ((await reported.json()) as { data: { id: string } }).data.id;
});
afterAll(async () => {
  for (const context of contexts.values()) await (await context).close();
  await browser.close();
});

async function violationsOf(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return (violations as Violation[]).map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

type Who = 'visitor' | 'seller' | 'buyer' | 'admin';

// One browser context per kind of visitor, shared by the pages it opens: each page is a new tab, loaded from
// the address, but the app's scripts come from the context's cache after the first page instead of being
// fetched and compiled again for every page (decision 037). The service worker stays out, as newSession keeps
// it: it would take over the later pages, and each page is checked as a first visit serves it.
const contexts = new Map<Who, Promise<BrowserContext>>();

function contextOf(who: Who): Promise<BrowserContext> {
  let context = contexts.get(who);
  if (!context) {
    context = startContext(who);
    contexts.set(who, context);
  }
  return context;
}

async function startContext(who: Who): Promise<BrowserContext> {
  const { context, page } = await newSession(browser, { viewport: PHONE });
  await page.close();
  const entries: [string, string][] = [];
  if (who === 'seller') {
    const user = {
      id: seller.id,
      fullName: seller.fullName,
      username: seller.username,
      email: seller.email,
      profilePicture: null,
      isVerified: true,
      refID: 'X',
    };
    entries.push(['oja.session', JSON.stringify({ token: seller.token, user })]);
  }
  if (who === 'buyer') entries.push(['oja.session', JSON.stringify(buyer)]);
  if (who === 'admin') entries.push(['oja.adminSession', JSON.stringify(admin)]);
  await context.addInitScript((pairs) => {
    // A new tab starts on about:blank, whose storage is off limits, before it goes to the app.
    if (!window.location.protocol.startsWith('http')) return;
    for (const [key, value] of pairs) window.localStorage.setItem(key, value);
  }, entries);
  return context;
}

// The page has settled: its heading is shown and no spinner or skeleton is left.
async function open(page: Page, path: string) {
  await page.goto(path);
  await main(page).locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() => main(page).locator('[role="status"] .spinner-border, .placeholder-glow').count())
    .toBe(0);
}

const pages: [string, Who, () => string][] = [
  ['home', 'visitor', () => '/'],
  ['product', 'visitor', () => `/product/${productId}`],
  ['search', 'visitor', () => '/search?q=lamp'],
  ['login', 'visitor', () => '/login'],
  ['register', 'visitor', () => '/register'],
  ['terms', 'visitor', () => '/terms'],
  ['about', 'visitor', () => '/about'],
  ['profile', 'seller', () => '/profile'],
  ['profile my requests', 'seller', () => '/profile?tab=requests'],
  ['profile impact', 'seller', () => '/profile?tab=impact'],
  ['upload', 'seller', () => '/upload'],
  ['checkout', 'buyer', () => `/checkout?product=${productId}`],
  // Favourites and reviews (decision 026): the hearts, Saved items, the public seller page.
  ['home with hearts', 'buyer', () => '/'],
  ['product with Save', 'buyer', () => `/product/${productId}`],
  ['saved items', 'buyer', () => '/saved'],
  ['seller page', 'visitor', () => `/seller/${seller.username}`],
  // Offers (decision 061): made and received.
  ['my offers made', 'buyer', () => '/offers'],
  ['my offers received', 'seller', () => '/offers?role=selling'],
  ['admin dashboard', 'admin', () => '/adminDashboard?status=all'],
  ['admin edit', 'admin', () => `/admin/products/edit/${productId}`],
  ['admin users', 'admin', () => '/admin/users'],
  ['admin transactions', 'admin', () => '/admin/transactions'],
  ['admin notifications', 'admin', () => '/admin/notifications'],
  // Buyer protection (issue 29): the disputes and the payouts.
  ['orders with buyer protection', 'buyer', () => '/profile?tab=orders'],
  ['report a problem', 'buyer', () => `/orders/${orderId}/report-problem`],
  ['dispute', 'buyer', () => `/disputes/${disputeId}`],
  ['admin disputes', 'admin', () => '/admin/disputes'],
  ['admin dispute', 'admin', () => `/admin/disputes/${disputeId}`],
  ['admin payouts', 'admin', () => '/admin/payouts'],
];

describe('accessibility at 360 px (axe-core, WCAG 2.1 A and AA)', () => {
  it.each(pages)('%s has no violation', async (_name, who, path) => {
    const page = await (await contextOf(who)).newPage();
    await open(page, path());
    expect(await violationsOf(page)).toEqual([]);
    await page.close();
  });
});
