import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginAsAdmin, registerUser, type TestApp } from '../../../test/helper';
import { notifyUser } from './service';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const inject = (method: 'GET' | 'PATCH', url: string, token?: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

describe('user notifications', () => {
  it('lists only my notifications, newest first, and marks one read', async () => {
    const me = await registerUser(testApp.app);
    const other = await registerUser(testApp.app);
    const productId = '00000000-0000-4000-8000-000000000001';
    await notifyUser({
      db: testApp.app.db,
      userId: me.user.id,
      content: { code: 'LISTING_APPROVED', params: { title: 'Blue dress', productId } },
    });
    await notifyUser({
      db: testApp.app.db,
      userId: other.user.id,
      content: { code: 'TEXT', params: { text: 'Not for you.' } },
    });

    const list = await inject('GET', '/api/notify/notifications', me.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      {
        id: expect.any(String),
        message: 'Your listing "Blue dress" was approved and is now visible to buyers.',
        code: 'LISTING_APPROVED',
        params: { title: 'Blue dress', productId },
        read: false,
        createdAt: expect.any(String),
      },
    ]);

    const id = list.json().data[0].id;
    const marked = await inject('PATCH', `/api/notify/notifications/${id}/mark-read`, me.token);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data).toMatchObject({ id, read: true });
    const profile = await inject('GET', '/api/userProfile/profile', me.token);
    expect(profile.json().data.notifications[0]).toMatchObject({ id, read: true });
  });

  it("answers 404 when marking another user's notification, and leaves it unread", async () => {
    const me = await registerUser(testApp.app);
    const other = await registerUser(testApp.app);
    await notifyUser({
      db: testApp.app.db,
      userId: other.user.id,
      content: { code: 'TEXT', params: { text: 'Private to other.' } },
    });
    const [theirs] = (await inject('GET', '/api/notify/notifications', other.token)).json().data;

    const response = await inject('PATCH', `/api/notify/notifications/${theirs.id}/mark-read`, me.token);
    expect(response.statusCode).toBe(404);
    const after = (await inject('GET', '/api/notify/notifications', other.token)).json().data;
    expect(after[0].read).toBe(false);
  });

  it('answers 404 for a malformed notification id, never 500', async () => {
    const me = await registerUser(testApp.app);
    const response = await inject('PATCH', '/api/notify/notifications/not-a-uuid/mark-read', me.token);
    expect(response.statusCode).toBe(404);
  });

  it('marks all of mine read and none of anyone else', async () => {
    const me = await registerUser(testApp.app);
    const other = await registerUser(testApp.app);
    await notifyUser({
      db: testApp.app.db,
      userId: me.user.id,
      content: { code: 'TEXT', params: { text: 'One' } },
    });
    await notifyUser({
      db: testApp.app.db,
      userId: me.user.id,
      content: { code: 'TEXT', params: { text: 'Two' } },
    });
    await notifyUser({
      db: testApp.app.db,
      userId: other.user.id,
      content: { code: 'TEXT', params: { text: 'Theirs' } },
    });

    const response = await inject('PATCH', '/api/notify/notifications/mark-read', me.token);
    expect(response.statusCode).toBe(200);
    expect(
      (await inject('GET', '/api/notify/notifications', me.token))
        .json()
        .data.every((n: { read: boolean }) => n.read),
    ).toBe(true);
    expect((await inject('GET', '/api/notify/notifications', other.token)).json().data[0].read).toBe(false);
  });

  it('needs a login', async () => {
    expect((await inject('GET', '/api/notify/notifications')).statusCode).toBe(401);
    expect((await inject('PATCH', '/api/notify/notifications/mark-read')).statusCode).toBe(401);
  });
});

describe('admin notifications', () => {
  it('tells admins about every new user, and marks one or all read', async () => {
    const { token } = await loginAsAdmin(testApp.app);
    const newcomer = await registerUser(testApp.app);
    const list = await inject('GET', '/api/notifyAdmin/notifications', token);
    expect(list.statusCode).toBe(200);
    const mine = list
      .json()
      .data.find((n: { message: string }) => n.message === `New user registered: ${newcomer.user.username}`);
    expect(mine).toMatchObject({
      code: 'USER_REGISTERED',
      params: { username: newcomer.user.username },
      read: false,
    });

    const one = await inject('PATCH', `/api/notifyAdmin/notifications/${mine.id}/mark-read`, token);
    expect(one.json().data).toMatchObject({ id: mine.id, read: true });

    await registerUser(testApp.app);
    const all = await inject('PATCH', '/api/notifyAdmin/notifications/mark-all-read', token, {});
    expect(all.statusCode).toBe(200);
    const after = (await inject('GET', '/api/notifyAdmin/notifications', token)).json().data;
    expect(after.length).toBeGreaterThan(1);
    expect(after.every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it('answers 404 for an unknown admin notification id', async () => {
    const { token } = await loginAsAdmin(testApp.app);
    const response = await inject(
      'PATCH',
      '/api/notifyAdmin/notifications/00000000-0000-4000-8000-000000000000/mark-read',
      token,
    );
    expect(response.statusCode).toBe(404);
  });
});
