import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes, sentBody, stubFetch } from '../../../test/render-routes';
import { ForgotPasswordRoute } from '../routes/forgot-password';

describe('forgot password page', () => {
  it("shows the server's message after asking for a reset link", async () => {
    const message = 'If an account exists for this email, a reset link has been sent to it.';
    const fetchMock = stubFetch(jsonResponse({ ok: true, message, data: null }));
    const { user } = renderRoutes(
      [{ path: '/forgot-password', element: <ForgotPasswordRoute /> }],
      '/forgot-password',
    );
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(message);
    expect(sentBody(fetchMock)).toEqual({ email: 'ada@example.com' });
  });
});
