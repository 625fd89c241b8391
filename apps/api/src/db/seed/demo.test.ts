import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper';
import { seedDemoData } from './demo';

describe('demo data', () => {
  it('fills an empty database with three verified sellers and two dozen approved listings with pictures, once', async () => {
    const testApp = await buildTestApp();
    try {
      const storage = testApp.app.providers.mediaStorage;
      const accounts = await seedDemoData({ db: testApp.app.db, storage });
      expect(accounts.map((account) => account.email)).toEqual([
        'adaeze@demo.oja.ng',
        'tunde@demo.oja.ng',
        'hauwa@demo.oja.ng',
      ]);
      await seedDemoData({ db: testApp.app.db, storage });

      const home = (await testApp.app.inject({ url: '/api/products?pageSize=60' })).json();
      expect(home.data).toHaveLength(24);
      expect(new Set(home.data.map((card: { category: string }) => card.category))).toEqual(
        new Set(['Clothes', 'Electronics', 'Accessories', 'Household-Items']),
      );
      expect(
        home.data.every((card: { primaryImage: unknown }) => typeof card.primaryImage === 'string'),
      ).toBe(true);
      expect((await testApp.app.inject({ url: home.data[0].primaryImage })).statusCode).toBe(200);
      const picture = await testApp.app.inject({ url: home.data[0].media[0].variants[0].url });
      expect(picture.statusCode).toBe(200);
      expect(picture.rawPayload.length).toBeLessThanOrEqual(30 * 1024);

      // A newcomer's first searches find what they name: the phones, by a synonym too, and the sneakers.
      const titles = async (q: string) =>
        (await testApp.app.inject({ url: `/api/products?q=${q}` }))
          .json()
          .data.map((card: { title: string }) => card.title);
      expect(await titles('phone')).toEqual(
        expect.arrayContaining(['Samsung Galaxy A12, 64GB', 'Tecno Spark 7, 32GB']),
      );
      expect(await titles('mobile')).toEqual(
        expect.arrayContaining(['Samsung Galaxy A12, 64GB', 'Tecno Spark 7, 32GB']),
      );
      expect(await titles('shoe')).toEqual(['White sneakers, size 43']);

      const login = await testApp.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'tunde@demo.oja.ng', password: 'demo-password-2' },
      });
      expect(login.json().data.user.isVerified).toBe(true);
    } finally {
      await testApp.close();
    }
  }, 60_000);
});
