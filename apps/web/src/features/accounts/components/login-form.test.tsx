import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { jsonResponse, renderRoutes, sentBody, sessionUser, stubFetch } from '../../../test/render-routes';
import { LoginRoute } from '../routes/login';

function CurrentAddress() {
  const location = useLocation();
  return <p>Now at {`${location.pathname}${location.search}`}</p>;
}

const routes = [
  { path: '/login', element: <LoginRoute /> },
  { path: '*', element: <CurrentAddress /> },
];

const loggedIn = () =>
  jsonResponse({ ok: true, message: 'Login successful.', data: { token: 'user-token', user: sessionUser } });

async function logIn(address: string) {
  const { user } = renderRoutes(routes, address);
  await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login form', () => {
  it('signs in once with the one-time link from the e-mail, then goes to the ?redirect= page', async () => {
    const fetchMock = stubFetch(loggedIn());
    renderRoutes(routes, '/login?link=one-time-token&redirect=%2Fprofile');

    expect(await screen.findByText('Now at /profile')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/users/login-link');
    expect(sentBody(fetchMock)).toEqual({ token: 'one-time-token' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.session) ?? '{}')).toMatchObject({ token: 'user-token' });
  });

  it("shows the server's message and keeps the form when the link has been used", async () => {
    stubFetch(jsonResponse({ ok: false, message: 'This sign-in link is invalid or has expired.', error: { code: 'SIGN_IN_LINK_INVALID' } }, 400));
    renderRoutes(routes, '/login?link=spent');
    expect(await screen.findByText('This sign-in link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('goes to the ?redirect= page after logging in', async () => {
    const fetchMock = stubFetch(loggedIn());
    await logIn(`/login?redirect=${encodeURIComponent('/profile?tab=orders')}`);

    expect(await screen.findByText('Now at /profile?tab=orders')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/users/login');
    expect(sentBody(fetchMock)).toEqual({ email: 'ada@example.com', password: 'correct horse' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.session) ?? '{}')).toEqual({
      token: 'user-token',
      user: sessionUser,
    });
    expect(await screen.findByText('Login successful.')).toBeInTheDocument();
  });

  it('goes home when there is no redirect', async () => {
    stubFetch(loggedIn());
    await logIn('/login');
    expect(await screen.findByText('Now at /')).toBeInTheDocument();
  });

  it('goes home instead of following a redirect to another site', async () => {
    stubFetch(loggedIn());
    await logIn(`/login?redirect=${encodeURIComponent('//evil.example/steal')}`);
    expect(await screen.findByText('Now at /')).toBeInTheDocument();
  });

  it("stays on the page with the server's message when the credentials are wrong", async () => {
    stubFetch(
      jsonResponse(
        { ok: false, message: 'Invalid email or password.', error: { code: 'INVALID_CREDENTIALS' } },
        401,
      ),
    );
    await logIn('/login?redirect=/profile');

    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.com');
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('links to the forgot-password and register pages', () => {
    renderRoutes(routes, '/login');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  it('keeps ?redirect= on the register link', () => {
    renderRoutes(routes, '/login?redirect=%2Fcheckout%3Fid%3D7');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register?redirect=%2Fcheckout%3Fid%3D7',
    );
  });
});
