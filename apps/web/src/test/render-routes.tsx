import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { Me, SessionUser } from '@marketplace/shared/schemas/accounts';
import { AppProviders } from '../app/providers';
import { STORAGE_KEYS } from '../lib/storage';

// Renders routes inside the real providers (query client, i18n, toasts) at the given address.
export function renderRoutes(routes: RouteObject[], initialEntry = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const user = userEvent.setup();
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

// Replaces fetch with a mock answering the given responses in order.
export function stubFetch(...responses: Response[]) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const response of responses) fetchMock.mockResolvedValueOnce(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// The JSON body a mocked fetch was called with.
export function sentBody(fetchMock: ReturnType<typeof stubFetch>, callIndex = 0): unknown {
  const body = fetchMock.mock.calls[callIndex]?.[1]?.body;
  return typeof body === 'string' ? JSON.parse(body) : body;
}

export const sessionUser: SessionUser = {
  id: '6f1c1a52-5f0e-4d43-9a4c-1f6e2b0c9a11',
  fullName: 'Ada Obi',
  username: 'adaobi',
  email: 'ada@example.com',
  profilePicture: null,
  isVerified: false,
  refID: 'ADA123',
};

// The profile (GET /api/userProfile/profile) of sessionUser right after registering, with overrides.
export function profileOf(overrides: Partial<Me> = {}): Me {
  return {
    ...sessionUser,
    phoneNumber: null,
    address: null,
    street: null,
    city: null,
    state: null,
    country: null,
    bio: null,
    accountName: null,
    accountNumber: null,
    bankName: null,
    bankCode: null,
    referredBy: null,
    referrals: [],
    notifications: [],
    products: [],
    createdAt: '2025-01-01T10:00:00.000Z',
    updatedAt: '2025-01-01T10:00:00.000Z',
    ...overrides,
  };
}

export function logInAs(user: SessionUser = sessionUser, token = 'user-token') {
  localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ token, user }));
}
