import type { Browser } from 'playwright-core';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, main, newSession, registerThroughApi, uniqueUser } from './support/browser';
import { approveThroughApi, listingThroughApi, verifiedSeller } from './support/seller';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const api = (path: string) => `${inject('baseUrl')}/api${path}`;

describe('donation requests in the browser', () => {
  it('a giver picks a recipient: the item leaves the home list and both have the hand-over conversation', async () => {
    const giver = await verifiedSeller();
    const title = `Baby cot ${Date.now().toString(36)}`;
    const listing = await listingThroughApi(giver, title, 'donation');
    await approveThroughApi(listing.id);
    const requester = uniqueUser();
    const { data: registered } = await registerThroughApi(requester);

    // The requester asks for it with a short reason.
    const asking = await newSession(browser);
    await logIn(asking.page, requester, `/product/${listing.id}`);
    await main(asking.page).getByRole('button', { name: 'Request this item' }).click();
    const dialog = asking.page.getByRole('dialog', { name: `Request "${title}"` });
    await dialog
      .getByLabel('Why would you like it?')
      .fill('For my first baby, due next month. I can collect in Ikeja.');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await asking.page.getByText('Your request has been sent to the giver.').first().waitFor();
    await main(asking.page).getByText('Waiting for the giver').waitFor();

    // The giver sees it on the listing and gives the item to them.
    const giving = await newSession(browser);
    await logIn(giving.page, giver, `/product/${listing.id}`);
    const requests = main(giving.page).getByRole('region', { name: /Requests for this item/ });
    await requests.getByText('For my first baby, due next month. I can collect in Ikeja.').waitFor();
    await requests.getByRole('button', { name: `Give to ${requester.username}` }).click();
    const confirm = giving.page.getByRole('dialog', { name: `Give this item to ${requester.username}?` });
    await confirm.getByRole('button', { name: `Give to ${requester.username}` }).click();
    await requests.getByText(`You gave this item to ${requester.username}.`).waitFor();
    const giverLink = requests.getByRole('link', {
      name: `Open the conversation with ${requester.username}`,
    });
    const giverConversation = await giverLink.getAttribute('href');
    expect(giverConversation).toMatch(/^\/messages\/[0-9a-f-]{36}$/);

    // Gone from the home list for everyone.
    const visitor = await newSession(browser);
    await visitor.page.goto('/');
    await main(visitor.page)
      .getByRole('article')
      .first()
      .or(main(visitor.page).getByText('No product has been uploaded yet'))
      .first()
      .waitFor();
    await expect
      .poll(
        async () => {
          await visitor.page.reload();
          await main(visitor.page).getByRole('heading', { level: 2 }).first().waitFor();
          return main(visitor.page).getByText(title).count();
        },
        { timeout: 10_000 },
      )
      .toBe(0);
    await visitor.context.close();

    // The recipient finds the same conversation in My requests.
    await asking.page.goto('/profile?tab=requests');
    const mine = main(asking.page).getByRole('listitem').filter({ hasText: title });
    await mine.getByText('Given to you').waitFor();
    const recipientLink = mine.getByRole('link', { name: `Open the conversation with ${giver.username}` });
    expect(await recipientLink.getAttribute('href')).toBe(giverConversation);

    // Both of them, and only they, can read it.
    const conversationId = giverConversation?.split('/').pop() ?? '';
    for (const token of [giver.token, registered.token]) {
      const response = await fetch(api(`/conversations/${conversationId}`), {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
    }
    const stranger = await registerThroughApi(uniqueUser());
    const refused = await fetch(api(`/conversations/${conversationId}`), {
      headers: { authorization: `Bearer ${stranger.data.token}` },
    });
    expect(refused.status).toBe(404);

    await asking.context.close();
    await giving.context.close();
  });
});
