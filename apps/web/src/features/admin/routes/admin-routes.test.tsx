import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/router';
import { STORAGE_KEYS } from '../../../lib/storage';
import { answer, answerApi } from '../../../test/api';
import {
  headerAnswers,
  logInAs,
  logInAsAdmin,
  preloadPages,
  renderRoutes,
} from '../../../test/render-routes';
import { productCard } from '../test-fixtures';

const admin = { id: '7a0c9d8e-1b2c-4d3e-8f90-a1b2c3d4e5f6', email: 'admin@oja.ng', fullName: 'Oja Admin' };
const unread = (number: number) => ({
  id: `0d9e3b0a-5d7e-4c44-9d55-5b8a1f0e1a0${number}`,
  message: `New product uploaded: item ${number}`,
  read: false,
  createdAt: '2025-01-15T10:00:00.000Z',
});

// Sonner keeps its toasts between renders and replays them to a new Toaster; each test starts clean.
afterEach(() => {
  toast.dismiss();
});

const guarded = [
  '/adminDashboard',
  '/admin/users',
  '/admin/transactions',
  '/admin/notifications',
  '/admin/products/edit/x',
];

beforeAll(async () => {
  await preloadPages(routes, [...guarded, '/adminLogin']);
});

describe('admin routes', () => {
  it.each(guarded)(
    "sends %s to /adminLogin with 'Please login first' when there is no admin session",
    async (address) => {
      // A user session does not open the admin area.
      logInAs();
      const { calls } = answerApi(headerAnswers());
      const { router } = renderRoutes(routes, address);

      expect(await screen.findByRole('heading', { name: 'Admin login' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/adminLogin');
      expect(await screen.findByText('Please login first')).toBeInTheDocument();
      expect(
        calls
          .filter((call) => call.headers.get('Authorization') === 'Bearer user-token')
          .map((call) => call.path),
      ).not.toContainEqual(expect.stringMatching(/admin/i));
    },
  );

  it('logs the admin in, keeps the admin session apart and opens the dashboard', async () => {
    const { callsTo } = answerApi({
      'POST /api/admin/login': answer.ok(
        { token: 'admin-token', admin },
        'Welcome back. You are logged in as admin.',
      ),
      'GET /api/adminProduct': answer.ok([productCard()]),
      'GET /api/notifyAdmin/notifications': answer.ok([unread(1), unread(2)]),
    });
    const { user, router } = renderRoutes(routes, '/adminLogin');
    await user.type(await screen.findByLabelText('Email address'), 'Admin@Oja.ng');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/adminDashboard');
    expect(await screen.findByText('Welcome back. You are logged in as admin.')).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/login')[0]?.body).toEqual({
      email: 'admin@oja.ng',
      password: 'correct horse',
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.adminSession) ?? '{}')).toEqual({
      token: 'admin-token',
      admin,
    });
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    // The dashboard opens on the listings waiting for a decision.
    expect(
      callsTo('GET', '/api/adminProduct?status=pending&pageSize=50')[0]?.headers.get('Authorization'),
    ).toBe('Bearer admin-token');

    const adminNav = screen.getByRole('navigation', { name: 'Admin' });
    const notificationsLink = within(adminNav).getByRole('link', { name: /Notifications/ });
    expect(await within(notificationsLink).findByText('2 unread')).toBeInTheDocument();
    expect(within(adminNav).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
    expect(within(adminNav).getByRole('link', { name: 'Transactions' })).toHaveAttribute(
      'href',
      '/admin/transactions',
    );
  });

  it("shows the server's message when the admin credentials are wrong", async () => {
    answerApi({
      'POST /api/admin/login': answer.fail(401, 'INVALID_CREDENTIALS', 'Invalid email or password.'),
    });
    const { user, router } = renderRoutes(routes, '/adminLogin');
    await user.type(await screen.findByLabelText('Email address'), 'admin@oja.ng');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/adminLogin');
    expect(localStorage.getItem(STORAGE_KEYS.adminSession)).toBeNull();
  });

  it('logs the admin out from the admin navigation, without a login warning', async () => {
    logInAsAdmin();
    const { callsTo } = answerApi({
      'GET /api/admin/users': answer.ok([]),
      'GET /api/notifyAdmin/notifications': answer.ok([]),
      'POST /api/admin/logout': answer.ok(null, 'You have been logged out.'),
    });
    const { user, router } = renderRoutes(routes, '/admin/users');
    const adminNav = await screen.findByRole('navigation', { name: 'Admin' });
    await user.click(within(adminNav).getByRole('button', { name: 'Log out' }));
    expect(callsTo('POST', '/api/admin/logout')[0]?.headers.get('Authorization')).toBe('Bearer admin-token');

    expect(await screen.findByRole('heading', { name: 'Admin login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/adminLogin');
    expect(localStorage.getItem(STORAGE_KEYS.adminSession)).toBeNull();
    expect(await screen.findByText('You have been logged out of the admin area.')).toBeInTheDocument();
    expect(screen.queryByText('Please login first')).not.toBeInTheDocument();
  });

  it('sends the admin back to /adminLogin when the API rejects the admin token', async () => {
    logInAsAdmin();
    answerApi({
      'GET /api/admin/users': answer.fail(401, 'LOGIN_REQUIRED', 'Please login first'),
      'GET /api/notifyAdmin/notifications': answer.fail(401, 'LOGIN_REQUIRED', 'Please login first'),
    });
    const { router } = renderRoutes(routes, '/admin/users');
    expect(await screen.findByRole('heading', { name: 'Admin login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/adminLogin');
    expect(localStorage.getItem(STORAGE_KEYS.adminSession)).toBeNull();
  });
});
