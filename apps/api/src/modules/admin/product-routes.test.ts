import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAuditLog, media, products } from '../../db/schema';
import { bearer, multipart, registerUser } from '../../../test/helper';
import { jpegWithExif, png } from '../../../test/fixtures';
import { walkPages } from '../../../test/paging';
import { sellerListing, useAdminApp } from '../../../test/listings';

const { testApp, admin } = useAdminApp();

const pendingListing = (title = 'Blue Ankara shirt') => sellerListing(testApp.app, { fields: { title } });

// What an edit leaves behind: the files under DATA_DIR/media and the seller's media rows.
async function storedMedia(sellerId: string) {
  const dir = path.join(testApp.dataDir, 'media');
  const files = existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length
    : 0;
  const rows = await testApp.app.db.select({ id: media.id }).from(media).where(eq(media.ownerId, sellerId));
  return { files, rows: rows.length };
}

const editOverMultipart = (productId: string, parts: Parameters<typeof multipart>[0]) => {
  const body = multipart(parts);
  return testApp.app.inject({
    method: 'PUT',
    url: `/api/adminProduct/${productId}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(admin.token) },
  });
};

const asAdmin = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });

describe('who may moderate', () => {
  it('refuses visitors, users and the listing’s own seller on every admin product route', async () => {
    const { seller, product } = await pendingListing();
    const user = await registerUser(testApp.app);
    const routes: ['GET' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', '/api/adminProduct'],
      ['GET', `/api/adminProduct/${product.id}`],
      ['PUT', `/api/adminProduct/${product.id}`, { title: 'Hacked' }],
      ['DELETE', `/api/adminProduct/${product.id}`],
      ['PUT', `/api/adminProduct/${product.id}/status`, { status: 'approved' }],
      ['GET', '/api/admin/all-transactions'],
      ['GET', '/api/admin/users'],
    ];
    for (const [method, url, payload] of routes) {
      for (const headers of [{}, bearer(user.token), bearer(seller.token)]) {
        const response = await testApp.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }
    }
    const untouched = await asAdmin('GET', `/api/adminProduct/${product.id}`);
    expect(untouched.json().data).toMatchObject({ title: 'Blue Ankara shirt', status: 'pending' });
  });
});

describe('moderation', () => {
  it('lists every product in every status, filtered by status', async () => {
    const { product } = await pendingListing('Filter me');
    const all = (await asAdmin('GET', '/api/adminProduct'))
      .json()
      .data.map((card: { id: string }) => card.id);
    expect(all).toContain(product.id);
    const approved = (await asAdmin('GET', '/api/adminProduct?status=approved'))
      .json()
      .data.map((card: { id: string }) => card.id);
    expect(approved).not.toContain(product.id);
    expect((await asAdmin('GET', '/api/adminProduct?status=sold')).statusCode).toBe(400);
  });

  it('approves a pending listing: it goes public, the seller is notified, and the audit log records it', async () => {
    const { seller, product } = await pendingListing('Approve me');
    const response = await asAdmin('PUT', `/api/adminProduct/${product.id}/status`, { status: 'approved' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Product approved.', data: { status: 'approved' } });

    expect((await testApp.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(200);
    const home = (await testApp.app.inject({ url: '/api/products' }))
      .json()
      .data.map((card: { id: string }) => card.id);
    expect(home).toContain(product.id);

    const notifications = (
      await testApp.app.inject({ url: '/api/notify/notifications', headers: bearer(seller.token) })
    ).json().data;
    expect(notifications[0]).toMatchObject({
      message: 'Your listing "Approve me" was approved and is now visible to buyers.',
      code: 'LISTING_APPROVED',
      params: { title: 'Approve me', productId: product.id },
      read: false,
    });

    const detail = (await asAdmin('GET', `/api/adminProduct/${product.id}`)).json().data;
    expect(detail.audit).toHaveLength(1);
    expect(detail.audit[0]).toMatchObject({
      action: 'approve',
      adminEmail: 'admin@oja.test',
      before: { status: 'pending' },
      after: { status: 'approved' },
    });
  });

  it('rejects with a reason that the seller sees, and refuses a second decision with 409', async () => {
    const { seller, product } = await pendingListing('Reject me');
    const response = await asAdmin('PUT', `/api/adminProduct/${product.id}/status`, {
      status: 'rejected',
      reason: 'Pictures are blurry.',
    });
    expect(response.json()).toMatchObject({
      message: 'Product rejected.',
      data: { status: 'rejected', rejectionReason: 'Pictures are blurry.' },
    });
    const notifications = (
      await testApp.app.inject({ url: '/api/notify/notifications', headers: bearer(seller.token) })
    ).json().data;
    expect(notifications[0]).toMatchObject({
      message: 'Your listing "Reject me" was rejected. Reason: Pictures are blurry.',
      code: 'LISTING_REJECTED_WITH_REASON',
      params: { title: 'Reject me', reason: 'Pictures are blurry.', productId: product.id },
    });
    const own = (
      await testApp.app.inject({ url: `/api/products/${product.id}`, headers: bearer(seller.token) })
    ).json().data;
    expect(own.rejectionReason).toBe('Pictures are blurry.');

    const again = await asAdmin('PUT', `/api/adminProduct/${product.id}/status`, { status: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a pending product can be approved or rejected.');
  });

  it('refuses a decision about a version the admin did not see: 409, and the new text stays pending', async () => {
    const { seller, product } = await pendingListing('Wax print fabric');
    const seen = (await asAdmin('GET', '/api/adminProduct?status=pending'))
      .json()
      .data.find((card: { id: string }) => card.id === product.id);
    expect(seen.updatedAt).toEqual(expect.any(String));

    const edit = await testApp.app.inject({
      method: 'PUT',
      url: `/api/myProducts/${product.id}`,
      headers: bearer(seller.token),
      payload: { title: 'Send deposit to 0123456785 first' },
    });
    expect(edit.statusCode).toBe(200);

    const stale = await asAdmin('PUT', `/api/adminProduct/${product.id}/status`, {
      status: 'approved',
      updatedAt: seen.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: 'This listing changed after you opened it. Please review the new version first.',
      error: { code: 'PRODUCT_CHANGED_SINCE_REVIEW' },
    });
    expect((await testApp.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(404);

    // The screen reloads and shows the new text with its version; a decision on that version goes through.
    const fresh = (await asAdmin('GET', `/api/adminProduct/${product.id}`)).json().data;
    expect(fresh).toMatchObject({ title: 'Send deposit to 0123456785 first', status: 'pending' });
    const rejected = await asAdmin('PUT', `/api/adminProduct/${product.id}/status`, {
      status: 'rejected',
      updatedAt: fresh.updatedAt,
    });
    expect(rejected.statusCode).toBe(200);
    expect(
      (
        await asAdmin('PUT', `/api/adminProduct/${product.id}/status`, {
          status: 'approved',
          updatedAt: 'yesterday',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('accepts the version of a listing never edited since its upload', async () => {
    const { product } = await pendingListing('Fresh upload');
    const seen = (await asAdmin('GET', '/api/adminProduct?status=pending'))
      .json()
      .data.find((card: { id: string }) => card.id === product.id);
    const response = await asAdmin('PUT', `/api/adminProduct/${product.id}/status`, {
      status: 'approved',
      updatedAt: seen.updatedAt,
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('answers 400 for a status other than approved or rejected, and 404 for an unknown product', async () => {
    const { product } = await pendingListing();
    for (const status of ['pending', 'sold', '', 42]) {
      const response = await asAdmin('PUT', `/api/adminProduct/${product.id}/status`, { status });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('STATUS_INVALID');
    }
    expect(
      (
        await asAdmin('PUT', '/api/adminProduct/00000000-0000-4000-8000-000000000000/status', {
          status: 'approved',
        })
      ).statusCode,
    ).toBe(404);
    expect((await asAdmin('GET', '/api/adminProduct/nope')).statusCode).toBe(404);
  });

  it('edits any field over multipart, switches sell to donate, adds a picture, and audits the change', async () => {
    const { product } = await pendingListing('Edit me');
    const body = multipart([
      { name: 'title', value: 'Edited by admin' },
      { name: 'tag', value: 'donate' },
      { name: 'images', value: await png(500, 500), filename: 'extra.png', contentType: 'image/png' },
    ]);
    const response = await testApp.app.inject({
      method: 'PUT',
      url: `/api/adminProduct/${product.id}`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(admin.token) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      title: 'Edited by admin',
      tag: 'Donate',
      price: null,
      status: 'pending',
    });
    expect(response.json().data.images).toHaveLength(2);
    const audit = (await asAdmin('GET', `/api/adminProduct/${product.id}`)).json().data.audit;
    expect(audit[0]).toMatchObject({
      action: 'edit',
      before: { title: 'Edit me', tag: 'For sale' },
      after: { title: 'Edited by admin', tag: 'Donate' },
    });
    expect(audit[0].before.images).toHaveLength(1);
    expect(audit[0].after.images).toHaveLength(2);
  });

  it('refuses an edit that breaks an upload rule, and changes nothing', async () => {
    const { product } = await pendingListing('Keep me');
    const response = await asAdmin('PUT', `/api/adminProduct/${product.id}`, { category: 'Electronics' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VIDEO_REQUIRED');
    expect((await asAdmin('GET', `/api/adminProduct/${product.id}`)).json().data.category).toBe('Clothes');
  });

  it('saves the whole form of a listing without a video when only its price changes (decision 006)', async () => {
    const { product } = await pendingListing('Old radio, no video');
    // A listing from before the video rule (or seeded): in a video category, with no video.
    await testApp.app.db.update(products).set({ category: 'Electronics' }).where(eq(products.id, product.id));
    // The web form sends every field, the unchanged category and tag included.
    const response = await editOverMultipart(product.id, [
      { name: 'title', value: 'Old radio, no video' },
      { name: 'category', value: 'Electronics' },
      { name: 'tag', value: 'sell' },
      { name: 'price', value: '6000' },
      { name: 'priceCategory', value: '500-15000' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ category: 'Electronics', price: 6000, video: null });
  });

  it('refuses an edit with an empty title and two new pictures, and stores neither picture', async () => {
    const { seller, product } = await pendingListing('Keep my pictures');
    const before = await storedMedia(seller.user.id);
    const response = await editOverMultipart(product.id, [
      { name: 'title', value: '' },
      { name: 'images', value: await png(500, 500), filename: 'one.png', contentType: 'image/png' },
      { name: 'images', value: await jpegWithExif(600, 400), filename: 'two.jpg', contentType: 'image/jpeg' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('TITLE_REQUIRED');
    expect(await storedMedia(seller.user.id)).toEqual(before);
    expect((await asAdmin('GET', `/api/adminProduct/${product.id}`)).json().data).toMatchObject({
      title: 'Keep my pictures',
      images: [expect.anything()],
    });
  });

  it('removes the pictures it stored when the edited listing breaks an upload rule', async () => {
    const { seller, product } = await pendingListing('Keep my category');
    const before = await storedMedia(seller.user.id);
    const response = await editOverMultipart(product.id, [
      { name: 'category', value: 'Electronics' },
      { name: 'images', value: await png(500, 500), filename: 'one.png', contentType: 'image/png' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VIDEO_REQUIRED');
    expect(await storedMedia(seller.user.id)).toEqual(before);
    expect((await asAdmin('GET', `/api/adminProduct/${product.id}`)).json().data).toMatchObject({
      category: 'Clothes',
      images: [expect.anything()],
    });
  });

  it('deletes a listing and keeps the audit entry', async () => {
    const { product } = await pendingListing('Delete me');
    const response = await asAdmin('DELETE', `/api/adminProduct/${product.id}`);
    expect(response.statusCode).toBe(200);
    expect((await asAdmin('GET', `/api/adminProduct/${product.id}`)).statusCode).toBe(404);
    const { adminAuditLog } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    const entries = await testApp.app.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.productId, product.id));
    expect(entries.map((entry) => entry.action)).toEqual(['delete']);
    expect(entries[0]?.before).toMatchObject({
      title: 'Delete me',
      images: [expect.stringMatching(/^\/media\/images\//)],
    });
  });

  it('tells admins about every new upload', async () => {
    const { seller, product } = await pendingListing('Announce me');
    const list = (await asAdmin('GET', '/api/notifyAdmin/notifications')).json().data;
    const announced = list.find(
      (n: { message: string }) =>
        n.message === `New listing awaiting approval: "Announce me" by ${seller.user.username}`,
    );
    expect(announced).toMatchObject({
      code: 'LISTING_SUBMITTED',
      params: { title: 'Announce me', username: seller.user.username, productId: product.id },
    });
  });
});

describe('a listing’s audit log, a page at a time (decision 091)', () => {
  it('shows the newest 50 with the listing, newest first with a tie to the microsecond, and pages the rest', async () => {
    const { product } = await pendingListing('Audited lamp');
    expect(
      (await asAdmin('PUT', `/api/adminProduct/${product.id}/status`, { status: 'approved' })).statusCode,
    ).toBe(200);
    // 52 older entries, minutes apart, two of them written in the same microsecond (set in SQL: a JavaScript Date
    // keeps milliseconds only): 53 in all.
    await testApp.app.db.execute(sql`
      insert into admin_audit_log (admin_email, action, product_id, created_at)
      select 'old' || n || '@oja.ng', 'edit', ${product.id},
        case when n in (7, 8) then '2026-01-01T00:00:00.123456Z'::timestamptz
             else now() - make_interval(mins => n) end
      from generate_series(1, 52) as n`);
    const stored = await testApp.app.db
      .select({ id: adminAuditLog.id, createdAt: adminAuditLog.createdAt })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.productId, product.id));
    expect(stored).toHaveLength(53);

    const detail = (await asAdmin('GET', `/api/adminProduct/${product.id}`)).json<{
      data: { audit: { id: string; action: string; createdAt: string }[]; auditNextCursor: string | null };
    }>().data;
    expect(detail.audit).toHaveLength(50);
    expect(detail.audit[0]).toMatchObject({ action: 'approve', adminEmail: expect.stringContaining('@') });
    expect(detail.auditNextCursor).toEqual(expect.any(String));

    const pages = await walkPages<{ id: string; adminEmail: string; createdAt: string }>(
      testApp.app,
      `/api/admin/products/${product.id}/audit`,
      { pageSize: 20, token: admin.token },
    );
    expect(pages.map((page) => page.data.length)).toEqual([20, 20, 13]);
    const walked = pages.flatMap((page) => page.data);
    expect(walked.slice(0, 50).map((entry) => entry.id)).toEqual(detail.audit.map((entry) => entry.id));
    expect(walked.map((entry) => entry.id).sort()).toEqual(stored.map((entry) => entry.id).sort());
    const times = walked.map((entry) => new Date(entry.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The tie sits last (the oldest), in id order, newest first.
    const tied = walked.slice(-2);
    expect(tied.map((entry) => entry.adminEmail).sort()).toEqual(['old7@oja.ng', 'old8@oja.ng']);
    expect(tied.map((entry) => entry.id)).toEqual(
      tied
        .map((entry) => entry.id)
        .sort()
        .reverse(),
    );

    const user = await registerUser(testApp.app);
    const asUser = await testApp.app.inject({
      url: `/api/admin/products/${product.id}/audit`,
      headers: bearer(user.token),
    });
    expect(asUser.statusCode).toBe(401);
    const tampered = await asAdmin(
      'GET',
      `/api/admin/products/${product.id}/audit?cursor=${Buffer.from('["x","y"]').toString('base64url')}`,
    );
    expect(tampered.statusCode).toBe(400);
    const unknown = await asAdmin('GET', `/api/admin/products/00000000-0000-4000-8000-000000000000/audit`);
    expect(unknown.json()).toMatchObject({ ok: true, data: [], meta: { nextCursor: null } });
  });
});
