import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, answerApi, callsTo, type Answer } from '../../test/api';
import { productCard, sellerId } from '../../test/fixtures/products';
import { logInAs, renderRoutes, sessionUser } from '../../test/render-routes';
import { SellerPage } from './seller-page';

const routes = [{ path: '/seller/:username', element: <SellerPage /> }];
const profile = {
  id: sellerId,
  username: 'chidi',
  profilePicture: null,
  bio: 'Phones and gadgets, tested before sale.',
  isVerified: true,
  memberSince: '2024-03-05T09:00:00.000Z',
  rating: { average: 4.3, count: 3 },
};
const review = (overrides: Record<string, unknown> = {}) => ({
  id: 'f0e1d2c3-0000-4000-8000-000000000001',
  rating: 4,
  text: 'Friendly and on time.',
  buyer: { username: 'adaobi' },
  productTitle: 'Samsung Galaxy A14',
  createdAt: '2025-02-04T09:30:00.000Z',
  reply: null,
  repliedAt: null,
  ...overrides,
});

function sellerApi(reviews = [review()], extra: Record<string, Answer> = {}) {
  return answerApi({
    'GET /api/sellers/chidi': () => answer.ok(profile),
    'GET /api/sellers/chidi/reviews': () =>
      answer.ok(reviews, 'OK', { meta: { page: 1, pageSize: 10, total: reviews.length } }),
    'GET /api/sellers/chidi/products': () =>
      answer.ok([productCard()], 'OK', { meta: { page: 1, pageSize: 12, total: 1 } }),
    ...extra,
  });
}

describe('the public seller page', () => {
  it('shows who the seller is, their rating, reviews and listings, and no contact details', async () => {
    sellerApi([
      review(),
      review({
        id: 'f0e1d2c3-0000-4000-8000-000000000002',
        rating: 5,
        text: 'Exactly as described.',
        buyer: { username: 'tunde' },
        reply: 'Thank you!',
      }),
    ]);
    renderRoutes(routes, '/seller/chidi');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('chidi');
    expect(within(heading).getByText('Bank verified')).toBeInTheDocument();
    expect(screen.getByText('Member since Mar 5, 2024')).toBeInTheDocument();
    expect(screen.getByText('Rated 4.3 out of 5')).toBeInTheDocument();
    expect(screen.getByText('(3 reviews)')).toBeInTheDocument();

    const listings = screen.getByRole('region', { name: 'Items from chidi' });
    expect(await within(listings).findByRole('link', { name: 'Samsung Galaxy A14' })).toHaveAttribute(
      'href',
      `/product/${productCard().id}`,
    );
    const reviews = screen.getByRole('region', { name: 'Reviews' });
    expect(await within(reviews).findByText('Friendly and on time.')).toBeInTheDocument();
    expect(within(reviews).getAllByRole('article')).toHaveLength(2);
    expect(within(reviews).getByText('Answer from chidi')).toBeInTheDocument();
    expect(within(reviews).getByText('Thank you!')).toBeInTheDocument();
    // A visitor answers nothing.
    expect(within(reviews).queryByRole('button', { name: 'Publish my answer' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/@|0803/);
  });

  it('lets the seller answer a review once', async () => {
    logInAs({ ...sessionUser, id: sellerId, username: 'chidi' });
    let answered = false;
    answerApi({
      'GET /api/sellers/chidi': () => answer.ok(profile),
      'GET /api/sellers/chidi/reviews': () =>
        answer.ok([review(answered ? { reply: 'Glad you like it.' } : {})], 'OK', {
          meta: {
            page: 1,
            pageSize: 10,
            total: 1,
          },
        }),
      'GET /api/sellers/chidi/products': () =>
        answer.ok([], 'OK', { meta: { page: 1, pageSize: 12, total: 0 } }),
      [`POST /api/reviews/${review().id}/reply`]: () => {
        answered = true;
        return answer.ok(review({ reply: 'Glad you like it.' }), 'Your answer has been published.');
      },
    });
    const { user } = renderRoutes(routes, '/seller/chidi');
    expect(await screen.findByText('chidi has no items for sale right now.')).toBeInTheDocument();
    const reviews = screen.getByRole('region', { name: 'Reviews' });
    await user.click(await within(reviews).findByRole('button', { name: 'Publish my answer' }));
    expect(await within(reviews).findByText('Please write your answer.')).toBeInTheDocument();
    await user.type(within(reviews).getByRole('textbox', { name: 'Your answer' }), 'Glad you like it.');
    await user.click(within(reviews).getByRole('button', { name: 'Publish my answer' }));
    await waitFor(() => expect(within(reviews).getByText('Glad you like it.')).toBeInTheDocument());
    expect(within(reviews).queryByRole('textbox', { name: 'Your answer' })).not.toBeInTheDocument();
    expect(callsTo('POST', `/api/reviews/${review().id}/reply`).map((call) => call.body)).toEqual([
      { text: 'Glad you like it.' },
    ]);
  });

  it('says when the seller has no reviews yet', async () => {
    sellerApi([]);
    renderRoutes(routes, '/seller/chidi');
    const reviews = await screen.findByRole('region', { name: 'Reviews' });
    expect(await within(reviews).findByText('No reviews yet')).toBeInTheDocument();
  });

  it('says when there is no such seller', async () => {
    answerApi({
      'GET /api/sellers/nobody': () => answer.fail(404, 'NOT_FOUND', 'Not found.'),
    });
    renderRoutes(routes, '/seller/nobody');
    expect(await screen.findByRole('heading', { level: 1, name: 'Seller not found' })).toBeInTheDocument();
  });
});
