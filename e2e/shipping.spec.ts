import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, main, newSession } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function fillAddress(
  group: Locator,
  address: { name: string; email: string; address: string; phone: string },
) {
  await group.getByLabel('Name', { exact: true }).fill(address.name);
  await group.getByLabel('Email address', { exact: true }).fill(address.email);
  await group.getByLabel('Address', { exact: true }).fill(address.address);
  await group.getByLabel('Phone number', { exact: true }).fill(address.phone);
}

describe('the courier rate tester in the browser', () => {
  it('prices a parcel from Abuja to Lagos with a sandbox courier, on a 360 px phone', async () => {
    const { page, context } = await newSession(browser);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/goshiip');
    const form = main(page);

    await form.getByLabel('Delivery type', { exact: true }).selectOption('interstate');
    await form.getByRole('option', { name: 'Red Star Express' }).waitFor({ state: 'attached' });
    await form.getByRole('button', { name: 'Get rate' }).click();
    await form.getByText('Please select a courier.').waitFor();

    await form.getByLabel('Courier', { exact: true }).selectOption('gig');
    await fillAddress(form.getByRole('group', { name: 'From (sender)' }), {
      name: 'Hauwa Bello',
      email: 'hauwa@example.ng',
      address: '5 Aminu Kano Crescent, Wuse 2, Abuja',
      phone: '08031234567',
    });
    await fillAddress(form.getByRole('group', { name: 'To (receiver)' }), {
      name: 'Tunde Bakare',
      email: 'tunde@example.ng',
      address: '12 Admiralty Way, Lekki, Lagos',
      phone: '08051234567',
    });
    const item = form.getByRole('group', { name: 'Item 1' });
    await item.getByLabel('Name', { exact: true }).fill('Blender');
    await item.getByLabel('Category', { exact: true }).fill('Household-Items');
    await item.getByLabel('Weight (kg)', { exact: true }).fill('2');
    await item.getByLabel('Value (₦)', { exact: true }).fill('15000');
    await form.getByRole('button', { name: 'Get rate' }).click();

    const result = form.getByRole('region', { name: 'Rate' });
    await result.getByText('₦3,700.00').waitFor();
    expect(await result.textContent()).toContain('GIG Logistics');
    expect(await result.textContent()).toContain('2-4 days');
    // Nothing sticks out sideways on a small phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });
});
