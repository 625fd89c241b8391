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
import { approveThroughApi, buyThroughApi, listingThroughApi, verifiedSeller } from './support/seller';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('favourites and reviews in the browser', () => {
  it('a buyer saves an item, finds it under Saved, buys it, confirms collection and rates the seller, whose page shows it', async () => {
    const seller = await verifiedSeller();
    const title = `Green kaftan ${Date.now().toString(36)}`;
    const listing = await listingThroughApi(seller, title);
    await approveThroughApi(listing.id);
    const buyer = uniqueUser();
    const { data: buyerAccount } = await registerThroughApi(buyer);

    const { page, context } = await newSession(browser);
    await page.setViewportSize({ width: 360, height: 740 });
    await logIn(page, buyer, `/product/${listing.id}`);

    // Save on the product page: the button turns pressed.
    const save = main(page).getByRole('button', { name: 'Save', exact: true });
    await save.click();
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');

    // Saved, from the header.
    await openMenu(page);
    await page.getByRole('banner').getByRole('link', { name: 'Saved' }).click();
    await page.waitForURL((url) => url.pathname === '/saved');
    await main(page).getByRole('heading', { name: 'Saved items' }).waitFor();
    const card = main(page).getByRole('article').filter({ hasText: title });
    await card.waitFor();
    await expect
      .poll(() => card.getByRole('button', { name: `Save "${title}"` }).getAttribute('aria-pressed'))
      .toBe('true');

    // Bought and paid; sold, it stays under Saved as no longer available.
    await buyThroughApi(buyerAccount.token, listing.id);
    await page.reload();
    await card.getByText('No longer available').waitFor();

    // The orders tab (on this phone, the order's card): collected, then Rate the seller.
    await page.goto('/profile?tab=orders');
    const row = main(page).getByRole('listitem').filter({ hasText: title });
    await row.getByRole('button', { name: 'I have collected it' }).click();
    await row.getByRole('link', { name: 'Rate the seller' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/review'));
    await main(page).getByRole('heading', { name: 'Rate the seller' }).waitFor();

    // The stars with the keyboard: focus the first, then arrow to the fifth.
    await main(page).getByRole('radio', { name: '1 star', exact: true }).focus();
    await page.keyboard.press('Space');
    for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowRight');
    expect(await main(page).getByRole('radio', { name: '5 stars' }).isChecked()).toBe(true);
    await main(page).getByLabel('A few words about the seller').fill('Lovely kaftan, easy pickup.');
    await main(page).getByRole('button', { name: 'Publish my review' }).click();
    await main(page).getByText('Your review').waitFor();

    // The seller page: the rating and the review, and no e-mail or phone.
    await main(page)
      .getByRole('link', { name: `See ${seller.username}'s page and reviews` })
      .click();
    await page.waitForURL((url) => url.pathname === `/seller/${seller.username}`);
    await main(page).getByText('Lovely kaftan, easy pickup.').waitFor();
    await main(page).getByText('Rated 5 out of 5').first().waitFor({ state: 'attached' });
    await main(page).getByText('(1 review)').waitFor();
    const text = (await main(page).textContent()) ?? '';
    expect(text).not.toContain(seller.email);
    expect(text).not.toContain('08031234567');
    await context.close();

    // The seller answers once, on their own page.
    const sellerSession = await newSession(browser);
    await logIn(sellerSession.page, seller, `/seller/${seller.username}`);
    const reviews = main(sellerSession.page).getByRole('region', { name: 'Reviews' });
    await reviews.getByLabel('Your answer').fill('Thank you, enjoy it!');
    await reviews.getByRole('button', { name: 'Publish my answer' }).click();
    await reviews.getByText(`Answer from ${seller.username}`).waitFor();
    await expect.poll(() => reviews.getByLabel('Your answer').count()).toBe(0);
    await sellerSession.context.close();
  });
});
