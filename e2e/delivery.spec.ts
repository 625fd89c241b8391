import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, main, newSession } from './support/browser';
import { approveThroughApi, listingThroughApi, verifiedSeller } from './support/seller';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('courier delivery in the browser', () => {
  it('a buyer in Lagos buys from a seller in Abuja with a courier, sees the fee before paying, and follows the parcel to delivered', async () => {
    const seller = await verifiedSeller({ street: '14 Aminu Kano Crescent', city: 'Wuse 2', state: 'FCT' });
    const buyer = await verifiedSeller();
    const title = `Leather sandals ${Date.now().toString(36)}`;
    const listing = await listingThroughApi(seller, title);
    await approveThroughApi(listing.id);

    const { page, context } = await newSession(browser);
    await logIn(page, buyer, `/checkout?product=${listing.id}`);
    await main(page).getByRole('button', { name: 'Pay ₦7,500.00' }).waitFor();

    // Courier delivery: the sandbox's interstate prices for 2 kg from Abuja to Lagos, cheapest chosen first.
    await main(page).getByRole('radio', { name: 'Courier delivery from Wuse 2, FCT to my address' }).check();
    const gig = main(page).getByRole('radio', { name: /GIG Logistics/ });
    await gig.waitFor();
    expect(await gig.isChecked()).toBe(true);
    await main(page).getByTestId('delivery-fee').getByText('₦3,650.00').waitFor();
    await main(page).getByRole('button', { name: 'Pay ₦11,150.00' }).click();

    // The sandbox's payment page, then the confirmation: paid, then booked by the job a moment later.
    await page.waitForURL((url) => url.pathname.startsWith('/api/payment/sandbox/'));
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL((url) => url.pathname === '/confirmationPage');
    await main(page).getByRole('heading', { name: 'Payment successful.' }).waitFor();
    await main(page).getByText('₦11,150.00').first().waitFor();
    await main(page).getByText('Your shipment is booked with the courier.').waitFor({ timeout: 30_000 });

    // Tracking: pending, then picked up, in transit and delivered (a step a second in this server).
    await main(page).getByRole('link', { name: 'Track shipment' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/tracking' && (url.searchParams.get('reference') ?? '').startsWith('SBX-'),
    );
    await main(page).getByRole('heading', { name: title }).waitFor();
    await expect
      .poll(
        async () => {
          await page.reload();
          await main(page).getByRole('heading', { name: title }).waitFor();
          return main(page)
            .getByText(/^Delivered on /)
            .count();
        },
        { timeout: 40_000, interval: 1000 },
      )
      .toBe(1);
    const steps = main(page).getByRole('listitem');
    expect(await steps.count()).toBe(4);
    expect(await steps.first().textContent()).toContain('Booked');

    // The orders tab says it too (on this phone, the order's card).
    await page.goto('/profile?tab=orders');
    const row = main(page).getByRole('listitem').filter({ hasText: title });
    await row.waitFor();
    await row.getByText('Delivered').waitFor();
    await context.close();
  });
});
