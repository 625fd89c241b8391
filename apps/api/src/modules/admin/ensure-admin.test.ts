import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { ensureAdmin } from './ensure-admin';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('admin bootstrap', () => {
  it('creates the admin once, then updates its password and ends its sessions when the password changes', async () => {
    const db = testApp.app.db;
    await ensureAdmin({ db, email: 'Boss@Oja.ng', password: 'first-password' });
    await ensureAdmin({ db, email: 'boss@oja.ng', password: 'first-password' });
    let rows = await db.select().from(admins);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe('boss@oja.ng');
    expect(rows[0]?.tokenVersion).toBe(0);

    await ensureAdmin({ db, email: 'boss@oja.ng', password: 'second-password' });
    rows = await db.select().from(admins);
    expect(rows).toHaveLength(1);
    expect(await verifyPassword('second-password', rows[0]?.passwordHash ?? '')).toBe(true);
    expect(rows[0]?.tokenVersion).toBe(1);
  });
});
