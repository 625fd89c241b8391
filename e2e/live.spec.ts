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

// Live notifications (decision 023) in Chromium, on a 360 px phone: the page stays open, the approval arrives.
describe('live notifications', () => {
  it('a seller on the notifications page sees an approval arrive, with the badge, without reloading', async () => {
    const seller = await verifiedSeller();
    const title = `Green kettle ${Date.now().toString(36)}`;
    const listing = await listingThroughApi(seller, title);

    const session = await newSession(browser, { serviceWorkers: 'allow' });
    const { page } = session;
    await page.setViewportSize({ width: 360, height: 740 });
    const streams: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/events') streams.push(request.url());
    });
    let loads = 0;
    page.on('load', () => (loads += 1));
    await logIn(page, seller, '/notifications');
    await expect.poll(() => streams.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const loadsBefore = loads;
    // The stream is open (the ready event came): give it a moment, then approve elsewhere.
    await page.waitForTimeout(500);

    await approveThroughApi(listing.id);
    await main(page)
      .getByText(`Your listing "${title}" was approved and is now visible to buyers.`)
      .waitFor({ timeout: 10_000 });
    await page.getByRole('banner').getByText('1 unread').waitFor({ state: 'attached', timeout: 10_000 });
    expect(loads).toBe(loadsBefore);
    // The stream went through the network, not the service worker's caches.
    expect(streams[0]).toContain('ticket=');
    await session.context.close();
  });
});
