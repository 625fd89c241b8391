import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import type { Conversation, ConversationSummary, Message } from '@marketplace/shared/schemas/messages';
import { Header } from '../../../app/layout/header';
import { changeLanguage } from '../../../i18n/i18n';
import { answer, answerApi } from '../../../test/api';
import { headerAnswers, logInAs, profileOf, renderRoutes } from '../../../test/render-routes';
import { offerFixture } from '../../../test/fixtures/offers';
import { ConversationRoute } from './conversation';
import { ConversationsRoute } from './conversations';

const conversationId = 'c3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a69';
const productId = 'a3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a61';
const listing = { id: productId, title: 'Samsung Galaxy A14', picture: null };
const at = '2025-01-15T10:00:00.000Z';

const routes = [
  {
    path: '/messages',
    element: (
      <>
        <Header />
        <ConversationsRoute />
      </>
    ),
  },
  { path: '/messages/:id', element: <ConversationRoute /> },
];

const summary = (overrides: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id: conversationId,
  listing,
  other: { username: 'chidi' },
  isOwner: false,
  lastMessage: { text: 'Yes, it is still available.', isMine: false, createdAt: at },
  unread: 2,
  lastActivityAt: at,
  ...overrides,
});

const head = (overrides: Partial<Conversation> = {}): Conversation => ({
  id: conversationId,
  listing,
  owner: { username: 'chidi' },
  user: { username: 'adaobi' },
  viewer: 'user',
  blockedByMe: false,
  blockedMe: false,
  reportedByMe: false,
  reports: [],
  createdAt: at,
  ...overrides,
});

const message = (id: number, text: string, isMine: boolean): Message => ({
  id: `0d9e3b0a-5d7e-4c44-9d55-5b8a1f0e1a0${id}`,
  conversationId,
  text,
  sender: { username: isMine ? 'adaobi' : 'chidi' },
  isMine,
  createdAt: at,
  readAt: null,
});

afterEach(async () => {
  toast.dismiss();
  await changeLanguage('en');
});

describe('conversations page', () => {
  it('lists conversations with the other person, the listing and unread counts, and the header badge', async () => {
    logInAs();
    answerApi({
      'GET /api/conversations': answer.page([
        summary(),
        summary({
          id: 'd3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a69',
          other: { username: 'bola' },
          unread: 0,
          lastMessage: null,
          isOwner: true,
        }),
      ]),
      'GET /api/conversations/unread': answer.ok({ unread: 2 }),
      'GET /api/userProfile/profile': answer.ok(profileOf()),
    });
    renderRoutes(routes, '/messages');

    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    const first = await screen.findByRole('link', { name: /chidi/ });
    expect(first).toHaveAttribute('href', `/messages/${conversationId}`);
    expect(within(first).getByText('About "Samsung Galaxy A14"')).toBeInTheDocument();
    expect(within(first).getByText('Yes, it is still available.')).toBeInTheDocument();
    expect(within(first).getByText('2 unread')).toBeInTheDocument();
    const second = screen.getByRole('link', { name: /bola/ });
    expect(within(second).getByText('About your listing "Samsung Galaxy A14"')).toBeInTheDocument();
    expect(within(second).getByText('No messages yet.')).toBeInTheDocument();

    // The header's messages link loads with a signed-in session.
    const headerLink = (await screen.findAllByRole('link', { name: /Messages/ })).find(
      (link) => link.getAttribute('href') === '/messages',
    );
    expect(headerLink).toBeDefined();
    expect(await within(headerLink!).findByText('2 unread')).toBeInTheDocument();
  });

  it('says so when there is no conversation, in French too', async () => {
    logInAs();
    await changeLanguage('fr');
    answerApi({
      ...headerAnswers(),
      'GET /api/conversations': answer.page([]),
    });
    renderRoutes(routes, '/messages');
    expect(await screen.findByText(/Aucune conversation pour l’instant/)).toBeInTheDocument();
  });

  it('offers to try again when the list cannot load', async () => {
    logInAs();
    answerApi({
      ...headerAnswers(),
      'GET /api/conversations': answer.fail(500, 'INTERNAL_ERROR', 'Something went wrong.'),
    });
    renderRoutes(routes, '/messages');
    expect(await screen.findByText('We could not load your messages.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('thread page', () => {
  it('keeps the heading Messages over "Loading..." until the thread names the other person', async () => {
    logInAs();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    answerApi({
      'GET /api/offers': answer.ok([]),
      [`GET /api/conversations/${conversationId}`]: async () => {
        await held;
        return answer.ok(head());
      },
      [`GET /api/conversations/${conversationId}/messages`]: answer.page([
        message(1, 'Is it available?', true),
      ]),
      [`POST /api/conversations/${conversationId}/read`]: answer.ok(null),
    });
    renderRoutes(routes, `/messages/${conversationId}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByRole('link', { name: /All messages/ })).toHaveAttribute('href', '/messages');
    await waitFor(() => expect(document.title).toBe('Messages · Oja'));
    release();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Conversation with chidi' }),
    ).toBeInTheDocument();
  });

  it('shows the offers made in the conversation a page at a time, the older ones with Load more (issue 34)', async () => {
    logInAs();
    const offerOf = (amount: number, id: string) =>
      offerFixture({ id, amount, status: 'declined', conversationId, role: 'buyer' });
    answerApi({
      [`GET /api/offers?pageSize=30&conversationId=${conversationId}`]: answer.page(
        [offerOf(32_000, '4b2f8a1e-3c5d-4e6f-8a9b-0c1d2e3f4a02')],
        { nextCursor: 'older' },
      ),
      [`GET /api/offers?pageSize=30&conversationId=${conversationId}&cursor=older`]: answer.page(
        [offerOf(30_000, '4b2f8a1e-3c5d-4e6f-8a9b-0c1d2e3f4a01')],
        { nextCursor: null },
      ),
      [`GET /api/conversations/${conversationId}`]: answer.ok(head()),
      [`GET /api/conversations/${conversationId}/messages`]: answer.page([]),
      [`POST /api/conversations/${conversationId}/read`]: answer.ok(null),
    });
    const { user } = renderRoutes(routes, `/messages/${conversationId}`);
    expect(await screen.findByText(/₦32,000/)).toBeInTheDocument();
    expect(screen.queryByText(/₦30,000/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(/₦30,000/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the messages oldest first, reads them, and sends with Enter from the labelled box', async () => {
    logInAs();
    const sent = message(3, 'Can you deliver to Yaba?', true);
    const { callsTo } = answerApi({
      // The offers made in the conversation (decision 061): none here.
      'GET /api/offers': answer.ok([]),
      [`GET /api/conversations/${conversationId}`]: answer.ok(head()),
      [`GET /api/conversations/${conversationId}/messages`]: answer.page([
        message(2, 'Yes, it is still available.', false),
        message(1, 'Is it available?', true),
      ]),
      [`POST /api/conversations/${conversationId}/read`]: answer.ok(null),
      [`POST /api/conversations/${conversationId}/messages`]: () => answer.ok(sent, 'Message sent.'),
    });
    const { user } = renderRoutes(routes, `/messages/${conversationId}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Conversation with chidi' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'About "Samsung Galaxy A14"' })).toHaveAttribute(
      'href',
      `/product/${productId}`,
    );
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('You: Is it available?'),
      expect.stringContaining('chidi: Yes, it is still available.'),
    ]);
    // The other person's unread message is read on opening.
    await screen.findByRole('textbox', { name: 'Your message' });
    expect(callsTo('POST', `/api/conversations/${conversationId}/read`)).toHaveLength(1);

    const box = screen.getByRole('textbox', { name: 'Your message' });
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(box, '  Can you deliver to Yaba?  {Enter}');
    expect(await screen.findByText('Can you deliver to Yaba?')).toBeInTheDocument();
    expect(callsTo('POST', `/api/conversations/${conversationId}/messages`)[0]?.body).toEqual({
      text: 'Can you deliver to Yaba?',
    });
    expect(box).toHaveValue('');
  });

  it('keeps the text and says why when sending is refused', async () => {
    logInAs();
    answerApi({
      // The offers made in the conversation (decision 061): none here.
      'GET /api/offers': answer.ok([]),
      [`GET /api/conversations/${conversationId}`]: answer.ok(head()),
      [`GET /api/conversations/${conversationId}/messages`]: answer.page([]),
      [`POST /api/conversations/${conversationId}/messages`]: answer.fail(
        403,
        'MESSAGE_BLOCKED',
        'This person has blocked you, so you cannot send them messages.',
      ),
    });
    const { user } = renderRoutes(routes, `/messages/${conversationId}`);
    expect(await screen.findByText('No messages yet. Say hello and ask about the item.')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Your message' });
    await user.type(box, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('This person has blocked you, so you cannot send them messages.'),
    ).toBeInTheDocument();
    expect(box).toHaveValue('Hello');
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });

  it('replaces the box with a clear notice when the other person blocked the reader', async () => {
    logInAs();
    answerApi({
      // The offers made in the conversation (decision 061): none here.
      'GET /api/offers': answer.ok([]),
      [`GET /api/conversations/${conversationId}`]: answer.ok(head({ blockedMe: true })),
      [`GET /api/conversations/${conversationId}/messages`]: answer.page([]),
    });
    renderRoutes(routes, `/messages/${conversationId}`);
    expect(
      await screen.findByText('chidi has blocked you, so you cannot send them messages.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
  });

  it('blocks and reports only after confirming', async () => {
    logInAs();
    let blocked = false;
    let reported = false;
    const { callsTo } = answerApi({
      'GET /api/offers': answer.ok([]),
      [`GET /api/conversations/${conversationId}`]: () =>
        answer.ok(head({ blockedByMe: blocked, reportedByMe: reported })),
      [`GET /api/conversations/${conversationId}/messages`]: answer.page([]),
      [`POST /api/conversations/${conversationId}/block`]: () => {
        blocked = true;
        return answer.ok(null, 'You blocked this person. They can no longer send you messages.');
      },
      [`POST /api/conversations/${conversationId}/reports`]: () => {
        reported = true;
        return answer.ok(null, 'Thank you. Our team will read this conversation.');
      },
    });
    const { user } = renderRoutes(routes, `/messages/${conversationId}`);

    await user.click(await screen.findByRole('button', { name: 'Block chidi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block chidi?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('POST', `/api/conversations/${conversationId}/block`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Block chidi' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Block chidi?' })).getByRole('button', {
        name: 'Block',
      }),
    );
    expect(await screen.findByText('You blocked chidi. Unblock them to send a message.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unblock chidi' })).toBeInTheDocument();
    // One toast says so, not one from the page and another from the query client (spec §8).
    await screen.findAllByText('You blocked this person. They can no longer send you messages.');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(
      screen.getAllByText('You blocked this person. They can no longer send you messages.'),
    ).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Report this conversation' }));
    const report = await screen.findByRole('dialog', { name: 'Report this conversation?' });
    await user.type(within(report).getByRole('textbox', { name: /What happened/ }), 'Asked for a deposit');
    await user.click(within(report).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('You reported this conversation.')).toBeInTheDocument();
    expect(callsTo('POST', `/api/conversations/${conversationId}/reports`)[0]?.body).toEqual({
      note: 'Asked for a deposit',
    });
  });

  it('shows one error toast when blocking fails', async () => {
    logInAs();
    answerApi({
      'GET /api/offers': answer.ok([]),
      [`GET /api/conversations/${conversationId}`]: answer.ok(head()),
      [`GET /api/conversations/${conversationId}/messages`]: answer.page([]),
      [`POST /api/conversations/${conversationId}/block`]: answer.fail(
        503,
        'SERVICE_UNAVAILABLE',
        'The service is busy. Please try again shortly.',
      ),
    });
    const { user } = renderRoutes(routes, `/messages/${conversationId}`);
    await user.click(await screen.findByRole('button', { name: 'Block chidi' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Block chidi?' })).getByRole('button', {
        name: 'Block',
      }),
    );
    await screen.findAllByText('The service is busy. Please try again shortly.');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('The service is busy. Please try again shortly.')).toHaveLength(1);
  });

  it('says a conversation that is not the reader’s does not exist', async () => {
    logInAs();
    answerApi({
      [`GET /api/conversations/${conversationId}`]: answer.fail(404, 'NOT_FOUND', 'Not found.'),
      [`GET /api/conversations/${conversationId}/messages`]: answer.fail(404, 'NOT_FOUND', 'Not found.'),
    });
    renderRoutes(routes, `/messages/${conversationId}`);
    expect(
      await screen.findByRole('heading', { name: 'This conversation does not exist or is not yours.' }),
    ).toBeInTheDocument();
  });
});
