import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import type { Me } from '@marketplace/shared/schemas/accounts';
import { Header } from '../../../app/layout/header';
import { changeLanguage, restoreLanguage } from '../../../i18n/i18n';
import { STORAGE_KEYS } from '../../../lib/storage';
import { answer, answerApi } from '../../../test/api';
import { logInAs, profileOf, renderRoutes } from '../../../test/render-routes';
import { NotificationsRoute } from './notifications';

const routes = [
  {
    path: '/notifications',
    element: (
      <>
        <Header />
        <NotificationsRoute />
      </>
    ),
  },
];

const now = '2025-01-15T10:00:00.000Z';
const notification = (number: number, read: boolean) => ({
  id: `0d9e3b0a-5d7e-4c44-9d55-5b8a1f0e1a0${number}`,
  message: `Your listing "Item ${number}" was approved and is now visible to buyers.`,
  code: 'LISTING_APPROVED' as const,
  params: { title: `Item ${number}`, productId: `7a9e3b0a-5d7e-4c44-9d55-5b8a1f0e1a0${number}` },
  read,
  createdAt: now,
});

function me(notifications: ReturnType<typeof notification>[]): Me {
  return profileOf({ notifications });
}

function itemOf(number: number) {
  const item = screen.getByText(notification(number, false).message).closest('li');
  if (!item) throw new Error(`No item ${number}`);
  return item;
}

afterEach(async () => {
  toast.dismiss();
  await changeLanguage('en');
});

describe('user notifications page', () => {
  it('marks all read, and the header badge follows', async () => {
    logInAs();
    let isAllRead = false;
    const list = () => [notification(1, isAllRead), notification(2, isAllRead), notification(3, true)];
    const { callsTo } = answerApi({
      'GET /api/notify/notifications': () => answer.ok(list()),
      'GET /api/userProfile/profile': () => answer.ok(me(list()), 'Profile fetched successfully.'),
      'GET /api/conversations/unread': answer.ok({ unread: 0 }),
      'PATCH /api/notify/notifications/mark-read': () => {
        isAllRead = true;
        return answer.ok(null, 'All notifications marked as read.');
      },
    });
    const { user } = renderRoutes(routes, '/notifications');

    const bell = await screen.findByRole('link', { name: /Notifications/ });
    expect(await within(bell).findByText('2 unread')).toBeInTheDocument();
    expect(await screen.findByText('Unread: 2')).toBeInTheDocument();
    expect(itemOf(1)).toHaveAttribute('data-read', 'false');
    expect(itemOf(3)).toHaveAttribute('data-read', 'true');

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));

    expect(await screen.findByText('All notifications marked as read.')).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/notify/notifications/mark-read')[0]?.headers.get('Authorization')).toBe(
      'Bearer user-token',
    );
    expect(screen.getByText('Unread: 0')).toBeInTheDocument();
    expect(itemOf(1)).toHaveAttribute('data-read', 'true');
    expect(itemOf(2)).toHaveAttribute('data-read', 'true');
    expect(within(bell).queryByText(/unread/)).not.toBeInTheDocument();
  });

  it('marks one notification read, and the badge counts one fewer', async () => {
    logInAs();
    let isFirstRead = false;
    const list = () => [notification(1, isFirstRead), notification(2, false)];
    const first = notification(1, false);
    const { callsTo } = answerApi({
      'GET /api/notify/notifications': () => answer.ok(list()),
      'GET /api/userProfile/profile': () => answer.ok(me(list())),
      'GET /api/conversations/unread': answer.ok({ unread: 0 }),
      [`PATCH /api/notify/notifications/${first.id}/mark-read`]: () => {
        isFirstRead = true;
        return answer.ok({ ...first, read: true }, 'Notification marked as read.');
      },
    });
    const { user } = renderRoutes(routes, '/notifications');
    const bell = await screen.findByRole('link', { name: /Notifications/ });
    expect(await within(bell).findByText('2 unread')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: `Mark as read: ${first.message}` }));

    expect(await screen.findByText('Notification marked as read.')).toBeInTheDocument();
    expect(callsTo('PATCH', `/api/notify/notifications/${first.id}/mark-read`)).toHaveLength(1);
    expect(itemOf(1)).toHaveAttribute('data-read', 'true');
    expect(itemOf(2)).toHaveAttribute('data-read', 'false');
    expect(await within(bell).findByText('1 unread')).toBeInTheDocument();
  });

  it("shows each notification in the reader's language, with a link to its listing", async () => {
    logInAs();
    localStorage.setItem(STORAGE_KEYS.language, 'fr');
    await restoreLanguage();
    answerApi({
      'GET /api/notify/notifications': answer.ok([notification(1, false)]),
      'GET /api/userProfile/profile': answer.ok(me([notification(1, false)])),
      'GET /api/conversations/unread': answer.ok({ unread: 0 }),
    });
    renderRoutes(routes, '/notifications');
    const text = await screen.findByText(
      'Votre annonce « Item 1 » a été approuvée et est maintenant visible par les acheteurs.',
    );
    const item = text.closest('li');
    if (!item) throw new Error('No item');
    expect(within(item).getByRole('link', { name: 'Voir l’annonce' })).toHaveAttribute(
      'href',
      `/product/${notification(1, false).params.productId}`,
    );
    expect(screen.queryByText(notification(1, false).message)).not.toBeInTheDocument();
  });

  it('links a notification about a dispute to the dispute’s page, in Spanish too (issue 29)', async () => {
    logInAs();
    localStorage.setItem(STORAGE_KEYS.language, 'es');
    await restoreLanguage();
    const disputeId = 'd1f0e2c3-0000-4000-8000-000000000001';
    const opened = {
      ...notification(1, false),
      message: 'tunde reported a problem with "Rattan chair".',
      code: 'DISPUTE_OPENED' as const,
      params: { title: 'Rattan chair', buyer: 'tunde', disputeId },
    };
    answerApi({
      'GET /api/notify/notifications': answer.ok([opened]),
      'GET /api/userProfile/profile': answer.ok(profileOf({ notifications: [opened] })),
      'GET /api/conversations/unread': answer.ok({ unread: 0 }),
    });
    renderRoutes(routes, '/notifications');
    const text = await screen.findByText(
      'tunde informó de un problema con «Rattan chair». Tu pago queda retenido hasta que se resuelva: responde en la disputa.',
    );
    const item = text.closest('li') as HTMLElement;
    expect(within(item).getByRole('link', { name: 'Abrir la disputa' })).toHaveAttribute(
      'href',
      `/disputes/${disputeId}`,
    );
  });

  it('keeps the notifications shown when Load more fails, says so at the button, and loads on the next try', async () => {
    logInAs();
    let nextPage = answer.fail(503, 'SERVICE_UNAVAILABLE', 'The service is unavailable.');
    answerApi({
      'GET /api/notify/notifications?pageSize=50': answer.page([notification(1, false)], {
        nextCursor: 'older',
      }),
      'GET /api/notify/notifications?pageSize=50&cursor=older': () => nextPage,
      'GET /api/userProfile/profile': answer.ok(me([notification(1, false)])),
      'GET /api/conversations/unread': answer.ok({ unread: 0 }),
    });
    const { user } = renderRoutes(routes, '/notifications');
    expect(await screen.findByText(notification(1, false).message)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(
      await screen.findByText(
        'The next page could not be loaded. Check your connection and try Load more again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(notification(1, false).message)).toBeInTheDocument();
    // Not a copy kept offline: the page shown is fresh.
    expect(screen.queryByText(/^Saved copy from/)).not.toBeInTheDocument();

    nextPage = answer.page([notification(2, true)]);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(notification(2, true).message)).toBeInTheDocument();
    expect(screen.queryByText(/The next page could not be loaded/)).not.toBeInTheDocument();
  });

  it('reads a page at a time: Load more brings the older notifications, and none is lost (issue 34)', async () => {
    logInAs();
    const { callsTo } = answerApi({
      'GET /api/notify/notifications?pageSize=50': answer.page(
        [notification(1, false), notification(2, false)],
        {
          nextCursor: 'older',
        },
      ),
      'GET /api/notify/notifications?pageSize=50&cursor=older': answer.page([notification(3, true)]),
      'GET /api/userProfile/profile': answer.ok(me([notification(1, false), notification(2, false)])),
      'GET /api/conversations/unread': answer.ok({ unread: 0 }),
    });
    const { user } = renderRoutes(routes, '/notifications');
    expect(await screen.findByText(notification(2, false).message)).toBeInTheDocument();
    expect(screen.queryByText(notification(3, true).message)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText(notification(3, true).message)).toBeInTheDocument();
    expect(itemOf(1)).toHaveAttribute('data-read', 'false');
    expect(callsTo('GET', '/api/notify/notifications?pageSize=50&cursor=older')).toHaveLength(1);
    // The last page: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("says 'No notifications available.' when there are none", async () => {
    logInAs();
    answerApi({
      'GET /api/notify/notifications': answer.ok([]),
      'GET /api/userProfile/profile': answer.ok(me([])),
      'GET /api/conversations/unread': answer.ok({ unread: 0 }),
    });
    renderRoutes(routes, '/notifications');
    expect(await screen.findByText('No notifications available.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });
});
