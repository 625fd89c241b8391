import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Courier, ShipmentRate } from '@marketplace/shared/schemas/shipping';
import { changeLanguage } from '../../../i18n/i18n';
import { answer, answerApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render-routes';
import { GoShiipRoute } from './goshiip';

const couriers: Courier[] = [
  { carrierName: 'gig', name: 'GIG Logistics', logo: null },
  { carrierName: 'redstar', name: 'Red Star Express', logo: null },
];
const rate: ShipmentRate = {
  courier: 'GIG Logistics',
  carrierName: 'gig',
  amount: 3700,
  currency: 'NGN',
  estimated_days: '2-4',
  pickup: '2026-11-23',
};
// The reply of POST /api/rates: spec §3's rate and our app's list (decision 051).
const rateReply = {
  rates: {
    courier: { name: 'GIG Logistics', carrierName: 'gig' },
    amount: 3700,
    currency: 'NGN',
    estimated_days: '2-4',
    pickup: '2026-11-23',
  },
  quotes: [rate],
};

function renderPage() {
  return renderRoutes([{ path: '/goshiip', element: <GoShiipRoute /> }], '/goshiip');
}

type User = ReturnType<typeof renderPage>['user'];

// Pasting instead of typing each key keeps these long forms quick to fill.
async function fill(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillAddresses(user: User) {
  const from = screen.getByRole('group', { name: 'From (sender)' });
  await fill(user, within(from).getByLabelText('Name'), 'Hauwa Bello');
  await fill(user, within(from).getByLabelText('Email address'), 'hauwa@example.ng');
  await fill(user, within(from).getByLabelText('Address'), '5 Aminu Kano Crescent, Wuse 2, Abuja');
  await fill(user, within(from).getByLabelText('Phone number'), '08031234567');
  const to = screen.getByRole('group', { name: 'To (receiver)' });
  await fill(user, within(to).getByLabelText('Name'), 'Tunde Bakare');
  await fill(user, within(to).getByLabelText('Email address'), 'tunde@example.ng');
  await fill(user, within(to).getByLabelText('Address'), '12 Admiralty Way, Lekki, Lagos');
  await fill(user, within(to).getByLabelText('Phone number'), '08051234567');
  const item = screen.getByRole('group', { name: 'Item 1' });
  await fill(user, within(item).getByLabelText('Name'), 'Blender');
  await fill(user, within(item).getByLabelText('Category'), 'Household-Items');
  await fill(user, within(item).getByLabelText('Weight (kg)'), '2');
  await fill(user, within(item).getByLabelText('Value (₦)'), '15000');
}

describe('the courier rate tester', () => {
  it(
    "fetches the chosen type's couriers and shows the chosen courier's rate",
    { timeout: 15_000 },
    async () => {
      const { calls, callsTo } = answerApi({
        'GET /api/couriers': answer.ok(couriers, 'Couriers fetched successfully.'),
        'POST /api/rates': answer.ok(rateReply, 'Rate fetched successfully.'),
      });
      const { user } = renderPage();

      // spec §9: the default parcel and quantity
      expect(screen.getByLabelText('Width (cm)')).toHaveValue(10);
      expect(screen.getByLabelText('Length (cm)')).toHaveValue(10);
      expect(screen.getByLabelText('Height (cm)')).toHaveValue(5);
      expect(
        screen.getByRole('group', { name: 'Parcel' }).querySelector('input[name="parcels.weight"]'),
      ).toHaveValue(2);
      expect(screen.getByLabelText('Quantity')).toHaveValue(1);

      await user.selectOptions(screen.getByLabelText('Delivery type'), 'interstate');
      await screen.findByRole('option', { name: 'Red Star Express' });
      expect(calls[0]?.path).toBe('/api/couriers?type=interstate');
      await user.selectOptions(screen.getByLabelText('Courier'), 'gig');
      await fillAddresses(user);
      await user.click(screen.getByRole('button', { name: 'Get rate' }));

      const result = await screen.findByRole('region', { name: 'Rate' });
      expect(result).toHaveTextContent('GIG Logistics');
      expect(result).toHaveTextContent('₦3,700.00');
      expect(result).toHaveTextContent('2-4 days');
      expect(result).toHaveTextContent('Nov 23, 2026');
      expect(calls[1]?.path).toBe('/api/rates');
      expect(callsTo('POST', '/api/rates')[0]?.body).toEqual({
        type: 'interstate',
        carrierName: 'gig',
        fromAddress: {
          name: 'Hauwa Bello',
          email: 'hauwa@example.ng',
          address: '5 Aminu Kano Crescent, Wuse 2, Abuja',
          phone: '08031234567',
        },
        toAddress: {
          name: 'Tunde Bakare',
          email: 'tunde@example.ng',
          address: '12 Admiralty Way, Lekki, Lagos',
          phone: '08051234567',
        },
        parcels: { width: 10, length: 10, height: 5, weight: 2 },
        items: [
          {
            name: 'Blender',
            description: '',
            weight: 2,
            category: 'Household-Items',
            amount: 15000,
            quantity: 1,
          },
        ],
      });
    },
  );

  it(
    "says 'Please select a courier.' without a courier, and asks for no rate",
    { timeout: 15_000 },
    async () => {
      const { calls } = answerApi({
        'GET /api/couriers': answer.ok(couriers, 'Couriers fetched successfully.'),
        'POST /api/rates': answer.ok(rateReply, 'Rate fetched successfully.'),
      });
      const { user } = renderPage();
      await user.selectOptions(screen.getByLabelText('Delivery type'), 'interstate');
      await screen.findByRole('option', { name: 'GIG Logistics' });
      await fillAddresses(user);
      await user.click(screen.getByRole('button', { name: 'Get rate' }));

      expect(await screen.findByText('Please select a courier.')).toBeInTheDocument();
      expect(screen.getByLabelText('Courier')).toHaveAttribute('aria-invalid', 'true');
      expect(calls).toHaveLength(1);
    },
  );

  it("shows a refused rate's message and the courier's reason", { timeout: 15_000 }, async () => {
    answerApi({
      'GET /api/couriers': answer.ok(couriers, 'Couriers fetched successfully.'),
      'POST /api/rates': answer.fail(
        422,
        'RATE_UNAVAILABLE',
        'This courier cannot deliver this parcel between these addresses. Please choose another courier.',
        { courierMessage: 'Red Star cannot carry this weight.' },
      ),
    });
    const { user } = renderPage();
    await user.selectOptions(screen.getByLabelText('Delivery type'), 'interstate');
    await screen.findByRole('option', { name: 'Red Star Express' });
    await user.selectOptions(screen.getByLabelText('Courier'), 'redstar');
    await fillAddresses(user);
    await user.click(screen.getByRole('button', { name: 'Get rate' }));

    expect(
      await screen.findByText(
        'This courier cannot deliver this parcel between these addresses. Please choose another courier.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('The courier said: Red Star cannot carry this weight.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Rate' })).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    await changeLanguage('fr');
    try {
      renderPage();
      expect(screen.getByRole('heading', { name: 'Tarifs de livraison' })).toBeInTheDocument();
      expect(screen.getByLabelText('Type de livraison')).toBeInTheDocument();
      expect(screen.getByRole('option', { name: 'Entre États' })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });
});
