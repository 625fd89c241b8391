import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, main, newSession } from './support/browser';
import { approveThroughApi, listingThroughApi, verifiedSeller } from './support/seller';

// The phone a buyer in Nigeria uses: 360 × 740.
const PHONE = { width: 360, height: 740 };

let browser: Browser;
let seller: Awaited<ReturnType<typeof verifiedSeller>>;
beforeAll(async () => {
  browser = await launchBrowser();
  seller = await verifiedSeller();
  // An approved listing: the home page has cards, and the seller has an unread notification.
  const listing = await listingThroughApi(seller, `Phone-screen kettle ${Date.now().toString(36)}`);
  await approveThroughApi(listing.id);
});
afterAll(async () => {
  await browser.close();
});

async function phoneSession(loggedIn: boolean) {
  const session = await newSession(browser);
  await session.page.setViewportSize(PHONE);
  if (loggedIn) {
    const user = { id: seller.id, fullName: seller.fullName, username: seller.username, email: seller.email };
    await session.context.addInitScript(
      (entry) => window.localStorage.setItem('oja.session', entry),
      JSON.stringify({
        token: seller.token,
        user: { ...user, profilePicture: null, isVerified: true, refID: 'X' },
      }),
    );
  }
  return session;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function banner(page: Page) {
  return page.getByRole('banner');
}

describe('the header on a phone', () => {
  it('shows the search box and the bell with its count without opening the menu; the count covers no text', async () => {
    const { page, context } = await phoneSession(true);
    await page.goto('/');
    const header = banner(page);
    const toggle = header.getByRole('button', { name: 'Toggle navigation' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await header.getByRole('searchbox', { name: 'Search for items' }).isVisible()).toBe(true);
    const bell = header.getByRole('link', { name: /Notifications\s*1 unread/ });
    await bell.waitFor();
    const badge = bell.locator('.notification-badge');
    expect(await badge.textContent()).toBe('1');
    // Nothing else in the header is under the count.
    const badgeBox = await box(badge);
    for (const other of [
      header.getByRole('link', { name: 'Oja home page' }),
      toggle,
      header.getByRole('searchbox'),
    ]) {
      expect(overlaps(badgeBox, await box(other))).toBe(false);
    }
    // Inside the open menu, the cart's count sits beside its word.
    await page.evaluate(() =>
      window.localStorage.setItem(
        'cart',
        JSON.stringify([
          { productId: crypto.randomUUID(), title: 'Kettle', picture: null, price: 7500, quantity: 1 },
        ]),
      ),
    );
    await page.reload();
    await toggle.click();
    const cart = header.getByRole('link', { name: /Cart/ });
    await cart.locator('.badge').waitFor();
    expect(
      overlaps(await box(cart.locator('.badge')), await box(cart.getByText('Cart', { exact: true }))),
    ).toBe(false);
    await context.close();
  });

  it('folds the menu away when a search is sent from it', async () => {
    const { page, context } = await phoneSession(false);
    await page.goto('/');
    const header = banner(page);
    const toggle = header.getByRole('button', { name: 'Toggle navigation' });
    await toggle.click();
    await header.getByRole('link', { name: 'Log in' }).waitFor();
    await header.getByRole('searchbox', { name: 'Search for items' }).fill('kettle');
    await header.getByRole('searchbox', { name: 'Search for items' }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => header.getByRole('link', { name: 'Log in' }).isVisible()).toBe(false);
    await context.close();
  });
});

describe('the home page on a phone', () => {
  it('shows the first line of listings on the first screen, with the upload card after it', async () => {
    const { page, context } = await phoneSession(false);
    await page.goto('/');
    const grid = main(page).getByRole('region', { name: 'Recommended' });
    const firstCard = grid.getByRole('listitem').first();
    await firstCard.getByRole('link').first().waitFor();
    const cardBox = await box(firstCard);
    expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(PHONE.height);
    const uploadCard = await box(main(page).getByRole('region', { name: "Don't Trash It" }));
    expect(uploadCard.y).toBeGreaterThanOrEqual(cardBox.y + cardBox.height);
    await context.close();
  });
});
