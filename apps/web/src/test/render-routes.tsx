import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import type { Me, SessionUser } from '@marketplace/shared/schemas/accounts';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';
import { STORAGE_KEYS } from '../lib/storage';
import { answer, type Answer } from './api';
import { profileOf, sessionUser } from './fixtures/accounts';

// Until every test imports them from fixtures/accounts.
export { profileOf, sessionUser } from './fixtures/accounts';

// Renders routes inside the real providers (query client, i18n, toasts) at the given address. The query client
// is the app's, retrying what the app retries, without the wait between tries (decision 041).
export function renderRoutes(routes: RouteObject[], initialEntry = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createQueryClient({ retryDelay: 0 })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user };
}

// Loads the lazy pages these addresses open, as the router would, so that a test's own waits time the app and
// not the first compiling of a page's modules (seconds on a busy machine). Call from beforeAll.
export async function preloadPages(routeList: RouteObject[], addresses: string[]) {
  const loads = addresses.flatMap((address) =>
    (matchRoutes(routeList, address) ?? []).map(({ route }) =>
      typeof route.lazy === 'function' ? route.lazy() : Promise.resolve(),
    ),
  );
  await Promise.all(loads);
}

export function logInAs(user: SessionUser = sessionUser, token = 'user-token') {
  localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ token, user }));
}

// What the app's header asks for a signed-in user: the profile (name, notifications badge) and how many
// messages are unread. Spread into answerApi by tests that render the whole app.
export function headerAnswers(profile: Me = profileOf()): Record<string, Answer> {
  return {
    'GET /api/userProfile/profile': answer.ok(profile, 'Profile fetched successfully.'),
    'GET /api/conversations/unread': answer.ok({ unread: 0 }),
  };
}

export function logInAsAdmin(token = 'admin-token') {
  localStorage.setItem(
    STORAGE_KEYS.adminSession,
    JSON.stringify({
      token,
      admin: { id: '7a0c9d8e-1b2c-4d3e-8f90-a1b2c3d4e5f6', email: 'admin@oja.ng', fullName: 'Oja Admin' },
    }),
  );
}
