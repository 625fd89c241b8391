import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DisputeMessage } from '@marketplace/shared/schemas/payouts';
import { answer, answerApi, callsTo } from '../../../test/api';
import { logInAs, logInAsAdmin, renderRoutes } from '../../../test/render-routes';
import { DISPUTE_POLL_MS } from '../api/disputes';
import { DisputeView } from '../components/dispute-view';
import { dispute, disputeId, disputeMessage } from '../test-fixtures';
import { DisputeRoute } from './dispute';

const messagesPath = `/api/disputes/${disputeId}/messages`;

afterEach(() => {
  vi.useRealTimers();
});

// Message `number` of a thread: its body says its number, and a greater number is a later message.
const message = (number: number) =>
  disputeMessage({
    id: `e1f0e2c3-0000-4000-8000-00000000010${number}`,
    body: `Message ${number}`,
    createdAt: `2025-02-03T10:3${number}:00.000Z`,
  });

// The dispute page over a thread whose newest page is what `newest()` gives when it is asked for, with Messages 2
// and 1 before it; and the messages' bodies as shown, top to bottom.
async function renderThread(newest: () => DisputeMessage[]) {
  answerApi({
    [`GET /api/disputes/${disputeId}`]: answer.ok(dispute()),
    [`GET ${messagesPath}?pageSize=30`]: () => answer.page(newest(), { nextCursor: 'older' }),
    [`GET ${messagesPath}?pageSize=30&cursor=older`]: answer.page([message(2), message(1)], {
      nextCursor: null,
    }),
  });
  const { user } = renderRoutes(
    [{ path: '/disputes/:id', element: <DisputeRoute /> }],
    `/disputes/${disputeId}`,
  );
  const list = await screen.findByRole('list', { name: 'Messages' });
  const bodies = () =>
    within(list)
      .getAllByText(/^Message \d$/)
      .map((item) => item.textContent);
  return { user, bodies };
}

describe('the dispute page (issue 29)', () => {
  it('is headed Dispute while it loads, as its route is (decision 065)', async () => {
    logInAs();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    answerApi({
      [`GET /api/disputes/${disputeId}`]: async () => {
        await held;
        return answer.ok(dispute());
      },
      [`GET ${messagesPath}`]: answer.page([], { total: 0 }),
    });
    renderRoutes([{ path: '/disputes/:id', element: <DisputeRoute /> }], `/disputes/${disputeId}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Dispute' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Dispute about "Rattan chair"' })).toBeInTheDocument();
  });

  it('shows the buyer what was reported, where the money is and the messages, and adds theirs', async () => {
    logInAs();
    const messages = [disputeMessage()];
    answerApi({
      [`GET /api/disputes/${disputeId}`]: answer.ok(dispute()),
      [`GET ${messagesPath}`]: () => answer.page([...messages], { total: messages.length }),
      [`POST ${messagesPath}`]: (call) => {
        // The server answers newest first.
        messages.unshift(
          disputeMessage({
            id: 'e1f0e2c3-0000-4000-8000-000000000002',
            authorRole: 'buyer',
            author: 'tunde',
            body: (call.body as { body: string }).body,
          }),
        );
        return answer.ok(
          { id: 'e1f0e2c3-0000-4000-8000-000000000002' },
          'Your message was added to the dispute.',
          {
            status: 201,
          },
        );
      },
    });
    const { user } = renderRoutes(
      [{ path: '/disputes/:id', element: <DisputeRoute /> }],
      `/disputes/${disputeId}`,
    );

    expect(await screen.findByRole('heading', { name: 'Dispute about "Rattan chair"' })).toBeInTheDocument();
    expect(screen.getByText('It arrived damaged')).toBeInTheDocument();
    expect(screen.getByText('₦7,200.00 · Disputed')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(within(list).getByText('It was fine when the courier took it.')).toBeInTheDocument();
    expect(within(list).getByText(/Seller · chidi/)).toBeInTheDocument();
    // Only an admin settles it.
    expect(screen.queryByRole('button', { name: 'Settle' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Describe the problem in a few words.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your message'), 'Here is what I saw.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(list).findByText('Here is what I saw.')).toBeInTheDocument();
    expect(within(list).getByText(/Buyer \(you\)/)).toBeInTheDocument();
    expect(screen.getByLabelText('Your message')).toHaveValue('');
    expect(callsTo('POST', messagesPath)[0]?.body).toEqual({ body: 'Here is what I saw.', photos: [] });
    // Sending reads the newest page again, not every page shown.
    expect(callsTo('GET', messagesPath)).toHaveLength(2);
  });

  it('shows the newest messages, oldest of them first, and the earlier ones above them when asked', async () => {
    logInAs();
    const { user, bodies } = await renderThread(() => [message(4), message(3)]);
    expect(bodies()).toEqual(['Message 3', 'Message 4']);
    await user.click(screen.getByRole('button', { name: 'Earlier messages' }));
    await waitFor(() => expect(bodies()).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4']));
    expect(screen.queryByRole('button', { name: 'Earlier messages' })).not.toBeInTheDocument();
  });

  it('reads only the newest page again while open, and adds what came below the messages shown', async () => {
    // Only the poll's interval is faked: the rest of the page runs on real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    logInAs();
    let newest = [message(4), message(3)];
    const { user, bodies } = await renderThread(() => newest);
    await user.click(screen.getByRole('button', { name: 'Earlier messages' }));
    await waitFor(() => expect(bodies()).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4']));

    newest = [message(5), message(4)];
    vi.advanceTimersByTime(DISPUTE_POLL_MS);
    await waitFor(() =>
      expect(bodies()).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5']),
    );
    expect(callsTo('GET', messagesPath).map((call) => call.searchParams.get('cursor'))).toEqual([
      null,
      'older',
      null,
    ]);
  });

  it('says when it could not be loaded, and when it is settled no more messages are taken', async () => {
    logInAs();
    let fails = true;
    answerApi({
      [`GET /api/disputes/${disputeId}`]: () =>
        fails
          ? answer.fail(404, 'NOT_FOUND', 'Not found.')
          : answer.ok(dispute({ status: 'resolved', outcome: 'partial', refundAmount: 250_000 })),
      [`GET ${messagesPath}`]: answer.page([], { total: 0 }),
    });
    const { user } = renderRoutes(
      [{ path: '/disputes/:id', element: <DisputeRoute /> }],
      `/disputes/${disputeId}`,
    );
    expect(await screen.findByText('The dispute could not be loaded.')).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('₦2,500.00 refunded to the buyer, the rest paid to the seller'),
    ).toBeInTheDocument();
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    expect(screen.getByText('This dispute is settled; no more messages can be added.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your message')).not.toBeInTheDocument();
  });
});

describe('an admin settles a dispute (issue 29)', () => {
  function renderAdminDispute() {
    logInAsAdmin();
    return renderRoutes(
      [
        {
          path: '/admin/disputes/:id',
          element: (
            <DisputeView reader="admin" id={disputeId} frame={(_title, content) => <main>{content}</main>} />
          ),
        },
      ],
      `/admin/disputes/${disputeId}`,
    );
  }

  it('refunds part of the payment: naira typed, kobo sent, never as much as the buyer paid', async () => {
    let resolved = false;
    answerApi({
      [`GET /api/disputes/${disputeId}`]: () =>
        answer.ok(
          resolved
            ? dispute({ viewerRole: 'admin', status: 'resolved', outcome: 'partial', refundAmount: 250_050 })
            : dispute({ viewerRole: 'admin' }),
        ),
      [`GET ${messagesPath}`]: answer.page([disputeMessage()], { total: 1 }),
      [`POST /api/admin/disputes/${disputeId}/resolve`]: () => {
        resolved = true;
        return answer.ok(dispute({ viewerRole: 'admin', status: 'resolved' }), 'The dispute is settled.');
      },
    });
    const { user } = renderAdminDispute();
    await user.click(await screen.findByRole('radio', { name: 'Refund part, pay the seller the rest' }));
    const amount = screen.getByLabelText('Amount to refund (₦)');
    expect(screen.getByText('Less than the ₦8,000.00 the buyer paid.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Settle' }));
    expect(await screen.findByText('Enter the amount to refund, in naira.')).toBeInTheDocument();
    await user.type(amount, '8000');
    await user.click(screen.getByRole('button', { name: 'Settle' }));
    expect(await screen.findByText('The refund must be less than what the buyer paid.')).toBeInTheDocument();
    expect(callsTo('POST', `/api/admin/disputes/${disputeId}/resolve`)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '2,500.50');
    await user.click(screen.getByRole('button', { name: 'Settle' }));
    expect(await screen.findByText('The dispute is settled.')).toBeInTheDocument();
    expect(callsTo('POST', `/api/admin/disputes/${disputeId}/resolve`)[0]?.body).toEqual({
      outcome: 'partial',
      amount: 250_050,
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Settle' })).not.toBeInTheDocument());
    expect(callsTo('POST', `/api/admin/disputes/${disputeId}/resolve`)[0]?.headers.get('authorization')).toBe(
      'Bearer admin-token',
    );
  });

  it('refunds a chargeback in full without an amount; the chargeback shows Paystack’s reason and due date', async () => {
    answerApi({
      [`GET /api/disputes/${disputeId}`]: answer.ok(
        dispute({
          viewerRole: 'admin',
          isChargeback: true,
          details: 'Paystack: the cardholder says the item never arrived.',
          dueAt: '2025-02-04T01:30:00.000Z',
        }),
      ),
      [`GET ${messagesPath}`]: answer.page([], { total: 0 }),
      [`POST /api/admin/disputes/${disputeId}/resolve`]: answer.ok(
        dispute({ viewerRole: 'admin', status: 'resolved' }),
        'The dispute is settled.',
      ),
    });
    const { user } = renderAdminDispute();
    expect(await screen.findByRole('radio', { name: 'Refund the buyer in full' })).toBeChecked();
    expect(screen.getByText('Chargeback')).toBeInTheDocument();
    expect(screen.getByText(/^Answer Paystack by /)).toBeInTheDocument();
    expect(screen.getByText('Paystack: the cardholder says the item never arrived.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Amount to refund (₦)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Settle' }));
    expect(await screen.findByText('The dispute is settled.')).toBeInTheDocument();
    expect(callsTo('POST', `/api/admin/disputes/${disputeId}/resolve`)[0]?.body).toEqual({
      outcome: 'refund',
    });
  });
});
