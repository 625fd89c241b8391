import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@marketplace/shared/schemas/accounts';
import { ProfilePage } from '../../../app/routes/profile-page';
import { answer, answerApi, callsTo, type Answer } from '../../../test/api';
import { profileOf, sellerProfile } from '../../../test/fixtures/accounts';
import { banks, resolvedGtbAccount } from '../../../test/fixtures/banking';
import { logInAs, renderRoutes } from '../../../test/render-routes';

const newUserProfile = profileOf();

function api(me: Me, answers: Record<string, Answer> = {}) {
  return answerApi({
    'GET /api/userProfile/profile': answer.ok(me, 'Profile fetched successfully.'),
    'GET /api/userProfile/banks': answer.ok(banks, 'Banks fetched successfully.'),
    ...answers,
  });
}

async function renderProfile() {
  logInAs();
  const rendered = renderRoutes([{ path: '/profile', element: <ProfilePage /> }], '/profile');
  await screen.findByRole('button', { name: 'Save Changes' });
  return rendered;
}

const field = (label: string | RegExp) => screen.getByLabelText(label);
const verifyButton = () => screen.getByRole('button', { name: /^(Verify|Verified|Verifying\.\.\.)$/ });
const resultAlert = () =>
  screen.getByText((_content, element) => element?.classList.contains('alert-dismissible') ?? false);

beforeEach(() => {
  // jsdom has no object URLs; the picture preview uses one.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

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

describe('saving the profile', () => {
  it("sends every field as multipart form data and shows the server's success in a green alert", async () => {
    const saved = {
      ...sellerProfile,
      fullName: 'Ada N. Obi',
      profilePicture: '/media/profile-pictures/new.webp',
    };
    let stored = sellerProfile;
    api(sellerProfile, {
      'GET /api/userProfile/profile': () => answer.ok(stored),
      'PUT /api/userProfile/profile': () => {
        stored = saved;
        return answer.ok(saved, "Profile updated successfully! You're eligible to upload products");
      },
    });
    const { user } = await renderProfile();
    expect(verifyButton()).toHaveTextContent('Verified');
    await user.clear(field('Full name'));
    await user.type(field('Full name'), 'Ada N. Obi');
    const picture = new File(['picture'], 'me.png', { type: 'image/png' });
    await user.upload(field('Profile picture'), picture);
    expect(screen.getByRole('img', { name: 'Preview of your new profile picture' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(
      await screen.findByText("Profile updated successfully! You're eligible to upload products"),
    ).toHaveClass('alert-success');
    const [saveCall] = callsTo('PUT', '/api/userProfile/profile');
    const body = saveCall?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    // Every field of the form: the new name, and the rest as the profile had them.
    const unchanged = [
      'email',
      'phoneNumber',
      'address',
      'street',
      'city',
      'state',
      'country',
      'bio',
      'accountName',
      'accountNumber',
      'bankName',
      'bankCode',
    ] as const;
    expect(Object.fromEntries([...form.entries()].filter(([name]) => name !== 'image'))).toEqual({
      ...Object.fromEntries(unchanged.map((name) => [name, sellerProfile[name]])),
      fullName: 'Ada N. Obi',
      isVerified: 'true',
      showContactDetails: 'false',
    });
    expect(form.get('image')).toBeInstanceOf(File);
    expect((form.get('image') as File).name).toBe('me.png');
    // No Content-Type of our own: the browser sets it with the multipart boundary.
    expect(saveCall?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    // The profile is read again (the header shows the new picture) and the saved picture replaces the preview.
    await waitFor(() => expect(callsTo('GET', '/api/userProfile/profile').length).toBeGreaterThan(1));
    expect(await screen.findByRole('img', { name: 'Your profile picture' })).toHaveAttribute(
      'src',
      '/media/profile-pictures/new.webp',
    );

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(
      screen.queryByText("Profile updated successfully! You're eligible to upload products"),
    ).not.toBeInTheDocument();
  });

  it('offers to show the e-mail, phone and WhatsApp to every logged-in user, off by default, and sends the choice', async () => {
    api(sellerProfile, {
      'PUT /api/userProfile/profile': () =>
        answer.ok({ ...sellerProfile, showContactDetails: true }, 'Profile updated successfully.'),
    });
    const { user } = await renderProfile();
    const setting = screen.getByRole('checkbox', {
      name: 'Show my e-mail, phone and WhatsApp to every logged-in user',
    });
    expect(setting).not.toBeChecked();
    expect(setting).toHaveAccessibleDescription(
      'When this is off, only buyers who paid you for an item see them; everyone else messages you in Oja.',
    );
    await user.click(setting);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Profile updated successfully.');
    const [saveCall] = callsTo('PUT', '/api/userProfile/profile');
    expect((saveCall?.body as FormData).get('showContactDetails')).toBe('true');
    expect(setting).toBeChecked();
  });

  it('shows the setting checked when the seller chose to show their contact details', async () => {
    api({ ...sellerProfile, showContactDetails: true });
    await renderProfile();
    expect(
      screen.getByRole('checkbox', { name: 'Show my e-mail, phone and WhatsApp to every logged-in user' }),
    ).toBeChecked();
  });

  it("shows the server's refusal in a red alert", async () => {
    api(sellerProfile, {
      'PUT /api/userProfile/profile': answer.fail(
        422,
        'BANK_DETAILS_UNVERIFIED',
        'Please verify your bank details to complete profile info.',
      ),
    });
    const { user } = await renderProfile();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Please verify your bank details to complete profile info.')).toHaveClass(
      'alert-danger',
    );
    // The server did not accept the account, so it can be verified again.
    expect(verifyButton()).toHaveTextContent('Verify');
    expect(verifyButton()).toBeEnabled();
  });

  it("shows 'Failed to update profile.' when the server cannot be reached", async () => {
    // The network fails as the form is sent.
    api(sellerProfile, { 'PUT /api/userProfile/profile': () => HttpResponse.error() });
    const { user } = await renderProfile();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile.')).toHaveClass('alert-danger');
  });

  it('asks to complete the profile and sends nothing when required fields are empty', async () => {
    api(newUserProfile);
    const { user } = await renderProfile();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(resultAlert()).toHaveTextContent('Please complete your profile information'));
    expect(resultAlert()).toHaveClass('alert-danger');
    expect(field('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('PUT', '/api/userProfile/profile')).toHaveLength(0);
  });

  it('returns to checkout after saving when checkout sent the user to complete the profile', async () => {
    api(
      { ...sellerProfile, street: '' },
      {
        'PUT /api/userProfile/profile': () =>
          answer.ok(sellerProfile, "Profile updated successfully! You're eligible to upload products"),
      },
    );
    logInAs();
    const returnTo = '/checkout?product=5d7e9f10-1111-4c2b-8a3d-9e8f7a6b5c4d';
    const { router, user } = renderRoutes(
      [
        { path: '/profile', element: <ProfilePage /> },
        { path: '/checkout', element: <p>Back at checkout</p> },
      ],
      `/profile?${new URLSearchParams({ redirect: returnTo }).toString()}`,
    );
    await user.type(await screen.findByLabelText('Street'), '5 Allen Avenue');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Back at checkout')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(returnTo);
    expect(
      await screen.findByText("Profile updated successfully! You're eligible to upload products"),
    ).toBeInTheDocument();
  });

  it('takes the request to complete the profile away once the missing fields are filled in', async () => {
    api({ ...sellerProfile, phoneNumber: '' });
    const { user } = await renderProfile();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(resultAlert()).toHaveTextContent('Please complete your profile information'));
    await user.type(field('Phone number'), '08031234567');
    await waitFor(() =>
      expect(screen.queryByText('Please complete your profile information')).not.toBeInTheDocument(),
    );
    expect(field('Phone number')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses to save bank details that are not verified', async () => {
    api({ ...newUserProfile, ...sellerProfile, isVerified: false });
    const { user } = await renderProfile();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Please verify your bank details to complete profile info.')).toHaveClass(
      'alert-danger',
    );
    expect(callsTo('PUT', '/api/userProfile/profile')).toHaveLength(0);
  });
});

describe('address suggestions', () => {
  const lekki = { description: 'Lekki, Lagos, Nigeria', place_id: 'sandbox-lekki-lagos' };
  const lekkiPhase1 = {
    description: 'Lekki Phase 1, Lagos, Nigeria',
    place_id: 'sandbox-lekki-phase-1-lagos',
  };

  it('suggests addresses as the user types and clears them when the input is emptied', async () => {
    api(newUserProfile, {
      'GET /api/places/autocomplete': answer.ok({ predictions: [lekki, lekkiPhase1] }),
    });
    const { user } = await renderProfile();
    await user.type(field('Address'), 'Lek');
    const list = await screen.findByRole('listbox', { name: 'Address suggestions' });
    expect(within(list).getAllByRole('option')).toHaveLength(2);
    // Asked once the typing paused, not for every letter.
    const calls = callsTo('GET', '/api/places/autocomplete');
    expect(calls.map(({ searchParams }) => searchParams.get('input'))).toEqual(['Lek']);

    await user.clear(field('Address'));
    expect(screen.queryByRole('listbox', { name: 'Address suggestions' })).not.toBeInTheDocument();
  });

  it('fills the address, city, state and country from the chosen suggestion', async () => {
    api(newUserProfile, { 'GET /api/places/autocomplete': answer.ok({ predictions: [lekki, lekkiPhase1] }) });
    const { user } = await renderProfile();
    await user.type(field('Address'), 'Lek');
    await screen.findByRole('listbox', { name: 'Address suggestions' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(field('Address')).toHaveValue('Lekki, Lagos, Nigeria');
    expect(field('City')).toHaveValue('Lekki');
    expect(field('State')).toHaveValue('Lagos');
    expect(field('Country')).toHaveValue('Nigeria');
    expect(screen.queryByRole('listbox', { name: 'Address suggestions' })).not.toBeInTheDocument();
  });

  it('keeps the street and house number typed before the area the user chose', async () => {
    api(newUserProfile, { 'GET /api/places/autocomplete': answer.ok({ predictions: [lekki, lekkiPhase1] }) });
    const { user } = await renderProfile();
    await user.type(field('Address'), '12 Admiralty Way, Lek');
    await screen.findByRole('listbox', { name: 'Address suggestions' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(field('Address')).toHaveValue('12 Admiralty Way, Lekki, Lagos, Nigeria');
    expect(field('Street')).toHaveValue('12 Admiralty Way');
    expect(field('City')).toHaveValue('Lekki');
    expect(field('State')).toHaveValue('Lagos');
  });

  it('logs a failed lookup and shows no suggestions', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    api(newUserProfile, {
      'GET /api/places/autocomplete': answer.fail(
        500,
        'INTERNAL_ERROR',
        'Something went wrong. Please try again later.',
      ),
    });
    const { user } = await renderProfile();
    await user.type(field('Address'), 'Lek');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByRole('listbox', { name: 'Address suggestions' })).not.toBeInTheDocument();
    expect(screen.queryByText('Something went wrong. Please try again later.')).not.toBeInTheDocument();
  });
});
