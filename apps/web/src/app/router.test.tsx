import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, answerApi } from '../test/api';
import { headerAnswers, logInAs, profileOf, renderRoutes } from '../test/render-routes';
import { RouteError } from './routes/route-error';
import { routes } from './router';

const me = profileOf();

describe('app routes', () => {
  it('shows the home page between the header and the footer', async () => {
    answerApi({
      'GET /api/products': answer.page([]),
      'GET /api/impact': answer.ok({ sold: 3, given: 2, co2eKg: 52.5, wasteKg: 4.5, categories: [] }),
    });
    renderRoutes(routes, '/');
    expect(
      await screen.findByRole('heading', { level: 1, name: "Don't trash it. Sell it or donate it." }),
    ).toBeInTheDocument();
    // The grid's answer is awaited, so its request never outlives this test and lands in the next one.
    expect(await screen.findByText('No product has been uploaded yet')).toBeInTheDocument();
    // So is the impact counter's (a lazy chunk of its own that asks once it has loaded).
    expect(
      await screen.findByText('5 items passed on: 52.5 kg CO2e and 4.5 kg of waste kept from landfill.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    // The footer's script loads as the page is drawn (decision 063).
    expect(await screen.findByRole('contentinfo')).toHaveTextContent('reduces CO2 emissions');
    expect(screen.getByRole('link', { name: /Chat with us on WhatsApp/ })).toHaveAttribute(
      'href',
      'https://wa.me/2348000000000',
    );
  });

  it('shows the not-found page for an unknown address', async () => {
    renderRoutes(routes, '/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('sends a logged-out visitor from /profile to the login page', async () => {
    const { router } = renderRoutes(routes, '/profile');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirect=%2Fprofile');
  });

  it("shows 'Loading...' on /profile, then the user's username, email and referral ID", async () => {
    logInAs();
    answerApi({
      ...headerAnswers(me),
      'GET /api/userProfile/banks': answer.ok([]),
      'GET /api/users/referrals?pageSize=30': answer.page([]),
    });
    renderRoutes(routes, '/profile?tab=referrals');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('ADA123')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  });

  it('logs out and asks to log in again when the profile call says the token has expired', async () => {
    logInAs();
    answerApi({
      ...headerAnswers(),
      'GET /api/userProfile/profile': answer.fail(401, 'LOGIN_REQUIRED', 'Please login first'),
    });
    renderRoutes(routes, '/profile');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(await screen.findByText('Please login first')).toBeInTheDocument();
  });

  it("shows 'Unexpected Application Error' with the message when a page breaks", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function BrokenPage(): never {
      throw new Error('The page broke');
    }
    renderRoutes([{ path: '/', element: <BrokenPage />, errorElement: <RouteError /> }], '/');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error' })).toBeInTheDocument();
    expect(screen.getByText('The page broke')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong. Please try again later.')).toBeInTheDocument();
  });
});
