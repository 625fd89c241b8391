import { describe, expect, it } from 'vitest';
import type { Me } from '@marketplace/shared/schemas/accounts';
import { bearer, registerUser } from '../../../test/helper';
import {
  completeProfile,
  type Failure,
  saveProfile,
  storedUser,
  type Success,
  testApp,
} from '../../../test/profiles';

// Saving the profile form (spec §7: PUT /userProfile/profile, multipart).

describe('PUT /api/userProfile/profile', () => {
  it('answers 401 without a login', async () => {
    const response = await saveProfile(null, completeProfile);
    expect(response.statusCode).toBe(401);
    expect(response.json<Failure>().message).toBe('Please login first');
  });

  it('saves a complete profile without bank details, as a buyer, and returns the updated profile', async () => {
    const buyer = await registerUser(testApp.app);
    const response = await saveProfile(buyer.token, {
      ...completeProfile,
      email: buyer.user.email,
      isVerified: 'false',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<Success<Me>>();
    expect(body.message).toBe('Profile updated successfully.');
    expect(body.data).toMatchObject({
      ...completeProfile,
      id: buyer.user.id,
      username: buyer.user.username,
      isVerified: false,
      accountNumber: null,
    });

    const profile = await testApp.app.inject({
      url: '/api/userProfile/profile',
      headers: bearer(buyer.token),
    });
    expect(profile.json<Success<Me>>().data).toMatchObject(completeProfile);
  });

  it.each(['fullName', 'city', 'state', 'country', 'street', 'bio', 'phoneNumber'])(
    "answers 'Please complete your profile information' when %s is missing or blank, and saves nothing",
    async (field) => {
      const user = await registerUser(testApp.app);
      for (const value of [undefined, '   ', 'undefined']) {
        const fields: Record<string, string> = { ...completeProfile, fullName: 'Someone Else' };
        if (value === undefined) delete fields[field];
        else fields[field] = value;
        const response = await saveProfile(user.token, fields);
        expect(response.statusCode).toBe(400);
        const body = response.json<Failure>();
        expect(body.message).toBe('Please complete your profile information');
        expect(body.error.code).toBe('PROFILE_INCOMPLETE');
        expect(body.error.details).toContainEqual(
          expect.objectContaining({ path: field, code: 'PROFILE_INCOMPLETE' }),
        );
      }
      const stored = await storedUser(user.user.id);
      expect(stored.fullName).toBe('Chiamaka Eze');
      expect(stored.city).toBeNull();
    },
  );

  it.each([
    ['+2348031234567', '08031234567'],
    ['2348031234567', '08031234567'],
    ['+234 (0) 803 123 4567', '08031234567'],
    ['0803-123-4567', '08031234567'],
    ['07012345678', '07012345678'],
    ['09112345678', '09112345678'],
  ])('stores the phone number %s as %s', async (sent, stored) => {
    const user = await registerUser(testApp.app);
    const response = await saveProfile(user.token, { ...completeProfile, phoneNumber: sent });
    expect(response.statusCode).toBe(200);
    expect(response.json<Success<Me>>().data.phoneNumber).toBe(stored);
  });

  it.each(['0803123456', '080312345678', '06031234567', '08231234567', '+447911123456', 'call me'])(
    'refuses the phone number %s with a clear message',
    async (phoneNumber) => {
      const user = await registerUser(testApp.app);
      const response = await saveProfile(user.token, { ...completeProfile, phoneNumber });
      expect(response.statusCode).toBe(400);
      const body = response.json<Failure>();
      expect(body.error.code).toBe('PHONE_NUMBER_INVALID');
      expect(body.message).toBe('Please enter a valid Nigerian mobile number, for example 08031234567.');
    },
  );

  it('keeps the contact details setting off by default, saves it from the form, and leaves it as it was when a client does not send it', async () => {
    const user = await registerUser(testApp.app);
    const before = await testApp.app.inject({ url: '/api/userProfile/profile', headers: bearer(user.token) });
    expect(before.json<Success<Me>>().data.showContactDetails).toBe(false);

    const shown = await saveProfile(user.token, { ...completeProfile, showContactDetails: 'true' });
    expect(shown.statusCode).toBe(200);
    expect(shown.json<Success<Me>>().data.showContactDetails).toBe(true);
    expect((await storedUser(user.user.id))?.showContactDetails).toBe(true);

    // A spec client sends only the spec's fields: the setting stays.
    const specClient = await saveProfile(user.token, completeProfile);
    expect(specClient.json<Success<Me>>().data.showContactDetails).toBe(true);

    const hidden = await saveProfile(user.token, { ...completeProfile, showContactDetails: 'false' });
    expect(hidden.json<Success<Me>>().data.showContactDetails).toBe(false);
    expect((await storedUser(user.user.id))?.showContactDetails).toBe(false);
  });

  it('accepts the account e-mail sent back unchanged, but refuses another one and saves nothing', async () => {
    const user = await registerUser(testApp.app);
    const same = await saveProfile(user.token, { ...completeProfile, email: user.user.email.toUpperCase() });
    expect(same.statusCode).toBe(200);

    const other = await saveProfile(user.token, {
      ...completeProfile,
      bio: 'Changed',
      email: 'someone.else@example.ng',
    });
    expect(other.statusCode).toBe(400);
    expect(other.json<Failure>()).toMatchObject({
      message: 'Your email address cannot be changed.',
      error: { code: 'EMAIL_NOT_CHANGEABLE' },
    });
    const stored = await storedUser(user.user.id);
    expect(stored.email).toBe(user.user.email);
    expect(stored.bio).toBe(completeProfile.bio);
  });

  it('answers 415 when the body is not a multipart form', async () => {
    const user = await registerUser(testApp.app);
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/userProfile/profile',
      headers: bearer(user.token),
      payload: completeProfile,
    });
    expect(response.statusCode).toBe(415);
  });
});
