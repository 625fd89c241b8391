import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  logIn,
  main,
  newSession,
  openMenu,
  registerThroughApi,
  uniqueUser,
} from './support/browser';
import { approveThroughApi, listingThroughApi, verifiedSeller } from './support/seller';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('checkout in the browser', () => {
  it('a buyer adds an item to the cart, pays on the sandbox page, and the sale shows everywhere', async () => {
    const seller = await verifiedSeller();
    const title = `Blue denim jacket ${Date.now().toString(36)}`;
    const listing = await listingThroughApi(seller, title);
    await approveThroughApi(listing.id);
    const buyer = uniqueUser();
    await registerThroughApi(buyer);

    // With the service worker, as a returning buyer has it: it must not get in the way of paying.
    const buyerSession = await newSession(browser, { serviceWorkers: 'allow' });
    const { page } = buyerSession;
    await logIn(page, buyer, `/product/${listing.id}`);

    // Add to cart: the header counts it, and the cart is kept in local storage under 'cart'.
    await main(page).getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText(`${title} is in your cart.`).first().waitFor();
    await openMenu(page);
    await page.getByRole('banner').getByText('1 in your cart').waitFor({ state: 'attached' });
    const saved = (await page.evaluate(() => window.localStorage.getItem('cart'))) ?? 'null';
    expect(JSON.parse(saved)).toMatchObject([{ productId: listing.id, title, price: 7500, quantity: 1 }]);

    // The cart: one item, checked out on its own.
    await page.goto('/cart');
    await main(page)
      .getByRole('button', { name: `Check out ${title}` })
      .click();
    await page.waitForURL(
      (url) => url.pathname === '/checkout' && url.searchParams.get('product') === listing.id,
    );
    await main(page)
      .getByText(/Arrange pickup with the seller/)
      .waitFor();
    await main(page).getByRole('button', { name: 'Pay ₦7,500.00' }).click();

    // The sandbox's hosted payment page, then back to the confirmation.
    await page.waitForURL((url) => url.pathname.startsWith('/api/payment/sandbox/'));
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL((url) => url.pathname === '/confirmationPage' && url.searchParams.has('reference'));
    const reference = new URL(page.url()).searchParams.get('reference') ?? '';
    expect(reference).not.toBe('');
    await main(page).getByRole('heading', { name: 'Payment successful.' }).waitFor();
    await main(page).getByText('₦7,500.00').first().waitFor();
    // A paid item leaves the cart.
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('cart'))).toBe('[]');

    // The payment history lists it.
    await page.goto('/payment-history');
    const row = main(page).getByRole('row').filter({ hasText: reference });
    await row.waitFor();
    expect(await row.textContent()).toContain('₦7,500.00');
    expect(await row.textContent()).toContain('Bought');
    await row.getByText('Success').waitFor();
    await buyerSession.context.close();

    // The seller's account summary: 90 percent earned, 10 percent fee.
    const sellerSession = await newSession(browser);
    await logIn(sellerSession.page, seller, '/account-summary');
    const summary = main(sellerSession.page);
    await summary.getByRole('row').filter({ hasText: reference }).waitFor();
    expect(await summary.getByText('You earned').locator('..').textContent()).toContain('₦6,750.00');
    expect(await summary.getByText("Oja's fee").locator('..').textContent()).toContain('₦750.00');
    expect(await summary.getByText('Items sold').locator('..').textContent()).toBe('Items sold1');
    await sellerSession.context.close();

    // Sold: gone from the home page.
    const visitor = await newSession(browser);
    await visitor.page.goto('/');
    await main(visitor.page)
      .getByText('No product has been uploaded yet')
      .or(main(visitor.page).getByRole('article').first())
      .first()
      .waitFor();
    expect(await main(visitor.page).getByText(title).count()).toBe(0);
    await visitor.context.close();
  });

  it('a buyer who declines on the sandbox page sees the failure, and a visitor is asked to log in first', async () => {
    const seller = await verifiedSeller();
    const title = `Green wool scarf ${Date.now().toString(36)}`;
    const listing = await listingThroughApi(seller, title);
    await approveThroughApi(listing.id);

    // Buy now as a visitor: 'Please login first', then back to this checkout after logging in.
    const buyer = uniqueUser();
    await registerThroughApi(buyer);
    const { page, context } = await newSession(browser);
    await page.goto(`/product/${listing.id}`);
    await main(page).getByRole('button', { name: 'Buy now' }).click();
    await page.getByText('Please login first').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/login');
    await main(page).getByLabel('Email address').fill(buyer.email);
    await main(page).getByLabel('Password').fill(buyer.password);
    await main(page).getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/checkout' && url.searchParams.get('product') === listing.id,
    );

    await main(page).getByRole('button', { name: 'Pay ₦7,500.00' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/payment/sandbox/'));
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL((url) => url.pathname === '/confirmationPage');
    await main(page).getByRole('heading', { name: 'Your payment was not successful.' }).waitFor();
    await main(page).getByRole('link', { name: 'Back to the item' }).waitFor();
    await context.close();
  });
});
