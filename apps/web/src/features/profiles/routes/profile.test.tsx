import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, answerApi, type Answer } from '../../../test/api';
import { profileOf } from '../../../test/fixtures/accounts';
import { banks } from '../../../test/fixtures/banking';
import { logInAs, renderRoutes } from '../../../test/render-routes';
import { ProfileRoute } from './profile';

function api(answers: Record<string, Answer> = {}) {
  return answerApi({
    'GET /api/userProfile/profile': answer.ok(profileOf()),
    'GET /api/userProfile/banks': answer.ok(banks),
    ...answers,
  });
}

function renderProfile(address: string) {
  logInAs();
  return renderRoutes(
    [
      {
        path: '/profile',
        element: (
          <ProfileRoute
            addressField={null}
            bankDetails={() => null}
            referralsTab={(me) => <p>{`The referrals of ${me.username}`}</p>}
            ordersTab={(me) => <p>{`The orders of ${me.username}`}</p>}
            myProductsTab={<p>The user's own products</p>}
            transactionsTab={<p>The user's transactions</p>}
          />
        ),
      },
    ],
    address,
  );
}

describe('profile page', () => {
  it("shows 'Loading...' until the profile arrives, then the profile tab", async () => {
    api();
    renderProfile('/profile');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    expect(screen.getByText('@adaobi')).toBeInTheDocument();
  });

  it('opens the orders tab for ?tab=orders with what the app puts in it for this user', async () => {
    api();
    renderProfile('/profile?tab=orders');
    expect(await screen.findByRole('tab', { name: 'Orders', selected: true })).toBeInTheDocument();
    expect(screen.getByText('The orders of adaobi')).toBeInTheDocument();
    // The other tabs' content mounts only when their tab is opened.
    expect(screen.queryByText("The user's transactions")).not.toBeInTheDocument();
  });

  it('keeps the chosen tab in the address, so the back button returns to the tab before', async () => {
    api();
    const { router, user } = renderProfile('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Referrals' }));
    expect(router.state.location.search).toBe('?tab=referrals');
    expect(screen.getByRole('tab', { name: 'Referrals', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Transactions' }));
    expect(await screen.findByText("The user's transactions")).toBeInTheDocument();

    await router.navigate(-1);
    expect(await screen.findByRole('tab', { name: 'Referrals', selected: true })).toBeInTheDocument();
    await router.navigate(-1);
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('shows what the app puts in the my-products tab', async () => {
    api();
    renderProfile('/profile?tab=my-products');
    expect(await screen.findByText("The user's own products")).toBeInTheDocument();
  });

  it('offers to try again when the profile cannot be loaded', async () => {
    api({ 'GET /api/userProfile/profile': answer.fail(404, 'NOT_FOUND', 'Not found.') });
    renderProfile('/profile');
    expect(await screen.findByText('We could not load your profile.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
