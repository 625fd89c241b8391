import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { launchBrowser, main, newSession, openMenu } from './support/browser';
import { listingThroughApi, verifiedSeller } from './support/seller';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('moderation in the browser', () => {
  it('the admin approves an upload: it appears on the home page and the seller sees the notification and the badge', async () => {
    const seller = await verifiedSeller();
    const title = `Yellow raincoat ${Date.now().toString(36)}`;
    await listingThroughApi(seller, title);

    const admin = await newSession(browser);
    await admin.page.goto('/adminDashboard');
    await admin.page.waitForURL((url) => url.pathname === '/adminLogin');
    await admin.page.getByText('Please login first').first().waitFor();
    await main(admin.page).getByLabel('Email address').fill(inject('admin').email);
    await main(admin.page).getByLabel('Password').fill(inject('admin').password);
    await main(admin.page).getByRole('button', { name: 'Log in' }).click();
    await admin.page.waitForURL((url) => url.pathname === '/adminDashboard');

    await main(admin.page)
      .getByRole('button', { name: `Approve ${title}` })
      .click();
    await admin.page.getByText('Product approved.').first().waitFor();
    // Approve and Reject are shown only while pending.
    await expect
      .poll(() =>
        main(admin.page)
          .getByRole('button', { name: `Approve ${title}` })
          .count(),
      )
      .toBe(0);
    expect(
      await main(admin.page)
        .getByRole('button', { name: `Reject ${title}` })
        .count(),
    ).toBe(0);
    await admin.context.close();

    const visitor = await newSession(browser);
    await visitor.page.goto('/');
    await main(visitor.page).getByText(title).first().waitFor();
    await visitor.context.close();

    const sellerSession = await newSession(browser);
    const { page } = sellerSession;
    await page.goto('/login?redirect=%2Fnotifications');
    await main(page).getByLabel('Email address').fill(seller.email);
    await main(page).getByLabel('Password').fill(seller.password);
    await main(page).getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/notifications');
    await openMenu(page);
    await page.getByRole('banner').getByText('1 unread').waitFor({ state: 'attached' });
    await main(page)
      .getByText(`Your listing "${title}" was approved and is now visible to buyers.`)
      .waitFor();

    await main(page).getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => page.getByRole('banner').getByText('1 unread').count()).toBe(0);
    await sellerSession.context.close();
  });

  it('keeps users out of the admin area', async () => {
    const seller = await verifiedSeller();
    const { page, context } = await newSession(browser);
    await page.goto('/login');
    await main(page).getByLabel('Email address').fill(seller.email);
    await main(page).getByLabel('Password').fill(seller.password);
    await main(page).getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/admin/users');
    await page.waitForURL((url) => url.pathname === '/adminLogin');
    // A user's session does not open the admin area: the admin login form, no list of users.
    await main(page).getByRole('button', { name: 'Log in' }).waitFor();
    expect(await main(page).getByRole('table').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/adminLogin');
    await context.close();
  });
});
