import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logInAs, renderRoutes, sessionUser } from '../../../test/render-routes';
import { answer, answerApi, callsTo } from '../../../test/api';
import { productDetail, sellerId, nothingSaved, noOffers } from '../../../test/fixtures/products';
import { ProductRoute } from './product';

const productId = 'a3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a61';
const routes = [{ path: '/product/:id', element: <ProductRoute /> }];
const reportPath = `/api/products/${productId}/reports`;

describe('trust signals on the product page', () => {
  it('shows the bank-verified badge, member since, the posted date and the safety tips', async () => {
    answerApi({
      [`GET /api/products/${productId}`]: () =>
        answer.ok(productDetail({ createdAt: '2025-01-02T10:00:00.000Z' })),
    });
    renderRoutes(routes, `/product/${productId}`);
    const seller = await screen.findByRole('region', { name: 'Seller' });
    expect(within(seller).getByText('Bank verified')).toBeInTheDocument();
    expect(within(seller).getByText('Member since Mar 5, 2024')).toBeInTheDocument();
    expect(screen.getByText('Posted').nextElementSibling).toHaveTextContent('Jan 2, 2025');
    const tips = screen.getByRole('complementary', { name: 'Stay safe' });
    expect(tips).toHaveTextContent('never by bank transfer to the seller');
    expect(tips).toHaveTextContent('Never send a deposit');
  });

  it('shows no badge for a seller whose bank is not verified', async () => {
    const detail = productDetail();
    answerApi({
      [`GET /api/products/${productId}`]: () =>
        answer.ok({ ...detail, uploader: { ...detail.uploader, isVerified: false } }),
    });
    renderRoutes(routes, `/product/${productId}`);
    await screen.findByRole('region', { name: 'Seller' });
    expect(screen.queryByText('Bank verified')).not.toBeInTheDocument();
  });
});

describe('Report this listing', () => {
  it('sends a visitor to log in and back', async () => {
    answerApi({
      [`GET /api/products/${productId}`]: () => answer.ok(productDetail()),
    });
    renderRoutes(routes, `/product/${productId}`);
    expect(await screen.findByRole('link', { name: 'Report this listing' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent(`/product/${productId}`)}`,
    );
  });

  it('asks a logged-in buyer for a reason, sends it with the note, and thanks them', async () => {
    logInAs();
    answerApi({
      ...nothingSaved,
      ...noOffers,
      [`GET /api/products/${productId}`]: () => answer.ok(productDetail()),
      [`POST ${reportPath}`]: () => answer.ok(null, 'Thank you. Our team will review this listing.'),
    });
    const { user } = renderRoutes(routes, `/product/${productId}`);
    await user.click(await screen.findByRole('button', { name: 'Report this listing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report "Samsung Galaxy A14"' });
    // No reason chosen: the dialog says so and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Please choose why you are reporting this listing.',
    );
    expect(callsTo('POST', reportPath)).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Scam or asks for a deposit' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: /Anything our team should know/ }),
      'Asked for a deposit on WhatsApp.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await screen.findByText('Thank you. You reported this listing; our team will review it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo('POST', reportPath).map((call) => call.body)).toEqual([
      { reason: 'scam', note: 'Asked for a deposit on WhatsApp.' },
    ]);
  });

  it('treats a second report as already sent', async () => {
    logInAs();
    answerApi({
      ...nothingSaved,
      ...noOffers,
      [`GET /api/products/${productId}`]: () => answer.ok(productDetail()),
      [`POST ${reportPath}`]: () =>
        answer.fail(409, 'REPORT_ALREADY_SENT', 'You have already reported this listing.'),
    });
    const { user } = renderRoutes(routes, `/product/${productId}`);
    await user.click(await screen.findByRole('button', { name: 'Report this listing' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await screen.findByText('Thank you. You reported this listing; our team will review it.'),
    ).toBeInTheDocument();
  });

  it('is not offered to the listing’s owner', async () => {
    logInAs({ ...sessionUser, id: sellerId, username: 'chidi' });
    answerApi({
      [`GET /api/products/${productId}`]: () => answer.ok(productDetail()),
    });
    renderRoutes(routes, `/product/${productId}`);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Report this listing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Stay safe' })).not.toBeInTheDocument();
  });
});
