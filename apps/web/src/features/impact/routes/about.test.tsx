import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlatformImpact } from '@marketplace/shared/schemas/donations';
import { logInAs, renderRoutes } from '../../../test/render-routes';
import { answer, answerApi } from '../../../test/api';
import ImpactCounter from '../components/impact-counter';
import { MyImpact } from '../components/my-impact';
import { AboutRoute } from './about';

const routes = [
  { path: '/about', element: <AboutRoute /> },
  { path: '/', element: <ImpactCounter /> },
  { path: '/profile', element: <MyImpact /> },
];

const zero = { sold: 0, given: 0, co2eKg: 0, wasteKg: 0 };
const platform: PlatformImpact = {
  sold: 3,
  given: 2,
  co2eKg: 52.5,
  wasteKg: 4.5,
  categories: [
    { category: 'Clothes', sold: 2, given: 1, co2eKg: 19.8, wasteKg: 1.5 },
    { category: 'Electronics', sold: 1, given: 0, co2eKg: 24, wasteKg: 1 },
    { category: 'Household-Items', sold: 0, given: 1, co2eKg: 9, wasteKg: 3 },
    { category: 'Accessories', ...zero },
  ],
};

describe('About and impact', () => {
  it('shows the platform’s figures per category, the method and the sources', async () => {
    answerApi({ 'GET /api/impact': answer.ok(platform) });
    renderRoutes(routes, '/about');
    expect(screen.getByRole('heading', { level: 1, name: 'About Oja' })).toBeInTheDocument();
    const [sold] = await screen.findAllByRole('term');
    expect(sold).toHaveTextContent('Items sold');
    expect(sold!.nextElementSibling).toHaveTextContent('3');
    expect(screen.getAllByRole('term')[2]!.nextElementSibling).toHaveTextContent('52.5 kg');
    const perCategory = screen.getAllByRole('table')[0]!;
    const household = within(perCategory).getByRole('row', { name: /Household Items/ });
    expect(
      within(household)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['0', '1', '9 kg', '3 kg']);

    const factors = screen.getByRole('table', { name: 'Figures used per item, by category' });
    expect(within(factors).getByRole('row', { name: /Clothes/ })).toHaveTextContent(
      '0.5 kg22 kg6.6 kg CO2e · 0.5 kg',
    );
    expect(screen.getByText(/approximations for a typical item/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /A New Textiles Economy/ })).toHaveAttribute(
      'href',
      'https://www.ellenmacarthurfoundation.org/a-new-textiles-economy',
    );
    expect(screen.getByText(/Waste Reduction Model/)).toBeInTheDocument();
  });

  it('says when the figures cannot be loaded, with the method still there', async () => {
    answerApi({ 'GET /api/impact': answer.fail(500, 'INTERNAL', 'Something went wrong.') });
    renderRoutes(routes, '/about');
    expect(
      await screen.findByText('The figures could not be loaded.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How we count' })).toBeInTheDocument();
  });

  it('the home counter sums items passed on and links to the method', async () => {
    answerApi({ 'GET /api/impact': answer.ok(platform) });
    renderRoutes(routes, '/');
    expect(
      await screen.findByText('5 items passed on: 52.5 kg CO2e and 4.5 kg of waste kept from landfill.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How we count' })).toHaveAttribute('href', '/about');
  });

  it('tells a user who passed on and received nothing yet', async () => {
    logInAs();
    answerApi({ 'GET /api/impact/me': answer.ok({ passedOn: zero, received: zero }) });
    renderRoutes(routes, '/profile');
    expect(await screen.findByText(/Nothing yet/)).toBeInTheDocument();
  });

  it('shows a user what they passed on and received', async () => {
    logInAs();
    const mine = {
      passedOn: { sold: 1, given: 2, co2eKg: 30.6, wasteKg: 2.5 },
      received: { sold: 0, given: 1, co2eKg: 6.6, wasteKg: 0.5 },
    };
    answerApi({ 'GET /api/impact/me': answer.ok(mine) });
    renderRoutes(routes, '/profile');
    expect(
      await screen.findByText('1 sold, 2 given · 30.6 kg CO2e · 2.5 kg kept from landfill'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('0 bought, 1 received as gifts · 6.6 kg CO2e · 0.5 kg kept from landfill'),
    ).toBeInTheDocument();
  });
});
