import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { answer, answerApi } from '../../../test/api';
import { renderRoutes, sessionUser } from '../../../test/render-routes';
import { LoginRoute } from '../routes/login';

function CurrentAddress() {
  const location = useLocation();
  return <p>Now at {`${location.pathname}${location.search}`}</p>;
}

const routes = [
  { path: '/login', element: <LoginRoute /> },
  { path: '*', element: <CurrentAddress /> },
];

const loggedIn = answer.ok({ token: 'user-token', user: sessionUser }, 'Login successful.');

async function logIn(address: string) {
  const { user } = renderRoutes(routes, address);
  await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login form', () => {
  it('signs in once with the one-time link from the e-mail, then goes to the ?redirect= page', async () => {
    const { calls } = answerApi({ 'POST /api/users/login-link': loggedIn });
    renderRoutes(routes, '/login?link=one-time-token&redirect=%2Fprofile');

    expect(await screen.findByText('Now at /profile')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe('/api/users/login-link');
    expect(calls[0]?.body).toEqual({ token: 'one-time-token' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.session) ?? '{}')).toMatchObject({
      token: 'user-token',
    });
  });

  it("shows the server's message and keeps the form when the link has been used", async () => {
    answerApi({
      'POST /api/users/login-link': answer.fail(
        400,
        'SIGN_IN_LINK_INVALID',
        'This sign-in link is invalid or has expired.',
      ),
    });
    renderRoutes(routes, '/login?link=spent');
    expect(await screen.findByText('This sign-in link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('goes to the ?redirect= page after logging in', async () => {
    const { calls } = answerApi({ 'POST /api/users/login': loggedIn });
    await logIn(`/login?redirect=${encodeURIComponent('/profile?tab=orders')}`);

    expect(await screen.findByText('Now at /profile?tab=orders')).toBeInTheDocument();
    expect(calls[0]?.path).toBe('/api/users/login');
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com', password: 'correct horse' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.session) ?? '{}')).toEqual({
      token: 'user-token',
      user: sessionUser,
    });
    expect(await screen.findByText('Login successful.')).toBeInTheDocument();
  });

  it('goes home when there is no redirect', async () => {
    answerApi({ 'POST /api/users/login': loggedIn });
    await logIn('/login');
    expect(await screen.findByText('Now at /')).toBeInTheDocument();
  });

  it('goes home instead of following a redirect to another site', async () => {
    answerApi({ 'POST /api/users/login': loggedIn });
    await logIn(`/login?redirect=${encodeURIComponent('//evil.example/steal')}`);
    expect(await screen.findByText('Now at /')).toBeInTheDocument();
  });

  it("stays on the page with the server's message when the credentials are wrong", async () => {
    answerApi({
      'POST /api/users/login': answer.fail(401, 'INVALID_CREDENTIALS', 'Invalid email or password.'),
    });
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
