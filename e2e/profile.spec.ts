import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, main, newSession, registerThroughApi, uniqueUser } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('profile and bank verification in the browser', () => {
  it('fills the profile, picks a bank from the suggestions, verifies, saves, and is still Verified after a reload', async () => {
    const user = uniqueUser();
    await registerThroughApi(user);
    const { page, context } = await newSession(browser);
    await logIn(page, user, '/profile');
    const form = main(page);

    await form.getByLabel('Phone number').fill('+234 803 123 4567');
    await form.getByLabel('Address').fill('Lek');
    await page
      .getByRole('option', { name: /Lekki, Lagos/ })
      .first()
      .click();
    await expect.poll(() => form.getByLabel('State').inputValue()).toBe('Lagos');
    await form.getByLabel('Street').fill('14 Admiralty Way');
    await form.getByLabel('Bio').fill('Selling what my family no longer uses.');

    // Verify needs both fields first (spec §5).
    await form.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Please fill in the account number and bank name to verify.').first().waitFor();

    await form.getByLabel('Account number').fill('0123456785');
    await form.getByLabel('Bank name').fill('Guaranty');
    await page.getByRole('option', { name: 'Guaranty Trust Bank' }).click();
    await form.getByRole('button', { name: 'Verify' }).click();
    await page
      .getByText('Bank details verified successfully. Save changes to update profile')
      .first()
      .waitFor();
    await form.getByRole('button', { name: 'Verified' }).waitFor();
    const accountName = await form.getByLabel('Account name').inputValue();
    expect(accountName.length).toBeGreaterThan(3);
    expect(await form.getByLabel('Account number').isEditable()).toBe(false);

    await form.getByRole('button', { name: 'Save Changes' }).click();
    await page
      .getByText("Profile updated successfully! You're eligible to upload products")
      .first()
      .waitFor();

    await page.reload();
    await main(page).getByRole('button', { name: 'Verified' }).waitFor();
    expect(await main(page).getByLabel('Account name').inputValue()).toBe(accountName);
    expect(await main(page).getByLabel('Phone number').inputValue()).toBe('08031234567');
    await context.close();
  });

  it('refuses an account number whose NUBAN check digit is wrong', async () => {
    const user = uniqueUser();
    await registerThroughApi(user);
    const { page, context } = await newSession(browser);
    await logIn(page, user, '/profile');
    const form = main(page);
    await form.getByLabel('Account number').fill('0123456789');
    await form.getByLabel('Bank name').fill('Guaranty');
    await page.getByRole('option', { name: 'Guaranty Trust Bank' }).click();
    await form.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Failed to verify bank details.').first().waitFor();
    expect(await form.getByRole('button', { name: 'Verified' }).count()).toBe(0);
    await context.close();
  });

  it("downloads the user's data, then deletes the account with its password: logged out, and the old password signs in no more", async () => {
    const user = uniqueUser();
    await registerThroughApi(user);
    const { page, context } = await newSession(browser);
    await logIn(page, user, '/profile');
    const form = main(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      form.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^oja-my-data-\d{4}-\d{2}-\d{2}\.json$/);

    await form.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Your password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('This password is not correct. Your account was not deleted.').waitFor();

    await dialog.getByLabel('Your password').fill(user.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('Your account has been deleted. Goodbye!').first().waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');

    await page.goto('/login');
    await main(page).getByLabel('Email address').fill(user.email);
    await main(page).getByLabel('Password').fill(user.password);
    await main(page).getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Invalid email or password.').first().waitFor();
    await context.close();
  });
});
