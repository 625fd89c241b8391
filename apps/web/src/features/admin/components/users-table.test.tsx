import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, answerApi } from '../../../test/api';
import { logInAsAdmin, renderRoutes } from '../../../test/render-routes';
import { AdminUsersRoute } from '../routes/admin-users';
import { adminUser } from '../test-fixtures';

const routes = [{ path: '/admin/users', element: <AdminUsersRoute /> }];

const ada = adminUser();
const chidi = adminUser({
  id: '6f1c1a52-5f0e-4d43-9a4c-1f6e2b0c9a12',
  fullName: 'Chidi Okeke',
  username: 'chidi',
  email: 'chidi@example.com',
  phoneNumber: null,
  street: null,
  city: null,
  state: null,
  country: null,
  address: 'Allen Avenue, Ikeja',
  profilePicture: '/media/chidi.webp',
  isVerified: false,
  referredBy: 'adaobi',
  referredById: ada.id,
});
const adaWithReferral = { ...ada, referrals: [{ id: chidi.id, username: 'chidi' }], referralCount: 1 };
const referralsOfAda = `GET /api/admin/users/${ada.id}/referrals?pageSize=50`;
const referral = (id: string, username: string) => ({ id, username, createdAt: '2025-01-02T00:00:00.000Z' });

describe('admin users table', () => {
  it('shows the columns of the spec, one row per user, with a Back link to the dashboard', async () => {
    logInAsAdmin();
    // The API counts a user's referrals up to 10,001: past 10,000 the column says so.
    answerApi({ 'GET /api/admin/users': answer.ok([adaWithReferral, { ...chidi, referralCount: 10_001 }]) });
    renderRoutes(routes, '/admin/users');

    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'No.',
      'Profile Picture',
      'Email',
      'Full Name',
      'Phone No.',
      'Address',
      'Upline',
      'No. of referrals',
    ]);
    const rows = within(table).getAllByRole('row');
    const adaRow = within(rows[1] ?? table);
    const chidiRow = within(rows[2] ?? table);
    expect(rows[1]).toHaveTextContent('12 Herbert Macaulay Way, Yaba, Lagos, Nigeria');
    expect(adaRow.getAllByRole('cell')[0]).toHaveTextContent('1');
    expect(adaRow.getAllByRole('cell').at(-1)).toHaveTextContent('1');
    expect(rows[2]).toHaveTextContent('Allen Avenue, Ikeja');
    expect(chidiRow.getAllByRole('cell')[0]).toHaveTextContent('2');
    expect(chidiRow.getAllByRole('cell').at(-2)).toHaveTextContent('adaobi');
    expect(chidiRow.getAllByRole('cell').at(-1)).toHaveTextContent('10,000+');
    expect(chidiRow.getByRole('img', { name: 'Profile picture of Chidi Okeke' })).toHaveAttribute(
      'src',
      '/media/chidi.webp',
    );
    expect(chidiRow.getByRole('img')).toHaveAttribute('width', '80');
    expect(chidiRow.getByRole('img')).toHaveAttribute('height', '80');
    expect(adaRow.getByText('No picture')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to dashboard/ })).toHaveAttribute(
      'href',
      '/adminDashboard',
    );
  });

  it("says 'No Users available.' when there are none", async () => {
    logInAsAdmin();
    answerApi({ 'GET /api/admin/users': answer.ok([]) });
    renderRoutes(routes, '/admin/users');
    expect(await screen.findByText('No Users available.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("opens the user's card from a row click, with 'No Referrals' when there are none", async () => {
    logInAsAdmin();
    answerApi({ 'GET /api/admin/users': answer.ok([ada]), [referralsOfAda]: answer.page([]) });
    const { user } = renderRoutes(routes, '/admin/users');
    await user.click(await screen.findByText('ada@example.com'));

    const card = await screen.findByRole('dialog', { name: /Ada Obi/ });
    expect(within(card).getByText('Verified')).toBeInTheDocument();
    expect(within(card).getByText('adaobi')).toBeInTheDocument();
    expect(within(card).getByText('08031234567')).toBeInTheDocument();
    expect(within(card).getByText('I sell the clothes my children outgrow.')).toBeInTheDocument();
    expect(within(card).getByText('ADA OBI')).toBeInTheDocument();
    expect(within(card).getByText('0123456789')).toBeInTheDocument();
    expect(within(card).getByText('Access Bank')).toBeInTheDocument();
    expect(await within(card).findByText('No Referrals')).toBeInTheDocument();
    expect(within(card).getByText('Mar 2, 2024')).toBeInTheDocument();
    expect(within(card).getByText('Jan 15, 2025')).toBeInTheDocument();
  });

  it('opens the card from the keyboard, lists the referrals a page at a time, and shows no Verified badge when unverified', async () => {
    logInAsAdmin();
    answerApi({
      'GET /api/admin/users': answer.ok([{ ...adaWithReferral, isVerified: false, referralCount: 2 }]),
      [referralsOfAda]: answer.page([referral(chidi.id, 'chidi')], { nextCursor: 'older' }),
      [`${referralsOfAda}&cursor=older`]: answer.page([
        referral('6f1c1a52-5f0e-4d43-9a4c-1f6e2b0c9a13', 'ngozi'),
      ]),
    });
    const { user } = renderRoutes(routes, '/admin/users');
    const button = await screen.findByRole('button', { name: 'Ada Obi: show details' });
    button.focus();
    await user.keyboard('{Enter}');

    const card = await screen.findByRole('dialog', { name: 'Ada Obi' });
    expect(within(card).queryByText('Verified')).not.toBeInTheDocument();
    expect(await within(card).findByRole('listitem')).toHaveTextContent('chidi');
    expect(within(card).queryByText('No Referrals')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Load more' }));
    await within(card).findByText('ngozi');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['chidi', 'ngozi']);
    expect(within(card).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("flags a user whose bank account name is not the profile's name (decision 016)", async () => {
    logInAsAdmin();
    answerApi({
      'GET /api/admin/users': answer.ok([
        ada,
        { ...chidi, accountName: 'BELLO AMINA', accountNameMismatch: true },
      ]),
    });
    renderRoutes(routes, '/admin/users');

    const chidiRow = (await screen.findByRole('button', { name: 'Chidi Okeke: show details' })).closest('tr');
    const adaRow = screen.getByRole('button', { name: 'Ada Obi: show details' }).closest('tr');
    if (!chidiRow || !adaRow) throw new Error('rows not found');
    expect(within(chidiRow).getByText('Bank name differs')).toBeInTheDocument();
    expect(within(adaRow).queryByText('Bank name differs')).not.toBeInTheDocument();
  });

  it('loads more users with Load more', async () => {
    logInAsAdmin();
    answerApi({
      'GET /api/admin/users': answer.page([ada], { nextCursor: 'next', total: 2 }),
      'GET /api/admin/users?pageSize=50&cursor=next': answer.page([chidi], { total: 2 }),
    });
    const { user } = renderRoutes(routes, '/admin/users');
    await screen.findByRole('button', { name: 'Ada Obi: show details' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: 'Chidi Okeke: show details' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
