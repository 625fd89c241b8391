import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Me } from '@marketplace/shared/schemas/accounts';
import { ProfilePage } from '../../../app/routes/profile-page';
import { answer, answerApi, callsTo, type Answer } from '../../../test/api';
import { profileOf } from '../../../test/fixtures/accounts';
import { banks } from '../../../test/fixtures/banking';
import { logInAs, renderRoutes } from '../../../test/render-routes';

// The profile page's calls, with this profile and any others.
function api(profile: Answer, answers: Record<string, Answer> = {}) {
  return answerApi({
    'GET /api/userProfile/profile': profile,
    'GET /api/userProfile/banks': answer.ok(banks),
    [referrals]: answer.page([]),
    ...answers,
  });
}

const referrals = 'GET /api/users/referrals?pageSize=30';
const referral = (number: number, username: string) => ({
  id: `1d2c3b4a-0000-4000-8000-00000000000${number}`,
  username,
  createdAt: `2025-01-0${number}T00:00:00.000Z`,
});

const newUserProfile: Me = profileOf();

function renderReferrals() {
  logInAs();
  return renderRoutes([{ path: '/profile', element: <ProfilePage /> }], '/profile?tab=referrals');
}

describe('referrals tab', () => {
  it("copies the referral link and says 'Link copied'", async () => {
    api(answer.ok(newUserProfile));
    const { user } = renderReferrals();
    const link = `${window.location.origin}/register?ref=ADA123`;
    expect(await screen.findByLabelText('Referral link')).toHaveValue(link);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(link);
  });

  it("shows a dash for no upline and 'No Referrals' when nobody signed up with the link", async () => {
    api(answer.ok(newUserProfile));
    renderReferrals();
    expect(await screen.findByText('No Referrals')).toBeInTheDocument();
    expect(screen.getByText('—')).toBeInTheDocument();
  });

  it('shows the upline and the referrals, a page at a time (issue 34)', async () => {
    api(
      answer.ok({
        ...newUserProfile,
        referredBy: { id: '1d2c3b4a-0000-4000-8000-000000000001', username: 'chiamaka' },
      }),
      {
        [referrals]: answer.page([referral(3, 'ngozi'), referral(2, 'tunde')], { nextCursor: 'older' }),
        [`${referrals}&cursor=older`]: answer.page([referral(4, 'emeka')]),
      },
    );
    const { user } = renderReferrals();
    expect(await screen.findByText('chiamaka')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your referrals' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ngozi', 'tunde']);
    expect(screen.queryByText('No Referrals')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('emeka')).toBeInTheDocument();
    expect(screen.getByText('ngozi')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when the referrals could not be loaded, with Try again', async () => {
    api(answer.ok(newUserProfile), {
      [referrals]: answer.fail(503, 'SERVICE_UNAVAILABLE', 'The service is unavailable. Try again shortly.'),
    });
    renderReferrals();
    expect(await screen.findByText('We could not load your referrals.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('asks before generating a new referral ID, and keeps the old one on Cancel', async () => {
    api(answer.ok({ ...newUserProfile, refID: 'ADA123' }), {
      'GET /api/users/generate-refID': answer.ok('NEW456', 'A new referral ID has been generated.'),
    });
    const { user } = renderReferrals();
    await user.click(await screen.findByRole('button', { name: 'Generate a new referral ID' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate a new referral ID?' });
    expect(dialog).toHaveTextContent('Your current referral link will stop working.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('ADA123')).toBeInTheDocument();
    expect(callsTo('GET', '/api/users/generate-refID')).toHaveLength(0);
  });

  it('generates a new referral ID once confirmed and shows the new link', async () => {
    let refID = 'ADA123';
    api(() => answer.ok({ ...newUserProfile, refID }), {
      'GET /api/users/generate-refID': () => {
        refID = 'NEW456';
        return answer.ok(refID, 'A new referral ID has been generated.');
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
    expect(callsTo('GET', '/api/users/generate-refID')).toHaveLength(1);
  });
});
