import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ItemDonationRequests, MyDonationRequest } from '@marketplace/shared/schemas/donations';
import { logInAs, renderRoutes, sessionUser } from '../../test/render-routes';
import { MyDonationRequests } from '../../features/donations/components/my-donation-requests';
import { answer, answerApi, callsTo } from '../../test/api';
import { productDetail, sellerId, nothingSaved } from '../../test/fixtures/products';
import { ProductRoute } from '../../features/products/routes/product';

const productId = 'a3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a61';
const conversationId = 'c0ffee00-7c0e-4d0a-9b7a-2f1d3c4b5a99';
const routes = [
  { path: '/product/:id', element: <ProductRoute /> },
  { path: '/profile', element: <MyDonationRequests /> },
  { path: '*', element: <p>elsewhere</p> },
];
const donation = () => productDetail({ tag: 'Donate', price: null, priceCategory: null, title: 'Baby cot' });

function myRequest(overrides: Partial<MyDonationRequest> = {}): MyDonationRequest {
  return {
    id: 'b1c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a62',
    status: 'pending',
    reason: 'For my first baby.',
    createdAt: '2026-11-20T10:00:00.000Z',
    decidedAt: null,
    product: { id: productId, title: 'Baby cot', giver: { username: 'chidi' } },
    conversationId: null,
    ...overrides,
  };
}

describe('requesting a donated item', () => {
  it('sends a logged-in user’s reason, then shows their waiting request', async () => {
    logInAs();
    let mine: MyDonationRequest[] = [];
    answerApi({
      ...nothingSaved,
      [`GET /api/products/${productId}`]: () => answer.ok(donation()),
      'GET /api/site-config': () => answer.ok({ donateFormUrl: null, buyerProtection: true }),
      // The page asks for the user's request for this item only (decision 090).
      [`GET /api/donation-requests?pageSize=1&productId=${productId}`]: () => answer.page(mine),
      [`POST /api/products/${productId}/requests`]: () => {
        mine = [myRequest()];
        return answer.ok({ id: mine[0]!.id }, 'Your request has been sent to the giver.');
      },
    });
    const { user } = renderRoutes(routes, `/product/${productId}`);
    await user.click(await screen.findByRole('button', { name: 'Request this item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request "Baby cot"' });
    // No external form without DONATE_FORM_URL.
    expect(screen.queryByRole('link', { name: /request form/ })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    const reason = within(dialog).getByRole('textbox', { name: 'Why would you like it?' });
    // Checked by the shared rule as the form is sent (react-hook-form's resolver answers a moment later).
    await waitFor(() =>
      expect(reason).toHaveAccessibleDescription(/Please say in a few words why you would like this item\./),
    );
    expect(callsTo('POST', `/api/products/${productId}/requests`)).toHaveLength(0);

    await user.type(reason, 'For my first baby.');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(/You asked for this item on/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo('POST', `/api/products/${productId}/requests`)[0]?.body).toEqual({
      reason: 'For my first baby.',
    });
    expect(screen.getByText('Waiting for the giver')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw my request' })).toBeInTheDocument();
  });
});

describe('the giver’s requests', () => {
  const requests = (overrides: Partial<ItemDonationRequests> = {}): ItemDonationRequests => ({
    productId,
    isClosed: false,
    recipient: null,
    conversationId: null,
    nextCursor: null,
    total: overrides.requests?.length ?? 2,
    requests: [
      {
        id: 'r1000000-7c0e-4d0a-9b7a-2f1d3c4b5a01',
        status: 'pending',
        reason: 'For my sister’s twins.',
        requester: { id: 'u1000000-7c0e-4d0a-9b7a-2f1d3c4b5a01', username: 'bisi', profilePicture: null },
        createdAt: '2026-11-20T10:00:00.000Z',
        decidedAt: null,
      },
      {
        id: 'r2000000-7c0e-4d0a-9b7a-2f1d3c4b5a02',
        status: 'pending',
        reason: 'Our cot broke.',
        requester: { id: 'u2000000-7c0e-4d0a-9b7a-2f1d3c4b5a02', username: 'emeka', profilePicture: null },
        createdAt: '2026-11-21T10:00:00.000Z',
        decidedAt: null,
      },
    ],
    ...overrides,
  });

  it('lists who asked and why, picks one after confirming, and links to the hand-over conversation', async () => {
    logInAs({ ...sessionUser, id: sellerId, username: 'chidi' });
    let current = requests();
    answerApi({
      [`GET /api/products/${productId}`]: () => answer.ok(donation()),
      [`GET /api/products/${productId}/requests`]: () => answer.ok(current),
      [`POST /api/products/${productId}/requests/r2000000-7c0e-4d0a-9b7a-2f1d3c4b5a02/pick`]: () => {
        const [first, second] = current.requests;
        current = requests({
          isClosed: true,
          recipient: { id: second!.requester.id, username: 'emeka' },
          conversationId,
          requests: [
            { ...first!, status: 'declined' },
            { ...second!, status: 'accepted' },
          ],
        });
        return answer.ok({ recipientId: second!.requester.id, conversationId });
      },
    });
    const { user } = renderRoutes(routes, `/product/${productId}`);
    const panel = await screen.findByRole('region', { name: /Requests for this item/ });
    expect(await within(panel).findByText('For my sister’s twins.')).toBeInTheDocument();
    expect(within(panel).getByText('Our cot broke.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request this item' })).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Give to emeka' }));
    const confirm = await screen.findByRole('dialog', { name: 'Give this item to emeka?' });
    await user.click(within(confirm).getByRole('button', { name: 'Give to emeka' }));

    expect(await within(panel).findByText('You gave this item to emeka.')).toBeInTheDocument();
    // The giver's word for the chosen request: given by them, not to them.
    expect(within(panel).getByText('Given by you')).toBeInTheDocument();
    expect(within(panel).queryByText('Given to you')).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Open the conversation with emeka' })).toHaveAttribute(
      'href',
      `/messages/${conversationId}`,
    );
    expect(within(panel).queryByRole('button', { name: /Give to/ })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Close requests' })).not.toBeInTheDocument();
    expect(
      callsTo('POST', `/api/products/${productId}/requests/r1000000-7c0e-4d0a-9b7a-2f1d3c4b5a01/pick`),
    ).toHaveLength(0);
  });

  it('shows the requests a page at a time, with their total, and Load more (decision 090)', async () => {
    logInAs({ ...sessionUser, id: sellerId, username: 'chidi' });
    const [newer, older] = requests().requests;
    answerApi({
      [`GET /api/products/${productId}`]: () => answer.ok(donation()),
      [`GET /api/products/${productId}/requests?pageSize=20`]: () =>
        answer.ok(requests({ requests: [newer!], nextCursor: 'older', total: 2 })),
      [`GET /api/products/${productId}/requests?pageSize=20&cursor=older`]: () =>
        answer.ok(requests({ requests: [older!], total: 2 })),
    });
    const { user } = renderRoutes(routes, `/product/${productId}`);
    const panel = await screen.findByRole('region', { name: /Requests for this item/ });
    expect(await within(panel).findByText('For my sister’s twins.')).toBeInTheDocument();
    // The item's total, not the page's.
    expect(within(panel).getByRole('heading', { name: /Requests for this item/ })).toHaveTextContent(
      /2 requests$/,
    );
    expect(within(panel).queryByText('Our cot broke.')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Load more' }));
    expect(await within(panel).findByText('Our cot broke.')).toBeInTheDocument();
    expect(within(panel).getByText('For my sister’s twins.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when there are no requests yet, and offers to try again when they fail to load', async () => {
    logInAs({ ...sessionUser, id: sellerId, username: 'chidi' });
    let isDown = true;
    answerApi({
      [`GET /api/products/${productId}`]: () => answer.ok(donation()),
      [`GET /api/products/${productId}/requests`]: () =>
        isDown ? answer.fail(503, 'SERVICE_UNAVAILABLE', 'Down.') : answer.ok(requests({ requests: [] })),
    });
    const { user } = renderRoutes(routes, `/product/${productId}`);
    expect(await screen.findByText('The requests could not be loaded.')).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No requests yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close requests' })).toBeInTheDocument();
  });
});

describe('My requests', () => {
  it('shows each request’s state, the conversation of an accepted one, and withdraws a waiting one', async () => {
    logInAs();
    let mine = [
      myRequest(),
      myRequest({
        id: 'b2c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a63',
        status: 'accepted',
        conversationId,
        product: { id: 'p2', title: 'Study desk', giver: { username: 'tunde' } },
      }),
    ];
    answerApi({
      'GET /api/donation-requests': () => answer.page(mine),
      [`DELETE /api/donation-requests/${myRequest().id}`]: () => {
        mine = mine.map((request) =>
          request.id === myRequest().id ? { ...request, status: 'withdrawn' as const } : request,
        );
        return answer.ok(null, 'Your request has been withdrawn.');
      },
    });
    const { user } = renderRoutes(routes, '/profile');
    expect(await screen.findByRole('link', { name: 'Baby cot' })).toHaveAttribute(
      'href',
      `/product/${productId}`,
    );
    expect(screen.getByText('Given to you')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the conversation with tunde' })).toHaveAttribute(
      'href',
      `/messages/${conversationId}`,
    );

    await user.click(screen.getByRole('button', { name: 'Withdraw my request (Baby cot)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw your request?' });
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw my request' }));
    expect(await screen.findByText('Withdrawn')).toBeInTheDocument();
    expect(callsTo('DELETE', `/api/donation-requests/${myRequest().id}`)).toHaveLength(1);
  });

  it('shows the requests a page at a time, with Load more (decision 090)', async () => {
    logInAs();
    answerApi({
      'GET /api/donation-requests?pageSize=20': () => answer.page([myRequest()], { nextCursor: 'older' }),
      'GET /api/donation-requests?pageSize=20&cursor=older': () =>
        answer.page([
          myRequest({
            id: 'b3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a64',
            product: { id: 'p3', title: 'Ceiling fan', giver: { username: 'ada' } },
          }),
        ]),
    });
    const { user } = renderRoutes(routes, '/profile');
    const list = await screen.findByRole('list', { name: 'My requests' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Ceiling fan' })).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when the user has asked for nothing yet', async () => {
    logInAs();
    answerApi({
      ...nothingSaved,
      'GET /api/donation-requests': () => answer.page([]),
    });
    renderRoutes(routes, '/profile');
    expect(await screen.findByText(/You have not asked for any item yet/)).toBeInTheDocument();
  });
});
