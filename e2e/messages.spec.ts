import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  logIn,
  main,
  newSession,
  registerThroughApi,
  uniqueUser,
  type Session,
} from './support/browser';
import { approveThroughApi, listingThroughApi, verifiedSeller } from './support/seller';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

// A mark on the page's window: still there later means the page was never reloaded.
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { ojaNotReloaded?: boolean }).ojaNotReloaded = true;
  });
}
async function isSamePage(page: Page) {
  return page.evaluate(() => (window as unknown as { ojaNotReloaded?: boolean }).ojaNotReloaded === true);
}

describe('messages between buyer and seller', () => {
  const sessions: Session[] = [];
  afterAll(async () => {
    for (const session of sessions) await session.context.close();
  });

  it('a buyer messages a seller and the seller sees it live without reload', async () => {
    const seller = await verifiedSeller();
    const product = await listingThroughApi(seller, 'Blue Ankara wrapper');
    await approveThroughApi(product.id);
    const buyer = uniqueUser();
    await registerThroughApi(buyer);

    // The seller waits on their conversations page, its live stream open.
    const sellerSession = await newSession(browser);
    sessions.push(sellerSession);
    const sellerPage = sellerSession.page;
    const stream = sellerPage.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/events',
    );
    await logIn(sellerPage, seller, '/messages');
    await main(sellerPage)
      .getByText(/No conversations yet/)
      .waitFor();
    expect((await stream).headers()['content-type']).toContain('text/event-stream');
    await markPage(sellerPage);

    // The buyer opens the listing and messages the seller from it.
    const buyerSession = await newSession(browser);
    sessions.push(buyerSession);
    const buyerPage = buyerSession.page;
    await logIn(buyerPage, buyer, `/product/${product.id}`);
    await main(buyerPage).getByRole('button', { name: 'Message seller' }).click();
    await buyerPage.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    await main(buyerPage)
      .getByRole('heading', { level: 1, name: `Conversation with ${seller.username}` })
      .waitFor();
    const box = main(buyerPage).getByRole('textbox', { name: 'Your message' });
    await box.fill('Hello, is the wrapper still available?');
    await box.press('Enter');
    await main(buyerPage)
      .getByRole('listitem')
      .filter({ hasText: 'Hello, is the wrapper still available?' })
      .waitFor();
    await expect.poll(() => box.inputValue()).toBe('');

    // The seller's list shows the conversation, unread, and the header's badge counts it: no reload.
    const conversation = main(sellerPage).getByRole('link', { name: new RegExp(buyer.username) });
    await conversation.waitFor({ timeout: 10_000 });
    await conversation.getByText('Hello, is the wrapper still available?').waitFor();
    await conversation.getByText('1 unread').waitFor();
    await sellerPage.getByRole('link', { name: /Messages\s*1 unread/ }).waitFor();
    expect(await isSamePage(sellerPage)).toBe(true);

    // In the thread, the seller answers; the buyer's open thread shows the answer live, announced.
    await conversation.click();
    await main(sellerPage)
      .getByRole('heading', { level: 1, name: `Conversation with ${buyer.username}` })
      .waitFor();
    await markPage(buyerPage);
    const answer = main(sellerPage).getByRole('textbox', { name: 'Your message' });
    await answer.fill('Yes, you can pick it up in Ikeja.');
    await main(sellerPage).getByRole('button', { name: 'Send' }).click();
    await main(buyerPage)
      .getByRole('listitem')
      .filter({ hasText: 'Yes, you can pick it up in Ikeja.' })
      .waitFor({ timeout: 10_000 });
    await buyerPage
      .locator('[aria-live="polite"]')
      .filter({ hasText: `New message from ${seller.username}` })
      .waitFor();
    expect(await isSamePage(buyerPage)).toBe(true);
    // Opening the thread read the buyer's message: the seller's badge is gone.
    await expect.poll(() => sellerPage.getByRole('link', { name: /Messages\s*1 unread/ }).count()).toBe(0);
  });
});
