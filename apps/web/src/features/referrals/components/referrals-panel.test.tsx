import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logInAs, renderRoutes } from '../../../test/render-routes';
import { ProfilePage } from '../../../app/routes/profile-page';
import { banks, callsTo, newUserProfile, ok, stubApi } from '../../../test/profile-api';

function renderReferrals() {
  logInAs();
  return renderRoutes([{ path: '/profile', element: <ProfilePage /> }], '/profile?tab=referrals');
}

describe('referrals tab', () => {
  it("copies the referral link and says 'Link copied'", async () => {
    stubApi({
      'GET /api/userProfile/profile': () => ok(newUserProfile),
      'GET /api/userProfile/banks': () => ok(banks),
    });
    const { user } = renderReferrals();
    const link = `${window.location.origin}/register?ref=ADA123`;
    expect(await screen.findByLabelText('Referral link')).toHaveValue(link);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(link);
  });

  it("shows a dash for no upline and 'No Referrals' when nobody signed up with the link", async () => {
    stubApi({
      'GET /api/userProfile/profile': () => ok(newUserProfile),
      'GET /api/userProfile/banks': () => ok(banks),
    });
    renderReferrals();
    expect(await screen.findByText('No Referrals')).toBeInTheDocument();
    expect(screen.getByText('—')).toBeInTheDocument();
  });

  it('shows the upline and the referrals', async () => {
    stubApi({
      'GET /api/userProfile/profile': () =>
        ok({
          ...newUserProfile,
          referredBy: { id: '1d2c3b4a-0000-4000-8000-000000000001', username: 'chiamaka' },
          referrals: [
            {
              id: '1d2c3b4a-0000-4000-8000-000000000002',
              username: 'tunde',
              createdAt: '2025-01-02T00:00:00.000Z',
            },
            {
              id: '1d2c3b4a-0000-4000-8000-000000000003',
              username: 'ngozi',
              createdAt: '2025-01-03T00:00:00.000Z',
            },
          ],
        }),
      'GET /api/userProfile/banks': () => ok(banks),
    });
    renderReferrals();
    expect(await screen.findByText('chiamaka')).toBeInTheDocument();
    expect(screen.getByText('tunde')).toBeInTheDocument();
    expect(screen.getByText('ngozi')).toBeInTheDocument();
    expect(screen.queryByText('No Referrals')).not.toBeInTheDocument();
  });

  it('asks before generating a new referral ID, and keeps the old one on Cancel', async () => {
    const fetchMock = stubApi({
      'GET /api/userProfile/profile': () => ok({ ...newUserProfile, refID: 'ADA123' }),
      'GET /api/userProfile/banks': () => ok(banks),
      'GET /api/users/generate-refID': () => ok('NEW456', 'A new referral ID has been generated.'),
    });
    const { user } = renderReferrals();
    await user.click(await screen.findByRole('button', { name: 'Generate a new referral ID' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate a new referral ID?' });
    expect(dialog).toHaveTextContent('Your current referral link will stop working.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('ADA123')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/users/generate-refID')).toHaveLength(0);
  });

  it('generates a new referral ID once confirmed and shows the new link', async () => {
    let refID = 'ADA123';
    const fetchMock = stubApi({
      'GET /api/userProfile/profile': () => ok({ ...newUserProfile, refID }),
      'GET /api/userProfile/banks': () => ok(banks),
      'GET /api/users/generate-refID': () => {
        refID = 'NEW456';
        return ok(refID, 'A new referral ID has been generated.');
      },
    });
    const { user } = renderReferrals();
    await user.click(await screen.findByRole('button', { name: 'Generate a new referral ID' }));
    await user.click(await screen.findByRole('button', { name: 'Generate a new ID' }));
    expect(await screen.findByText('A new referral ID has been generated.')).toBeInTheDocument();
    expect(await screen.findByText('NEW456')).toBeInTheDocument();
    expect(screen.getByLabelText('Referral link')).toHaveValue(
      `${window.location.origin}/register?ref=NEW456`,
    );
    expect(callsTo(fetchMock, 'GET /api/users/generate-refID')).toHaveLength(1);
  });
});
