import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('site config', () => {
  it('publishes the donation form address in the site config', async () => {
    const response = await testApp.app.inject({ url: '/api/site-config' });
    expect(response.json().data).toEqual({
      donateFormUrl: testApp.config.donateFormUrl,
      buyerProtection: true,
    });
  });
});
