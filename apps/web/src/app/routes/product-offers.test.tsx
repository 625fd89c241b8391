import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Offer } from '@marketplace/shared/schemas/offers';
import { offerFixture } from '../../test/fixtures/offers';
import { ProductRoute } from '../../features/products/routes/product';
import { answer, answerApi, callsTo } from '../../test/api';
import { nothingSaved, productDetail } from '../../test/fixtures/products';
import { logInAs, renderRoutes } from '../../test/render-routes';

// Make an offer beside Buy on a listing's page (decision 061): the products' page, with the offers' slot.

// Whether the offer form's module (with react-hook-form and zod) was asked for: once per file, as the app
// asks for it once per page load, so the test that checks it runs first.
const loaded = vi.hoisted(() => ({ form: false }));
vi.mock('../../features/offers/components/make-offer-form', async (original) => {
  loaded.form = true;
  return original();
});

const productId = 'a3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a61';
const routes = [
  { path: '/product/:id', element: <ProductRoute /> },
  { path: '*', element: <p>elsewhere</p> },
];
const listing = () => productDetail({ id: productId, price: 45_000 });

const sent = (): Offer =>
  offerFixture({ role: 'buyer', product: { id: productId, title: 'Samsung Galaxy A14', picture: null } });

describe('making an offer on a listing', () => {
  it('loads the form only when the reader opens it', async () => {
    logInAs();
    answerApi({
      ...nothingSaved,
      [`GET /api/products/${productId}`]: () => answer.ok(listing()),
      'GET /api/offers': () => answer.ok([]),
    });
    const { user } = renderRoutes(routes, `/product/${productId}`);
    const open = await screen.findByRole('button', { name: 'Make an offer' });
    await screen.findByRole('button', { name: 'Buy now' });
    expect(loaded.form).toBe(false);
    await user.click(open);
    expect(await screen.findByLabelText('Your offer in naira')).toBeInTheDocument();
    expect(loaded.form).toBe(true);
  });

  it('checks the amount against the price, sends it, and then shows the waiting offer', async () => {
    logInAs();
    let mine: Offer[] = [];
    answerApi({
      ...nothingSaved,
      [`GET /api/products/${productId}`]: () => answer.ok(listing()),
      'GET /api/offers': () => answer.ok(mine),
      [`POST /api/products/${productId}/offers`]: () => {
        mine = [sent()];
        return answer.ok(sent(), 'Your offer was sent to the seller.', { status: 201 });
      },
    });
    const { user } = renderRoutes(routes, `/product/${productId}`);
    await user.click(await screen.findByRole('button', { name: 'Make an offer' }));
    const amount = await screen.findByLabelText('Your offer in naira');
    expect(amount).toHaveAccessibleDescription(/From ₦22,500 to ₦44,999/);

    await user.type(amount, '20000');
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('An offer must be at least half the listed price.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '45000');
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(
      await screen.findByText('An offer must be below the listed price. To pay the full price, use Buy.'),
    ).toBeInTheDocument();
    expect(callsTo('POST', `/api/products/${productId}/offers`)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '30000');
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    const card = await screen.findByRole('article', { name: 'Offer on Samsung Galaxy A14' });
    expect(within(card).getByText('Your offer: ₦30,000')).toBeInTheDocument();
    expect(within(card).getByText('Waiting for the seller')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(callsTo('POST', `/api/products/${productId}/offers`)[0]?.body).toEqual({ amount: 30_000 });
    expect(screen.getByRole('button', { name: 'Buy now' })).toBeInTheDocument();
  });
});
