import { cleanup, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { OrdersPanel } from '../features/orders/components/orders-panel';
import { NotificationsRoute } from '../features/notifications/routes/notifications';
import { ProfileRoute } from '../features/profiles/routes/profile';
import { ReferralsPanel } from '../features/referrals/components/referrals-panel';
import { answer, answerApi, type Answer } from '../test/api';
import { profileOf, sessionUser } from '../test/fixtures/accounts';
import { order } from '../test/fixtures/payments';
import { logInAs, renderRoutes } from '../test/render-routes';
import { userSession } from '../lib/session';
import { STORAGE_KEYS } from '../lib/storage';

const welcome = {
  id: '0d9e3b0a-5d7e-4c44-9d55-5b8a1f0e1a01',
  message: 'Welcome to Oja',
  code: 'TEXT' as const,
  params: { text: 'Welcome to Oja' },
  read: false,
  createdAt: '2025-01-01T10:00:00.000Z',
};

// The network is gone: every call fails as a fetch does offline.
const offline = (): Answer => () => HttpResponse.error();

const notificationsRoutes = [{ path: '/notifications', element: <NotificationsRoute /> }];

describe('pages already seen, offline', () => {
  it('shows the notifications read on the last visit, with the time they were fetched', async () => {
    logInAs();
    answerApi({ 'GET /api/notify/notifications': answer.ok([welcome]) });
    renderRoutes(notificationsRoutes, '/notifications');
    expect(await screen.findByText('Welcome to Oja')).toBeInTheDocument();
    cleanup();

    // The next visit, offline: the page opens with the list kept, and says how old it is.
    answerApi({ 'GET /api/notify/notifications': offline() });
    renderRoutes(notificationsRoutes, '/notifications');
    expect(await screen.findByText('Welcome to Oja')).toBeInTheDocument();
    expect(await screen.findByText(/^Saved copy from .+: you are offline/)).toBeInTheDocument();
    expect(screen.queryByText('We could not load the notifications.')).not.toBeInTheDocument();
  });

  it('drops the plain list an earlier version kept for the notifications, and keeps the pages instead', async () => {
    logInAs();
    const earlier = { key: ['notifications'], data: [welcome], fetchedAt: Date.now() - 60_000 };
    localStorage.setItem(
      STORAGE_KEYS.offlineCopies,
      JSON.stringify({ userId: sessionUser.id, copies: { '["notifications"]': earlier } }),
    );
    answerApi({
      'GET /api/notify/notifications': answer.page([
        { ...welcome, message: 'Fresh notice', params: { text: 'Fresh notice' } },
      ]),
    });
    renderRoutes(notificationsRoutes, '/notifications');
    expect(await screen.findByText('Fresh notice')).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.offlineCopies) ?? '{}') as {
      copies: Record<string, { key: string[] }>;
    };
    expect(Object.values(stored.copies).map((copy) => copy.key)).toEqual([['notifications', 'pages']]);
  });

  // The profile page with its Referrals and Orders tabs (the others empty).
  const profileRoutes = [
    {
      path: '/profile',
      element: (
        <ProfileRoute
          addressField={null}
          bankDetails={() => null}
          referralsTab={(user) => <ReferralsPanel me={user} />}
          ordersTab={(user) => <OrdersPanel userId={user.id} />}
          myProductsTab={null}
          transactionsTab={null}
          myRequestsTab={null}
          impactTab={null}
        />
      ),
    },
  ];

  it('opens the profile and its Orders tab with the replies kept, not Loading and a failure', async () => {
    logInAs();
    const me = profileOf();
    answerApi({
      'GET /api/userProfile/profile': answer.ok(me),
      [`GET /api/orders/user/${sessionUser.id}`]: answer.ok([order()]),
    });
    renderRoutes(profileRoutes, '/profile?tab=orders');
    expect(await screen.findByRole('link', { name: 'Ankara dress' })).toBeInTheDocument();
    cleanup();

    answerApi({
      'GET /api/userProfile/profile': offline(),
      [`GET /api/orders/user/${sessionUser.id}`]: offline(),
    });
    renderRoutes(profileRoutes, '/profile?tab=orders');
    const orders = await screen.findByRole('tabpanel', { name: 'Orders' });
    expect(await within(orders).findByRole('link', { name: 'Ankara dress' })).toBeInTheDocument();
    expect(await within(orders).findByText(/^Saved copy from/)).toBeInTheDocument();
    expect(screen.queryByText('We could not load your profile.')).not.toBeInTheDocument();
  });

  it('opens the Referrals tab with the referrals kept, now that they are read a page at a time', async () => {
    logInAs();
    const tunde = {
      id: '1d2c3b4a-0000-4000-8000-000000000002',
      username: 'tunde',
      createdAt: welcome.createdAt,
    };
    answerApi({
      'GET /api/userProfile/profile': answer.ok(profileOf()),
      'GET /api/users/referrals?pageSize=30': answer.page([tunde]),
    });
    renderRoutes(profileRoutes, '/profile?tab=referrals');
    expect(await screen.findByText('tunde')).toBeInTheDocument();
    cleanup();

    answerApi({
      'GET /api/userProfile/profile': offline(),
      'GET /api/users/referrals?pageSize=30': offline(),
    });
    renderRoutes(profileRoutes, '/profile?tab=referrals');
    const referrals = await screen.findByRole('tabpanel', { name: 'Referrals' });
    expect(await within(referrals).findByText('tunde')).toBeInTheDocument();
    expect(screen.queryByText('We could not load your referrals.')).not.toBeInTheDocument();
  });

  it('forgets them at logout, and never shows one user’s replies to another on the same phone', async () => {
    logInAs();
    answerApi({ 'GET /api/notify/notifications': answer.ok([welcome]) });
    renderRoutes(notificationsRoutes, '/notifications');
    expect(await screen.findByText('Welcome to Oja')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.offlineCopies)).toContain('Welcome to Oja');
    userSession.clear();
    expect(localStorage.getItem(STORAGE_KEYS.offlineCopies)).toBeNull();
    cleanup();

    // Kept for the first user again, then another user signs in on the same browser.
    logInAs();
    renderRoutes(notificationsRoutes, '/notifications');
    expect(await screen.findByText('Welcome to Oja')).toBeInTheDocument();
    cleanup();
    logInAs({ ...sessionUser, id: 'f0e1d2c3-0000-4000-8000-0000000000aa', username: 'tunde' });
    answerApi({ 'GET /api/notify/notifications': offline() });
    renderRoutes(notificationsRoutes, '/notifications');
    expect(await screen.findByText('We could not load the notifications.')).toBeInTheDocument();
    expect(screen.queryByText('Welcome to Oja')).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.offlineCopies)).toBeNull();
  });
});
