import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logInAs, renderRoutes } from '../../../test/render-routes';
import { answer, answerApi } from '../../../test/api';
import { RateOrderRoute } from './rate-order';

const orderId = '0b8c3a2e-8d1f-4a55-9a57-2f4f2b9d7c01';
const reviewPath = `/api/orders/${orderId}/review`;
const routes = [{ path: '/orders/:orderId/review', element: <RateOrderRoute /> }];
const order = {
  id: orderId,
  productTitle: 'Ankara dress',
  seller: { username: 'chidi' },
  delivery: 'pickup',
  deliveredAt: '2025-02-03T09:30:00.000Z',
};
const review = {
  id: 'f0e1d2c3-0000-4000-8000-000000000001',
  rating: 4,
  text: 'Friendly and on time.',
  buyer: { username: 'adaobi' },
  productTitle: 'Ankara dress',
  createdAt: '2025-02-04T09:30:00.000Z',
  reply: null,
  repliedAt: null,
};

describe('the star rating input', () => {
  it('is a radio group of five stars that the arrow keys move through', async () => {
    logInAs();
    answerApi({ [`GET ${reviewPath}`]: answer.ok({ order, canReview: true, review: null }) });
    const { user } = renderRoutes(routes, `/orders/${orderId}/review`);
    const group = await screen.findByRole('group', { name: 'Your rating' });
    const stars = within(group).getAllByRole('radio');
    expect(stars.map((star) => star.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(within(group).getByRole('radio', { name: '1 star' })).toBeInTheDocument();
    await user.click(within(group).getByRole('radio', { name: '3 stars' }));
    expect(within(group).getByRole('radio', { name: '3 stars' })).toBeChecked();
    await user.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: '4 stars' })).toHaveFocus();
  });
});

describe('rating the seller', () => {
  it('says what is missing, then sends the stars and the text and shows the review', async () => {
    logInAs();
    let written: typeof review | null = null;
    const api = answerApi({
      [`GET ${reviewPath}`]: () => answer.ok({ order, canReview: written === null, review: written }),
      [`POST ${reviewPath}`]: () => {
        written = review;
        return answer.ok(review, 'Thank you for rating the seller.');
      },
    });
    const { user } = renderRoutes(routes, `/orders/${orderId}/review`);
    expect(await screen.findByText('How was buying "Ankara dress" from chidi?')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Publish my review' }));
    expect(await screen.findByText('Please choose from 1 to 5 stars.')).toBeInTheDocument();
    expect(screen.getByText('Please write a few words about the seller.')).toBeInTheDocument();
    expect(api.callsTo('POST', reviewPath)).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(
      screen.getByRole('textbox', { name: 'A few words about the seller' }),
      'Friendly and on time.',
    );
    await user.click(screen.getByRole('button', { name: 'Publish my review' }));
    expect(await screen.findByText('Thank you for rating the seller.')).toBeInTheDocument();
    expect(api.callsTo('POST', reviewPath).map((call) => call.body)).toEqual([
      { rating: 4, text: 'Friendly and on time.' },
    ]);
    const status = await screen.findByRole('status');
    expect(within(status).getByText('Rated 4 out of 5')).toBeInTheDocument();
    expect(within(status).getByRole('link', { name: "See chidi's page and reviews" })).toHaveAttribute(
      'href',
      '/seller/chidi',
    );
  });

  it('shows the server’s refusal', async () => {
    logInAs();
    answerApi({
      [`GET ${reviewPath}`]: answer.ok({ order, canReview: true, review: null }),
      [`POST ${reviewPath}`]: answer.fail(
        409,
        'REVIEW_ALREADY_SENT',
        'You have already rated the seller for this order.',
      ),
    });
    const { user } = renderRoutes(routes, `/orders/${orderId}/review`);
    await user.click(await screen.findByRole('radio', { name: '5 stars' }));
    await user.type(screen.getByRole('textbox', { name: 'A few words about the seller' }), 'Great');
    await user.click(screen.getByRole('button', { name: 'Publish my review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have already rated the seller for this order.',
    );
  });

  it('says why an order cannot be rated yet', async () => {
    logInAs();
    answerApi({
      [`GET ${reviewPath}`]: answer.ok({
        order: { ...order, deliveredAt: null },
        canReview: false,
        review: null,
      }),
    });
    renderRoutes(routes, `/orders/${orderId}/review`);
    expect(
      await screen.findByText('You can rate the seller once the item has been delivered or collected.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Your rating' })).not.toBeInTheDocument();
  });

  it('says an order of someone else is not found', async () => {
    logInAs();
    answerApi({ [`GET ${reviewPath}`]: answer.fail(404, 'NOT_FOUND', 'Not found.') });
    renderRoutes(routes, `/orders/${orderId}/review`);
    expect(await screen.findByText('This order could not be found.')).toBeInTheDocument();
  });
});
