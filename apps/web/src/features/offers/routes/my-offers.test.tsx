import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/i18n';
import { answer, answerApi } from '../../../test/api';
import { logInAs, renderRoutes } from '../../../test/render-routes';
import { offerFixture } from '../../../test/fixtures/offers';
import { MyOffersRoute } from './my-offers';

const routes = [{ path: '/offers', element: <MyOffersRoute /> }];

const offer = offerFixture;

afterEach(async () => {
  toast.dismiss();
  await changeLanguage('en');
});

describe('My offers', () => {
  it('lets the seller counter an offer, refusing a counter outside the range before sending it', async () => {
    logInAs();
    const { callsTo } = answerApi({
      'GET /api/offers?pageSize=30&role=selling': answer.ok([offer()]),
      [`POST /api/offers/${offer().id}/counter`]: () =>
        answer.ok(
          offer({ status: 'countered', counterAmount: 40_000 }),
          'Your counter-offer was sent to the buyer.',
        ),
    });
    const { user } = renderRoutes(routes, '/offers?role=selling');

    const card = await screen.findByRole('article', { name: 'Offer on Samsung Galaxy A14' });
    expect(within(card).getByText('adaobi offered ₦30,000')).toBeInTheDocument();
    expect(within(card).getByText('Waiting for the seller')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Accept ₦30,000' })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Counter' }));
    const amount = within(card).getByLabelText('Your counter-offer in naira');
    await user.type(amount, '45000');
    await user.click(within(card).getByRole('button', { name: 'Send counter-offer' }));
    expect(
      await within(card).findByText(
        "A counter-offer must be above the buyer's offer and below the listed price.",
      ),
    ).toBeInTheDocument();
    expect(callsTo('POST', `/api/offers/${offer().id}/counter`)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '40000');
    await user.click(within(card).getByRole('button', { name: 'Send counter-offer' }));
    expect(await screen.findByText('Your counter-offer was sent to the buyer.')).toBeInTheDocument();
    expect(callsTo('POST', `/api/offers/${offer().id}/counter`)[0]?.body).toEqual({ amount: 40_000 });
  });

  it('shows the buyer an accepted offer with its agreed price to pay, in French too', async () => {
    logInAs();
    await changeLanguage('fr');
    answerApi({
      'GET /api/offers?pageSize=30&role=buying': answer.ok([
        offer({
          role: 'buyer',
          status: 'accepted',
          counterAmount: 40_000,
          agreedAmount: 40_000,
          holdExpiresAt: '2026-03-02T10:00:00.000Z',
        }),
      ]),
    });
    renderRoutes(routes, '/offers');
    const card = await screen.findByRole('article', { name: 'Offre sur Samsung Galaxy A14' });
    expect(within(card).getByText('Acceptée')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Payer ₦40,000' })).toHaveAttribute(
      'href',
      `/checkout?product=${offer().product.id}`,
    );
    expect(within(card).queryByRole('button', { name: /Retirer/ })).toBeNull();
  });

  it('reads a page at a time: Load more brings the older offers under the newer ones (issue 34)', async () => {
    logInAs();
    const older = offer({
      id: '5c3a9b2f-4d6e-4f70-9bac-1d2e3f4a5b6c',
      product: { id: '0a9b8c7d-6e5f-4b4c-9d3e-2f1a0b9c8d7e', title: 'Tecno Camon 20', picture: null },
    });
    const { callsTo } = answerApi({
      'GET /api/offers?pageSize=30&role=selling': answer.page([offer()], { nextCursor: 'older' }),
      'GET /api/offers?pageSize=30&role=selling&cursor=older': answer.page([older]),
    });
    const { user } = renderRoutes(routes, '/offers?role=selling');
    await screen.findByRole('article', { name: 'Offer on Samsung Galaxy A14' });
    expect(screen.queryByRole('article', { name: 'Offer on Tecno Camon 20' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('article', { name: 'Offer on Tecno Camon 20' })).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
      'Offer on Samsung Galaxy A14',
      'Offer on Tecno Camon 20',
    ]);
    expect(callsTo('GET', '/api/offers?pageSize=30&role=selling&cursor=older')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
