import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { launchBrowser, logIn, main, newSession } from './support/browser';
import { approveThroughApi, buyThroughApi, listingThroughApi, verifiedSeller } from './support/seller';

// Buyer protection (issue 29, decision 058) in Chromium on a 360 px phone: the seller's money is held until
// the buyer has the item, and a problem the buyer reports is settled by an admin.
const PHONE = { width: 360, height: 740 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

// Reloads the page until `text` shows in `within` (a job or the sandbox moves things a few seconds later).
async function reloadUntil(page: Page, find: () => ReturnType<Page['getByText']>, timeout = 60_000) {
  await expect
    .poll(
      async () => {
        await page.reload();
        await main(page).waitFor();
        try {
          await find().first().waitFor({ timeout: 2_000 });
          return true;
        } catch {
          return false;
        }
      },
      { timeout, interval: 1_000 },
    )
    .toBe(true);
}

describe('buyer protection in the browser', () => {
  it('a buyer receives a parcel by courier and confirms receipt; the seller sees the payout paid', async () => {
    const seller = await verifiedSeller({ street: '14 Aminu Kano Crescent', city: 'Wuse 2', state: 'FCT' });
    const buyer = await verifiedSeller();
    const title = `Wax print fabric ${Date.now().toString(36)}`;
    const listing = await listingThroughApi(seller, title);
    await approveThroughApi(listing.id);

    // The product page says where the money goes before anyone pays.
    const { page, context } = await newSession(browser, { viewport: PHONE });
    await logIn(page, buyer, `/product/${listing.id}`);
    await main(page).getByText('Your money is held by Oja until you have the item.').waitFor();
    await buyThroughApi(buyer.token, listing.id, { courier: true });

    // The orders tab: once the courier has delivered (a step a second in this server), the time left to
    // confirm receipt or report a problem.
    await page.goto('/profile?tab=orders');
    const card = () => main(page).getByRole('listitem').filter({ hasText: title });
    await reloadUntil(page, () => card().getByText(/days? left to confirm receipt or report a problem/));
    await card().getByText('Delivered').first().waitFor();
    await card().getByRole('link', { name: 'Report a problem' }).waitFor();

    await card().getByRole('button', { name: 'Confirm receipt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Do you have the item?' });
    await dialog.getByRole('button', { name: 'Yes, I have it' }).click();
    await page.getByText('Thank you. The seller will now be paid.').first().waitFor();
    await card()
      .getByText(/The seller (is being paid|has been paid)\./)
      .waitFor();
    expect(await card().getByRole('button', { name: 'Confirm receipt' }).count()).toBe(0);
    await context.close();

    // The seller's payments: paid out once the transfer went through (the sandbox pays it a moment later).
    const sellerSession = await newSession(browser, { viewport: PHONE });
    await logIn(sellerSession.page, seller, '/payment-history');
    await reloadUntil(sellerSession.page, () => main(sellerSession.page).getByText(/^Paid out on /));
    // Their share of the item's ₦7,500 (90 percent), the courier's fee left out.
    await main(sellerSession.page).getByText('You receive ₦6,750.00').waitFor();
    await sellerSession.page.goto('/account-summary');
    await main(sellerSession.page)
      .getByText(/^Paid out on /)
      .waitFor();
    await sellerSession.context.close();
  });

  it('a buyer reports a problem, an admin refunds them, and the buyer sees the refund', async () => {
    const seller = await verifiedSeller();
    const buyer = await verifiedSeller();
    const title = `Rattan chair ${Date.now().toString(36)}`;
    const listing = await listingThroughApi(seller, title);
    await approveThroughApi(listing.id);
    await buyThroughApi(buyer.token, listing.id);

    const { page, context } = await newSession(browser, { viewport: PHONE });
    await logIn(page, buyer, '/profile?tab=orders');
    const card = () => main(page).getByRole('listitem').filter({ hasText: title });
    await card()
      .getByText(/left to confirm receipt or report a problem/)
      .waitFor();
    await card().getByRole('link', { name: 'Report a problem' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/report-problem'));

    // The form checks what is missing before sending, then opens the dispute's page.
    await main(page).getByRole('button', { name: 'Send the report' }).click();
    await main(page).getByText('Choose what went wrong.').waitFor();
    await main(page).getByLabel('What went wrong?').selectOption({ label: 'It arrived damaged' });
    await main(page).getByLabel('What happened?').fill('One leg of the chair is broken.');
    await main(page).getByRole('button', { name: 'Send the report' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/disputes/'));
    const disputePath = new URL(page.url()).pathname;
    await main(page)
      .getByRole('heading', { name: `Dispute about "${title}"` })
      .waitFor();
    // The report is the dispute's first message.
    await main(page)
      .getByRole('list', { name: 'Messages' })
      .getByText('One leg of the chair is broken.')
      .waitFor();
    await main(page).getByLabel('Your message').fill('I can send a photo of the leg.');
    await main(page).getByRole('button', { name: 'Send', exact: true }).click();
    await main(page)
      .getByRole('list', { name: 'Messages' })
      .getByText('I can send a photo of the leg.')
      .waitFor();

    // The admin: Disputes in the admin navigation, the open one, the buyer's message, a full refund.
    const admin = await newSession(browser, { viewport: PHONE });
    await admin.page.goto('/adminLogin');
    await main(admin.page).getByLabel('Email address').fill(inject('admin').email);
    await main(admin.page).getByLabel('Password').fill(inject('admin').password);
    await main(admin.page).getByRole('button', { name: 'Log in' }).click();
    await admin.page.waitForURL((url) => url.pathname === '/adminDashboard');
    await admin.page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Disputes' })
      .click();
    await admin.page.waitForURL((url) => url.pathname === '/admin/disputes');
    await main(admin.page)
      .getByRole('link', { name: `Open the dispute about "${title}"` })
      .click();
    await admin.page.waitForURL((url) => url.pathname === `/admin${disputePath}`);
    await main(admin.page).getByText('I can send a photo of the leg.').waitFor();
    // The admin answers in the thread; the buyer's page, open all along, shows it without a reload: it reads
    // the newest messages again every 15 s (DISPUTE_POLL_MS, decision 091).
    await main(admin.page).getByLabel('Your message').fill('Please send the photo here.');
    await main(admin.page).getByRole('button', { name: 'Send', exact: true }).click();
    await main(admin.page).getByText('Please send the photo here.').waitFor();
    // A mark on the page's window: a reload or another visit would take it away.
    await page.evaluate(() => ((window as unknown as { stayed?: boolean }).stayed = true));
    await main(page)
      .getByRole('list', { name: 'Messages' })
      .getByText('Please send the photo here.')
      .waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await main(admin.page).getByRole('radio', { name: 'Refund the buyer in full' }).check();
    await main(admin.page).getByRole('button', { name: 'Settle' }).click();
    await admin.page.getByText('The dispute is settled.').first().waitFor();
    await main(admin.page).getByText('Refunded to the buyer in full').waitFor();
    await admin.context.close();

    // The buyer's order: refunded to their card once the refund job has gone through.
    await page.goto('/profile?tab=orders');
    await reloadUntil(page, () => card().getByText('Refunded to your card.'));
    await context.close();
  });
});
