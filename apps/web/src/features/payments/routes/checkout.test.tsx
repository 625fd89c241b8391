import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { RequireLogin } from '../../../app/guards/require-login';
import { answer, answerApi } from '../../../test/api';
import { logInAs, renderRoutes, sessionUser } from '../../../test/render-routes';
import { goToPaymentPage } from '../lib/go-to-payment-page';
import { productId, quote, sellerId } from '../../../test/fixtures/payments';
import { CheckoutRoute } from './checkout';

vi.mock('../lib/go-to-payment-page', () => ({ goToPaymentPage: vi.fn() }));

afterEach(() => {
  vi.mocked(goToPaymentPage).mockReset();
});
// The web project's worker keeps its module mocks from one file to the next (no isolation, decision 037):
// the files after this one get the real module.
afterAll(() => {
  vi.doUnmock('../lib/go-to-payment-page');
});

function CurrentAddress() {
  const location = useLocation();
  return <p>Now at {`${location.pathname}${location.search}`}</p>;
}

const routes = [
  { element: <RequireLogin />, children: [{ path: '/checkout', element: <CheckoutRoute /> }] },
  { path: '*', element: <CurrentAddress /> },
];

const quotePath = `/api/checkout/${productId}`;
const initialized = {
  data: {
    authorization_url: 'http://127.0.0.1/api/payment/sandbox/OJA-REF-0001',
    access_code: 'abc',
    reference: 'OJA-REF-0001',
  },
  reference: 'OJA-REF-0001',
  orderId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e01',
  amount: 4_500_000,
  transactionCharge: 450_000,
  currency: 'NGN',
  holdExpiresAt: '2025-03-01T10:15:00.000Z',
};

const deliveryQuotes = [
  {
    id: '5b0e7f3a-1c2d-4e5f-8a9b-0c1d2e3f4a51',
    courier: 'GIG Logistics',
    carrierName: 'gig',
    deliveryFee: 375_000,
    currency: 'NGN',
    estimated_days: '2-4',
    pickup: '2026-11-23',
    expiresAt: '2026-11-22T12:30:00.000Z',
    amount: 4_875_000,
    transactionCharge: 825_000,
    sellerAmount: 4_050_000,
  },
  {
    id: '5b0e7f3a-1c2d-4e5f-8a9b-0c1d2e3f4a52',
    courier: 'Red Star Express',
    carrierName: 'redstar',
    deliveryFee: 450_000,
    currency: 'NGN',
    estimated_days: '2-4',
    pickup: '2026-11-23',
    expiresAt: '2026-11-22T12:30:00.000Z',
    amount: 4_950_000,
    transactionCharge: 900_000,
    sellerAmount: 4_050_000,
  },
];

describe('checkout page', () => {
  it("offers courier delivery from the seller's city, shows the chosen courier's fee and total, and pays that quote", async () => {
    logInAs();
    const api = answerApi({
      [`GET ${quotePath}`]: answer.ok(quote()),
      [`POST ${quotePath}/delivery-quotes`]: answer.ok(deliveryQuotes, 'Delivery prices fetched.', {
        status: 201,
      }),
      'POST /api/payment/initialize-transaction': answer.ok(
        { ...initialized, amount: 4_950_000, deliveryFee: 450_000 },
        'Authorization URL created',
        {
          status: 201,
        },
      ),
    });
    const { user } = renderRoutes(routes, `/checkout?product=${productId}`);
    await user.click(
      await screen.findByRole('radio', { name: 'Courier delivery from Wuse 2, FCT to my address' }),
    );
    // The cheapest is chosen first; the fee is shown before paying.
    expect(await screen.findByRole('radio', { name: /GIG Logistics/ })).toBeChecked();
    expect(screen.getByTestId('delivery-fee')).toHaveTextContent('₦3,750.00');
    await user.click(screen.getByRole('radio', { name: /Red Star Express/ }));
    expect(screen.getByTestId('delivery-fee')).toHaveTextContent('₦4,500.00');
    expect(screen.getAllByText('Delivery in 2-4 days · pickup 2026-11-23')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Pay ₦49,500.00' }));
    await vi.waitFor(() => expect(goToPaymentPage).toHaveBeenCalled());
    const [call] = api.callsTo('POST', '/api/payment/initialize-transaction');
    expect(call?.body).toMatchObject({
      amount: 4_950_000,
      delivery_quote_id: deliveryQuotes[1]?.id,
      delivery_fee: 450_000,
    });
  });

  it('says why courier delivery is not possible and keeps pickup', async () => {
    logInAs();
    answerApi({
      [`GET ${quotePath}`]: answer.ok(quote({ courierUnavailableReason: 'DELIVERY_ADDRESS_INCOMPLETE' })),
    });
    renderRoutes(routes, `/checkout?product=${productId}`);
    expect(await screen.findByRole('radio', { name: /Courier delivery/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Pick it up from the seller' })).toBeChecked();
    expect(screen.getByText(/Please complete your address and phone number/)).toBeInTheDocument();
  });

  it("sends a visitor to log in with 'Please login first', back to this checkout afterwards", async () => {
    renderRoutes(routes, `/checkout?product=${productId}`);
    expect(
      await screen.findByText(
        `Now at /login?redirect=${encodeURIComponent(`/checkout?product=${productId}`)}`,
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Please login first')).toBeInTheDocument();
  });

  it('shows the item, the seller, pickup delivery and the total from the server, then pays', async () => {
    logInAs();
    const api = answerApi({
      [`GET ${quotePath}`]: answer.ok(quote()),
      'POST /api/payment/initialize-transaction': answer.ok(initialized, 'Authorization URL created', {
        status: 201,
      }),
    });
    const { user } = renderRoutes(routes, `/checkout?product=${productId}`);

    expect(await screen.findByRole('heading', { name: 'Samsung Galaxy A14' })).toBeInTheDocument();
    expect(screen.getByText('Sold by chidi')).toBeInTheDocument();
    expect(screen.getByText(/Arrange pickup with the seller/)).toBeInTheDocument();
    expect(screen.getByText('5 Allen Avenue')).toBeInTheDocument();
    expect(screen.getByLabelText('Quantity')).toHaveValue(1);
    expect(screen.getByText('Available: 1')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Complete your profile' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay ₦45,000.00' }));
    await vi.waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith(initialized.data.authorization_url));
    const [call] = api.callsTo('POST', '/api/payment/initialize-transaction');
    // spec §7's body; the server only checks the amount (kobo) and decides the rest itself.
    expect(call?.body).toEqual({
      email: sessionUser.email,
      amount: 4_500_000,
      subaccount: null,
      transaction_charge: null,
      product_id: productId,
      quantity: 1,
      product_amount: 4_500_000,
      seller_id: sellerId,
      user_id: sessionUser.id,
    });
    expect(call?.headers.get('Authorization')).toBe('Bearer user-token');
  });

  it("refuses to pay when the seller's bank is not verified, in the spec's words", async () => {
    logInAs();
    answerApi({
      [`GET ${quotePath}`]: answer.ok(
        quote({
          blockedBy: 'SELLER_BANK_NOT_VERIFIED',
          seller: { id: sellerId, username: 'chidi', isBankVerified: false, city: 'Wuse 2', state: 'FCT' },
        }),
      ),
    });
    renderRoutes(routes, `/checkout?product=${productId}`);
    expect(
      await screen.findByText("The seller's bank account details have not been verified"),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Pay/ })).toBeDisabled();
  });

  it('tells the owner they cannot buy their own item', async () => {
    logInAs({ ...sessionUser, id: sellerId });
    answerApi({ [`GET ${quotePath}`]: answer.ok(quote({ blockedBy: 'OWN_PRODUCT' })) });
    renderRoutes(routes, `/checkout?product=${productId}`);
    expect(await screen.findByText('You cannot buy your own item.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Pay/ })).toBeDisabled();
  });

  it('keeps the quantity between 1 and what is available', async () => {
    logInAs();
    const api = answerApi({ [`GET ${quotePath}`]: answer.ok(quote()) });
    const { user } = renderRoutes(routes, `/checkout?product=${productId}`);
    const quantity = await screen.findByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '0');
    expect(screen.getByText('The quantity must be a whole number, at least 1.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Pay/ })).toBeDisabled();
    await user.clear(quantity);
    await user.type(quantity, '2');
    expect(screen.getByText('The quantity is more than what is available.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Pay/ })).toBeDisabled();
    expect(api.callsTo('POST', '/api/payment/initialize-transaction')).toHaveLength(0);
  });

  it('offers to complete the profile when the delivery details are incomplete', async () => {
    logInAs();
    answerApi({
      [`GET ${quotePath}`]: answer.ok(
        quote({ buyer: { ...quote().buyer, street: null, phoneNumber: null, isAddressComplete: false } }),
      ),
    });
    renderRoutes(routes, `/checkout?product=${productId}`);
    expect(await screen.findByText('Your delivery details are incomplete.')).toBeInTheDocument();
    // It comes back to this checkout once the profile is saved.
    expect(screen.getByRole('link', { name: 'Complete your profile' })).toHaveAttribute(
      'href',
      `/profile?${new URLSearchParams({ redirect: `/checkout?product=${productId}` }).toString()}`,
    );
  });

  it('shows why paying was refused (someone else is paying) and reads the item again', async () => {
    logInAs();
    const api = answerApi({
      [`GET ${quotePath}`]: answer.ok(quote()),
      'POST /api/payment/initialize-transaction': answer.fail(
        409,
        'PRODUCT_ON_HOLD',
        'Someone else is paying for this item right now. Please try again in a few minutes.',
      ),
    });
    const { user } = renderRoutes(routes, `/checkout?product=${productId}`);
    await user.click(await screen.findByRole('button', { name: 'Pay ₦45,000.00' }));
    expect(
      await screen.findByText(
        'Someone else is paying for this item right now. Please try again in a few minutes.',
      ),
    ).toBeInTheDocument();
    expect(goToPaymentPage).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(api.callsTo('GET', quotePath)).toHaveLength(2));
  });

  it('says so when the item does not exist', async () => {
    logInAs();
    answerApi({
      [`GET ${quotePath}`]: answer.fail(404, 'PRODUCT_NOT_FOUND', 'This item could not be found.'),
    });
    renderRoutes(routes, `/checkout?product=${productId}`);
    expect(await screen.findByText('This item could not be found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
