import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, main, newSession, openMenu, registerThroughApi, uniqueUser } from './support/browser';
import { waitForResetLink } from './support/mail';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('accounts in the browser', () => {
  it('registers with a referral code from the link, logs out, and logs back in', async () => {
    const referrer = await registerThroughApi(uniqueUser());
    const { page, context } = await newSession(browser);
    const user = uniqueUser();

    await page.goto(`/register?ref=${referrer.data.user.refID}`);
    await expect
      .poll(() => main(page).getByLabel('Referral code (optional)').inputValue())
      .toBe(referrer.data.user.refID);
    await main(page).getByLabel('Full name').fill(user.fullName);
    await main(page).getByLabel('Username').fill(user.username);
    await main(page).getByLabel('Email address').fill(user.email);
    await main(page).getByLabel('Password', { exact: true }).fill(user.password);
    await main(page).getByLabel('Confirm password').fill('a-different-password');
    await main(page).getByLabel('I agree to receive promotions and discounts by email.').check();
    await main(page)
      .getByLabel(/I accept the terms and conditions/)
      .check();
    await main(page).getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Passwords do not match.').first().waitFor();

    await main(page).getByLabel('Confirm password').fill(user.password);
    await main(page).getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await openMenu(page);
    await page.getByRole('link', { name: `Your profile: ${user.username}` }).waitFor();

    await page.getByRole('button', { name: 'Log out' }).click();
    await openMenu(page);
    await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('oja.session'))).toBeNull();

    await page.goto('/login');
    await main(page).getByLabel('Email address').fill(user.email);
    await main(page).getByLabel('Password').fill(user.password);
    await main(page).getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await openMenu(page);
    await page.getByRole('link', { name: `Your profile: ${user.username}` }).waitFor();
    await context.close();
  });

  it('sends a visitor from a login-required page to /login and back to that page after logging in', async () => {
    const user = uniqueUser();
    await registerThroughApi(user);
    const { page, context } = await newSession(browser);

    await page.goto('/profile?tab=referrals');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/profile?tab=referrals');
    await page.getByText('Please login first').first().waitFor();

    await main(page).getByLabel('Email address').fill(user.email);
    await main(page).getByLabel('Password').fill('wrong-password-here');
    await main(page).getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Invalid email or password.').first().waitFor();

    await main(page).getByLabel('Password').fill(user.password);
    await main(page).getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/profile' && url.searchParams.get('tab') === 'referrals',
    );

    // Logging out from a login-only page goes home, without a 'Please login first' detour.
    await page.getByText('Please login first').first().waitFor({ state: 'detached', timeout: 10_000 });
    await openMenu(page);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByText('You have been logged out.').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByText('Please login first').count()).toBe(0);
    await context.close();
  });

  it('resets a forgotten password with the link from the mail', async () => {
    const user = uniqueUser();
    await registerThroughApi(user);
    const { page, context } = await newSession(browser);

    await page.goto('/forgot-password');
    await main(page).getByLabel('Email address').fill(user.email);
    await main(page).getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByText('If an account exists for this email, a reset link has been sent to it.')
      .first()
      .waitFor();

    const link = new URL(await waitForResetLink(user.email));
    await page.goto(`${link.pathname}${link.search}`);
    await main(page).getByLabel('New password', { exact: true }).fill('my-new-password-1');
    await main(page).getByLabel('Confirm new password').fill('my-new-password-1');
    await main(page).getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    await main(page).getByLabel('Email address').fill(user.email);
    await main(page).getByLabel('Password').fill('my-new-password-1');
    await main(page).getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // Logged in with the new password: the header names the user.
    await openMenu(page);
    await page.getByRole('link', { name: `Your profile: ${user.username}` }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('oja.session'))).not.toBeNull();
    await context.close();
  });

  it('switches to French, and French survives a reload', async () => {
    const { page, context } = await newSession(browser);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await openMenu(page);
    await page.getByRole('button', { name: /^Language/ }).click();
    await page
      .getByRole('button', { name: 'Français' })
      .or(page.getByRole('menuitem', { name: 'Français' }))
      .click();
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');

    // The choice reaches the server (the lang cookie), which draws pages in French from the first byte.
    const served = await page.request.get('/', { headers: { 'accept-language': 'en-NG' } });
    expect(await served.text()).toContain('<html lang="fr">');
    expect(served.headers()['content-language']).toBe('fr');

    await page.reload();
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await context.close();
  });
});
