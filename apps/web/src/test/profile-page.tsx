import { screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { Me } from '@marketplace/shared/schemas/accounts';
import { ProfilePage } from '../app/routes/profile-page';
import { answer, answerApi, type Answer } from './api';
import { profileOf } from './fixtures/accounts';
import { banks } from './fixtures/banking';
import { logInAs, renderRoutes } from './render-routes';

// What the profile page's tests share (the profile form, its bank details, its address suggestions).

export const newUserProfile = profileOf();

export function api(me: Me, answers: Record<string, Answer> = {}) {
  return answerApi({
    'GET /api/userProfile/profile': answer.ok(me, 'Profile fetched successfully.'),
    'GET /api/userProfile/banks': answer.ok(banks, 'Banks fetched successfully.'),
    ...answers,
  });
}

export async function renderProfile() {
  logInAs();
  const rendered = renderRoutes([{ path: '/profile', element: <ProfilePage /> }], '/profile');
  await screen.findByRole('button', { name: 'Save Changes' });
  return rendered;
}

export const field = (label: string | RegExp) => screen.getByLabelText(label);
export const verifyButton = () => screen.getByRole('button', { name: /^(Verify|Verified|Verifying\.\.\.)$/ });
export const resultAlert = () =>
  screen.getByText((_content, element) => element?.classList.contains('alert-dismissible') ?? false);

// jsdom has no object URLs; the picture preview uses one. Call at a test file's top level.
export function mockObjectUrls() {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}
