import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { resetLiveEventsForTests } from '../../lib/live-events';
import { FakeEventSource, stubEventSource } from '../../test/fake-event-source';
import { answer, answerApi } from '../../test/api';
import { logInAsAdmin, renderRoutes } from '../../test/render-routes';
import { AdminNav } from '../../features/admin/components/admin-nav';
import { AdminNotificationsRoute } from './admin-notifications-page';

const routes = [{ path: '/admin/notifications', element: <AdminNotificationsRoute /> }];

const notification = (number: number, read: boolean) => ({
  id: `0d9e3b0a-5d7e-4c44-9d55-5b8a1f0e1a0${number}`,
  message: `New product uploaded: item ${number}`,
  code: 'TEXT' as const,
  params: { text: `New product uploaded: item ${number}` },
  read,
  createdAt: '2025-01-15T10:00:00.000Z',
});

function itemOf(message: string) {
  const item = screen.getByText(message).closest('li');
  if (!item) throw new Error(`No item for ${message}`);
  return item;
}

afterEach(async () => {
  resetLiveEventsForTests();
  await changeLanguage('en');
});

describe('admin notifications', () => {
  it('shows a new notification at the top, with the new unread count, as it arrives', async () => {
    logInAsAdmin();
    stubEventSource();
    const { calls } = answerApi({
      'GET /api/notifyAdmin/notifications': answer.page([notification(1, false), notification(2, true)], {
        unread: 1,
      }),
      'POST /api/events/ticket': answer.ok({ ticket: 'admin-ticket', expiresInSeconds: 60 }),
    });
    renderRoutes(
      [
        {
          path: '/admin/notifications',
          element: (
            <>
              <AdminNav />
              <AdminNotificationsRoute />
            </>
          ),
        },
      ],
      '/admin/notifications',
    );
    expect(await screen.findByText('Unread: 1')).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(FakeEventSource.latest().query.get('ticket')).toBe('admin-ticket');
    act(() => FakeEventSource.latest().send('ready', { resumed: false }, '20'));
    const fresh = {
      ...notification(3, false),
      message: 'New user registered: ada',
      params: { text: 'New user registered: ada' },
    };
    act(() => FakeEventSource.latest().send('notification', { notification: fresh, unread: 2 }, '21'));

    expect(await screen.findByText('Unread: 2')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-read'));
    expect(items[0]).toHaveTextContent('New user registered: ada');
    expect(items[0]).toHaveAttribute('data-read', 'false');
    // The same event again (a reconnection's replay) adds nothing.
    act(() => FakeEventSource.latest().send('notification', { notification: fresh, unread: 2 }, '21'));
    expect(screen.getAllByText('New user registered: ada')).toHaveLength(1);
    // Straight from the events: the list was read once, when the page opened.
    expect(calls.filter((call) => call.path.startsWith('/api/notifyAdmin/notifications'))).toHaveLength(1);
  });

  it('marks every notification read with an empty object body, and shows them all read', async () => {
    logInAsAdmin();
    let isMarked = false;
    const { callsTo } = answerApi({
      // After the change the fresh list is still on its way, so what the page shows is the local update.
      'GET /api/notifyAdmin/notifications': () =>
        isMarked
          ? new Promise<Response>(() => {})
          : answer.ok([notification(1, false), notification(2, false), notification(3, true)]),
      'PATCH /api/notifyAdmin/notifications/mark-all-read': () => {
        isMarked = true;
        return answer.ok(null, 'All notifications marked as read.');
      },
    });
    const { user } = renderRoutes(routes, '/admin/notifications');

    expect(await screen.findByText('Unread: 2')).toBeInTheDocument();
    expect(itemOf('New product uploaded: item 1')).toHaveAttribute('data-read', 'false');
    expect(within(itemOf('New product uploaded: item 1')).getByText('New')).toBeInTheDocument();
    expect(itemOf('New product uploaded: item 3')).toHaveAttribute('data-read', 'true');

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));

    expect(await screen.findByText('All notifications marked as read.')).toBeInTheDocument();
    const [call] = callsTo('PATCH', '/api/notifyAdmin/notifications/mark-all-read');
    expect(call?.body).toEqual({});
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.headers.get('Authorization')).toBe('Bearer admin-token');
    expect(screen.getByText('Unread: 0')).toBeInTheDocument();
    for (const number of [1, 2, 3]) {
      expect(itemOf(`New product uploaded: item ${number}`)).toHaveAttribute('data-read', 'true');
    }
    expect(screen.queryByRole('button', { name: /^Mark as read/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('marks one notification read', async () => {
    logInAsAdmin();
    const first = notification(1, false);
    let isFirstRead = false;
    const { callsTo } = answerApi({
      'GET /api/notifyAdmin/notifications': () =>
        answer.ok([{ ...first, read: isFirstRead }, notification(2, false)]),
      [`PATCH /api/notifyAdmin/notifications/${first.id}/mark-read`]: () => {
        isFirstRead = true;
        return answer.ok({ ...first, read: true }, 'Notification marked as read.');
      },
    });
    const { user } = renderRoutes(routes, '/admin/notifications');
    await user.click(
      await screen.findByRole('button', { name: 'Mark as read: New product uploaded: item 1' }),
    );

    expect(await screen.findByText('Notification marked as read.')).toBeInTheDocument();
    expect(callsTo('PATCH', `/api/notifyAdmin/notifications/${first.id}/mark-read`)).toHaveLength(1);
    expect(itemOf('New product uploaded: item 1')).toHaveAttribute('data-read', 'true');
    expect(itemOf('New product uploaded: item 2')).toHaveAttribute('data-read', 'false');
  });

  it('links a notification about a new listing to its edit page', async () => {
    logInAsAdmin();
    const productId = '7a9e3b0a-5d7e-4c44-9d55-5b8a1f0e1a01';
    answerApi({
      'GET /api/notifyAdmin/notifications': answer.ok([
        {
          ...notification(1, false),
          message: 'New listing awaiting approval: "Lamp" by ada',
          code: 'LISTING_SUBMITTED',
          params: { title: 'Lamp', username: 'ada', productId },
        },
      ]),
    });
    renderRoutes(routes, '/admin/notifications');
    await screen.findByText('New listing awaiting approval: "Lamp" by ada');
    const item = itemOf('New listing awaiting approval: "Lamp" by ada');
    expect(within(item).getByRole('link', { name: 'See the listing' })).toHaveAttribute(
      'href',
      `/admin/products/edit/${productId}`,
    );
  });

  it('links a notification about a payment to that transaction, and one without a reference nowhere', async () => {
    logInAsAdmin();
    answerApi({
      'GET /api/notifyAdmin/notifications': answer.ok([
        {
          ...notification(1, false),
          message: 'Payment received: ₦8,000.00 for "Lamp" from ada to tunde (reference OJA-REF/1).',
          code: 'PAYMENT_RECEIVED',
          params: {
            title: 'Lamp',
            amount: '₦8,000.00',
            buyer: 'ada',
            seller: 'tunde',
            reference: 'OJA-REF/1',
          },
        },
        notification(2, false),
      ]),
    });
    renderRoutes(routes, '/admin/notifications');
    const text = 'Payment received: ₦8,000.00 for "Lamp" from ada to tunde (reference OJA-REF/1).';
    await screen.findByText(text);
    expect(within(itemOf(text)).getByRole('link', { name: 'See the transaction' })).toHaveAttribute(
      'href',
      '/admin/transactions?reference=OJA-REF%2F1',
    );
    expect(within(itemOf(text)).queryByRole('link', { name: 'See the listing' })).not.toBeInTheDocument();
    expect(within(itemOf('New product uploaded: item 2')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('counts reports in the reader’s language with plurals: 1 open report, 3 open reports (issue 32)', async () => {
    logInAsAdmin();
    const reported = (number: number, reports: string) => ({
      ...notification(number, true),
      code: 'LISTING_REPORTED' as const,
      message: `Listing reported: "Lamp ${number}" (${reports} open reports). Check the reasons on the listing.`,
      params: { title: `Lamp ${number}`, reports, productId: 'a3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a61' },
    });
    answerApi({
      'GET /api/notifyAdmin/notifications': answer.page([reported(1, '1'), reported(2, '3')], { unread: 0 }),
    });
    await changeLanguage('fr');
    renderRoutes(routes, '/admin/notifications');
    expect(await screen.findByText(/« Lamp 1 » \(1 signalement ouvert\)/)).toBeInTheDocument();
    expect(screen.getByText(/« Lamp 2 » \(3 signalements ouverts\)/)).toBeInTheDocument();
    await changeLanguage('en');
    expect(await screen.findByText(/"Lamp 1" \(1 open report\)/)).toBeInTheDocument();
    expect(screen.getByText(/"Lamp 2" \(3 open reports\)/)).toBeInTheDocument();
  });

  it("says 'No notifications available.' when there are none", async () => {
    logInAsAdmin();
    answerApi({ 'GET /api/notifyAdmin/notifications': answer.ok([]) });
    renderRoutes(routes, '/admin/notifications');
    expect(await screen.findByText('No notifications available.')).toBeInTheDocument();
  });

  it('loads older notifications with Load more, so a flood cannot bury them (issue 9)', async () => {
    logInAsAdmin();
    answerApi({
      'GET /api/notifyAdmin/notifications': answer.page([notification(1, false)], {
        nextCursor: 'older',
        unread: 2,
      }),
      'GET /api/notifyAdmin/notifications?pageSize=50&cursor=older': answer.page([notification(2, false)], {
        unread: 2,
      }),
    });
    const { user } = renderRoutes(routes, '/admin/notifications');
    expect(await screen.findByText('New product uploaded: item 1')).toBeInTheDocument();
    expect(screen.queryByText('New product uploaded: item 2')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('New product uploaded: item 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
