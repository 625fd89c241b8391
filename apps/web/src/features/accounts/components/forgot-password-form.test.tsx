import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, answerApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render-routes';
import { ForgotPasswordRoute } from '../routes/forgot-password';

describe('forgot password page', () => {
  it("shows the server's message after asking for a reset link", async () => {
    const message = 'If an account exists for this email, a reset link has been sent to it.';
    const { callsTo } = answerApi({ 'POST /api/users/forgot-password': answer.ok(null, message) });
    const { user } = renderRoutes(
      [{ path: '/forgot-password', element: <ForgotPasswordRoute /> }],
      '/forgot-password',
    );
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(message);
    expect(callsTo('POST', '/api/users/forgot-password')[0]?.body).toEqual({ email: 'ada@example.com' });
  });
});
