import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ProfilePage } from '../../../app/routes/profile-page';
import { answer, callsTo } from '../../../test/api';
import { sellerProfile } from '../../../test/fixtures/accounts';
import { logInAs, renderRoutes } from '../../../test/render-routes';
import {
  api,
  field,
  mockObjectUrls,
  newUserProfile,
  renderProfile,
  resultAlert,
  verifyButton,
} from '../../../test/profile-page';

mockObjectUrls();

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
