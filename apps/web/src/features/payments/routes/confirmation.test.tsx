import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, answerApi } from '../../../test/api';
import { logInAs, renderRoutes } from '../../../test/render-routes';
import { productId, transaction, verification } from '../../../test/fixtures/payments';
import { ConfirmationRoute } from './confirmation';

const routes = [{ path: '/confirmationPage', element: <ConfirmationRoute /> }];
const address = '/confirmationPage?reference=OJA-REF-0001';

describe('confirmation page', () => {
  it('shows a successful payment, the delivery line, and takes the item out of the cart', async () => {
    logInAs();
    localStorage.setItem(
      'cart',
      JSON.stringify([{ productId, title: 'Samsung Galaxy A14', picture: null, price: 45000, quantity: 1 }]),
    );
    const api = answerApi({ 'GET /api/verify-transaction/OJA-REF-0001': answer.ok(verification()) });
    renderRoutes(routes, address);
    expect(await screen.findByRole('heading', { name: 'Payment successful.' })).toBeInTheDocument();
    expect(screen.getByText('₦45,000.00')).toBeInTheDocument();
    expect(screen.getByText('Arrange pickup with the seller.')).not.toHaveClass('text-danger');
    expect(screen.getByRole('link', { name: 'View transaction details' })).toHaveAttribute(
      'href',
      '/transaction-details?reference=OJA-REF-0001',
    );
    expect(JSON.parse(localStorage.getItem('cart') ?? 'null')).toEqual([]);
    expect(api.calls[0]?.headers.get('Authorization')).toBe('Bearer user-token');
  });

  it("shows a failed payment, and 'Failed to book shipment' in red", async () => {
    logInAs();
    answerApi({
      'GET /api/verify-transaction/OJA-REF-0001': answer.ok(
        verification({
          transactionDetails: transaction({ status: 'failed', paidAt: null }),
          bookingStatus: 'Failed to book shipment',
          bookingStatusCode: 'BOOKING_FAILED',
        }),
      ),
    });
    renderRoutes(routes, address);
    expect(
      await screen.findByRole('heading', { name: 'Your payment was not successful.' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Failed to book shipment')).toHaveClass('text-danger');
    expect(screen.getByRole('link', { name: 'Back to the item' })).toHaveAttribute(
      'href',
      `/product/${productId}`,
    );
  });

  it('offers Try again after a declined payment, back to the checkout of that item (issue 32)', async () => {
    logInAs();
    answerApi({
      'GET /api/verify-transaction/OJA-REF-0001': answer.ok(
        verification({ transactionDetails: transaction({ status: 'failed', paidAt: null }) }),
      ),
    });
    renderRoutes(routes, address);
    expect(await screen.findByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      `/checkout?product=${productId}`,
    );
  });

  it('offers no Try again for a successful payment', async () => {
    logInAs();
    answerApi({ 'GET /api/verify-transaction/OJA-REF-0001': answer.ok(verification()) });
    renderRoutes(routes, address);
    await screen.findByRole('heading', { name: 'Payment successful.' });
    expect(screen.queryByRole('link', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('tells the buyer of a refunded payment why', async () => {
    logInAs();
    answerApi({
      'GET /api/verify-transaction/OJA-REF-0001': answer.ok(
        verification({
          transactionDetails: transaction({ status: 'refunded' }),
          bookingStatus: null,
          bookingStatusCode: null,
        }),
      ),
    });
    renderRoutes(routes, address);
    expect(
      await screen.findByRole('heading', {
        name: 'This item was sold to another buyer before your payment arrived. Your payment has been refunded.',
      }),
    ).toBeInTheDocument();
  });

  it('shows only the status and amount without a session, from the public call', async () => {
    const api = answerApi({
      'GET /api/transaction/verify/OJA-REF-0001': answer.ok({
        reference: 'OJA-REF-0001',
        status: 'success',
        amount: 750_000,
        currency: 'NGN',
        paidAt: '2025-03-01T10:00:00.000Z',
      }),
    });
    renderRoutes(routes, address);
    expect(await screen.findByRole('heading', { name: 'Payment successful.' })).toBeInTheDocument();
    expect(screen.getByText('₦7,500.00')).toBeInTheDocument();
    expect(api.calls[0]?.headers.get('Authorization')).toBeNull();
  });

  it('says what went wrong when the transaction is not found', async () => {
    logInAs();
    answerApi({
      'GET /api/verify-transaction/OJA-REF-0001': answer.fail(
        404,
        'TRANSACTION_NOT_FOUND',
        'This transaction could not be found.',
      ),
    });
    renderRoutes(routes, address);
    expect(await screen.findByText('This transaction could not be found.')).toBeInTheDocument();
  });
});
