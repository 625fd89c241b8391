import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, callsTo } from '../../../test/api';
import { sellerProfile } from '../../../test/fixtures/accounts';
import { resolvedGtbAccount } from '../../../test/fixtures/banking';
import {
  api,
  field,
  mockObjectUrls,
  newUserProfile,
  renderProfile,
  verifyButton,
} from '../../../test/profile-page';

mockObjectUrls();

describe('bank details', () => {
  it("asks for 'the account number and bank name' when Verify is pressed with them empty", async () => {
    api(newUserProfile);
    const { user } = await renderProfile();
    await user.click(verifyButton());
    expect(
      await screen.findByText('Please fill in the account number and bank name to verify.'),
    ).toBeInTheDocument();
    expect(field('Account number')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('GET', '/api/userProfile/resolve-account')).toHaveLength(0);
  });

  it("refuses a typed bank that is not in the list with 'Please select bank name from the list'", async () => {
    api(newUserProfile);
    const { user } = await renderProfile();
    await user.type(field('Account number'), '0123456785');
    await user.type(field('Bank name'), 'Bank of Lagos');
    await user.click(verifyButton());
    expect(await screen.findByText('Please select bank name from the list')).toBeInTheDocument();
    expect(field('Bank name')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('GET', '/api/userProfile/resolve-account')).toHaveLength(0);
  });

  it('suggests banks as the user types and picks one with the keyboard', async () => {
    api(newUserProfile);
    const { user } = await renderProfile();
    await user.type(field('Bank name'), 'bank');
    const list = await screen.findByRole('listbox', { name: 'Banks' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Access Bank', 'Guaranty Trust Bank', 'United Bank For Africa', 'Zenith Bank']);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(field('Bank name')).toHaveAttribute(
      'aria-activedescendant',
      within(list).getByRole('option', { name: 'Guaranty Trust Bank' }).id,
    );
    await user.keyboard('{Enter}');
    expect(field('Bank name')).toHaveValue('Guaranty Trust Bank');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('verifies the account: shows Verified, fills the account name and locks the fields until they are edited', async () => {
    api(newUserProfile, {
      'GET /api/userProfile/resolve-account': answer.ok(
        resolvedGtbAccount,
        'Bank details verified successfully. Save changes to update profile',
      ),
    });
    const { user } = await renderProfile();
    await user.type(field('Account number'), '0123456785');
    await user.type(field('Bank name'), 'Guar');
    await user.click(await screen.findByRole('option', { name: 'Guaranty Trust Bank' }));
    await user.click(verifyButton());

    expect(await screen.findByRole('button', { name: 'Verified' })).toBeDisabled();
    expect(field('Account name')).toHaveValue('ADA OBI');
    expect(field('Account number')).toHaveAttribute('readonly');
    expect(field('Bank name')).toHaveAttribute('readonly');
    expect(
      await screen.findByText('Bank details verified successfully. Save changes to update profile'),
    ).toBeInTheDocument();
    const [resolveCall] = callsTo('GET', '/api/userProfile/resolve-account');
    expect(Object.fromEntries(resolveCall?.searchParams ?? [])).toEqual({
      account_number: '0123456785',
      bank_name: 'Guaranty Trust Bank',
      bank_code: '058',
    });

    // spec §4: the verified fields are locked until the user asks to change them; an edit then needs a
    // new verification.
    await user.click(screen.getByRole('button', { name: 'Change bank details' }));
    expect(field('Account number')).not.toHaveAttribute('readonly');
    await user.type(field('Account number'), '{Backspace}4');
    expect(verifyButton()).toHaveTextContent('Verify');
    expect(verifyButton()).toBeEnabled();
    expect(field('Account name')).toHaveValue('');
    expect(field('Bank name')).not.toHaveAttribute('readonly');
  });

  it("warns when the bank's name for the account is not the profile's name, and not when it is (decision 016)", async () => {
    api({ ...sellerProfile, accountName: 'BELLO AMINA' });
    const { user } = await renderProfile();
    expect(
      screen.getByText(
        'The bank gives the name BELLO AMINA for this account, which does not match your full name. Payouts go to the account holder: check the account, or correct your name.',
      ),
    ).toBeInTheDocument();
    // Written the bank's way round, the same name is no mismatch.
    await user.clear(field('Full name'));
    await user.type(field('Full name'), 'Amina Bello');
    expect(screen.queryByText(/does not match your full name/)).not.toBeInTheDocument();
  });

  it('shows no warning for a matching account name', async () => {
    api(sellerProfile);
    await renderProfile();
    expect(screen.queryByText(/does not match your full name/)).not.toBeInTheDocument();
  });

  it("shows the server's message when the account cannot be verified", async () => {
    api(newUserProfile, {
      'GET /api/userProfile/resolve-account': answer.fail(
        422,
        'BANK_VERIFICATION_FAILED',
        'Failed to verify bank details.',
      ),
    });
    const { user } = await renderProfile();
    await user.type(field('Account number'), '0123456789');
    await user.type(field('Bank name'), 'Zenith Bank');
    await user.click(verifyButton());
    expect(await screen.findByText('Failed to verify bank details.')).toBeInTheDocument();
    expect(verifyButton()).toHaveTextContent('Verify');
    expect(field('Account name')).toHaveValue('');
  });
});
