import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, answerApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render-routes';
import { ResetPasswordRoute } from '../routes/reset-password';

const routes = [
  { path: '/reset-password', element: <ResetPasswordRoute /> },
  { path: '/login', element: <p>Login page</p> },
];

describe('reset password page', () => {
  it("shows 'Passwords do not match.' when the two passwords differ", async () => {
    const { calls } = answerApi({ 'POST /api/users/reset-password': answer.ok(null) });
    const { user } = renderRoutes(routes, '/reset-password?token=abc');
    await user.type(screen.getByLabelText('New password'), 'a new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'another password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the token with the new password, then goes to login with the success message', async () => {
    const { callsTo } = answerApi({
      'POST /api/users/reset-password': answer.ok(null, 'Your password has been reset. Please log in.'),
    });
    const { user } = renderRoutes(routes, '/reset-password?token=abc');
    await user.type(screen.getByLabelText('New password'), 'a new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(await screen.findByText('Your password has been reset. Please log in.')).toBeInTheDocument();
    expect(callsTo('POST', '/api/users/reset-password')[0]?.body).toEqual({
      token: 'abc',
      password: 'a new password',
    });
  });

  it('explains a missing token and links to forgot-password', () => {
    renderRoutes(routes, '/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
