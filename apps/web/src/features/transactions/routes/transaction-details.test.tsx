import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, answerApi } from '../../../test/api';
import { logInAs, renderRoutes } from '../../../test/render-routes';
import { verification } from '../../../test/fixtures/payments';
import { TransactionDetailsRoute } from './transaction-details';

const routes = [{ path: '/transaction-details', element: <TransactionDetailsRoute /> }];

describe('transaction details page', () => {
  it('shows the transaction, the order with the split, and the buyer', async () => {
    logInAs();
    answerApi({ 'GET /api/verify-transaction/OJA-REF-0001': answer.ok(verification()) });
    renderRoutes(routes, '/transaction-details?reference=OJA-REF-0001');
    const info = await screen.findByRole('region', { name: 'Transaction Info' });
    expect(within(info).getByText('₦45,000.00')).toBeInTheDocument();
    expect(within(info).getByText('Success')).toHaveClass('text-success');
    const order = screen.getByRole('region', { name: 'Order Details' });
    expect(within(order).getByRole('link', { name: 'Samsung Galaxy A14' })).toBeInTheDocument();
    expect(within(order).getByText('₦4,500.00')).toBeInTheDocument();
    expect(within(order).getByText('₦40,500.00')).toBeInTheDocument();
    expect(within(order).getByText('Arrange pickup with the seller.')).toBeInTheDocument();
    const buyer = screen.getByRole('region', { name: 'Buyer Details' });
    expect(within(buyer).getByText('5 Allen Avenue, Ikeja, Lagos, Nigeria')).toBeInTheDocument();
  });

  it("says 'Error fetching transaction details' when it cannot be loaded", async () => {
    logInAs();
    answerApi({
      'GET /api/verify-transaction/OJA-REF-0404': answer.fail(
        404,
        'TRANSACTION_NOT_FOUND',
        'This transaction could not be found.',
      ),
    });
    renderRoutes(routes, '/transaction-details?reference=OJA-REF-0404');
    expect(await screen.findAllByText('Error fetching transaction details')).not.toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Error fetching transaction details');
  });
});
