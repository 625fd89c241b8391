import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, main, newSession, registerThroughApi, uniqueUser } from './support/browser';
import { approveThroughApi, listingThroughApi, verifiedSeller } from './support/seller';

// Make an offer (issue 30, decision 061) on the phone a buyer in Nigeria uses: 360 × 740.
const PHONE = { width: 360, height: 740 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('an offer on a phone', () => {
  it('a buyer offers, the seller counters in their conversation, the buyer accepts and pays the agreed price', async () => {
    const seller = await verifiedSeller();
    const title = `Ankara wrap skirt ${Date.now().toString(36)}`;
    const listing = await listingThroughApi(seller, title);
    await approveThroughApi(listing.id);
    const buyer = uniqueUser();
    await registerThroughApi(buyer);

    // The buyer offers ₦5,000 for the ₦7,500 skirt, beside Buy now.
    const buyerSession = await newSession(browser);
    const { page } = buyerSession;
    await page.setViewportSize(PHONE);
    await logIn(page, buyer, `/product/${listing.id}`);
    await main(page).getByRole('button', { name: 'Make an offer' }).click();
    const amount = main(page).getByLabel('Your offer in naira');
    await amount.fill('3000');
    await main(page).getByRole('button', { name: 'Send offer' }).click();
    await main(page).getByText('An offer must be at least half the listed price.').waitFor();
    await amount.fill('5000');
    await main(page).getByRole('button', { name: 'Send offer' }).click();
    await page.getByText('Your offer was sent to the seller.').first().waitFor();
    const buyerCard = main(page).getByRole('article', { name: 'Offer on Ankara wrap skirt' });
    await buyerCard.getByText('Your offer: ₦5,000').waitFor();
    await buyerCard.getByText('Waiting for the seller').waitFor();

    // The seller finds it in My offers, opens the conversation, and counters with ₦6,000 there.
    const sellerSession = await newSession(browser);
    const sellerPage = sellerSession.page;
    await sellerPage.setViewportSize(PHONE);
    await logIn(sellerPage, seller, '/offers?role=selling');
    const received = main(sellerPage).getByRole('article', { name: `Offer on ${title}` });
    await received.getByText(`${buyer.username} offered ₦5,000`).waitFor();
    await received.getByRole('link', { name: 'Open the conversation' }).click();
    await sellerPage.waitForURL((url) => url.pathname.startsWith('/messages/'));
    const inThread = main(sellerPage).getByRole('article', { name: 'Offer on Ankara wrap skirt' });
    await inThread.getByRole('button', { name: 'Counter' }).click();
    await inThread.getByLabel('Your counter-offer in naira').fill('6000');
    await inThread.getByRole('button', { name: 'Send counter-offer' }).click();
    await sellerPage.getByText('Your counter-offer was sent to the buyer.').first().waitFor();
    await inThread.getByText('Counter-offer: ₦6,000').waitFor();
    // Nothing on the phone screen is wider than the screen.
    expect(await sellerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await sellerSession.context.close();

    // The buyer accepts the counter from My offers and pays ₦6,000, not ₦7,500.
    await page.goto('/offers');
    const mine = main(page).getByRole('article', { name: `Offer on ${title}` });
    await mine.getByText('Counter-offer: ₦6,000').waitFor();
    await mine.getByRole('button', { name: 'Accept ₦6,000' }).click();
    await mine.getByText('Accepted').waitFor();
    await mine.getByRole('link', { name: 'Pay ₦6,000' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/checkout' && url.searchParams.get('product') === listing.id,
    );
    await main(page)
      .getByText('Your offer was accepted: you pay the agreed price of ₦6,000 instead of ₦7,500.')
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await main(page).getByRole('button', { name: 'Pay ₦6,000.00' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/payment/sandbox/'));
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL((url) => url.pathname === '/confirmationPage' && url.searchParams.has('reference'));
    await main(page).getByRole('heading', { name: 'Payment successful.' }).waitFor();
    await main(page).getByText('₦6,000.00').first().waitFor();

    // My offers shows it paid.
    await page.goto('/offers');
    await main(page)
      .getByRole('article', { name: `Offer on ${title}` })
      .getByText('Paid')
      .waitFor();
    await buyerSession.context.close();
  });
});
