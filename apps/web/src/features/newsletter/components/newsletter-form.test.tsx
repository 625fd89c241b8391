import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, answerApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render-routes';
import { NewsletterForm } from './newsletter-form';

const routes = [{ path: '/', element: <NewsletterForm /> }];

describe('newsletter sign-up', () => {
  it("says what is wrong with the address before anything is sent, with the API's own rule", async () => {
    const { calls } = answerApi({});
    const { user } = renderRoutes(routes);
    const email = screen.getByLabelText('Your email address');

    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('All fields are required');
    await user.type(email, 'ada@');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it("signs up, shows the server's answer and empties the box; a failure keeps the address", async () => {
    let fails = true;
    const { callsTo } = answerApi({
      'POST /api/newsletter/subscribe': () =>
        fails
          ? answer.fail(503, 'SERVICE_UNAVAILABLE', 'Please try again in a moment.')
          : answer.ok(null, 'You are signed up for our weekend discounts.'),
    });
    const { user } = renderRoutes(routes);
    const email = screen.getByLabelText('Your email address');

    await user.type(email, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Please try again in a moment.')).toBeInTheDocument();
    expect(email).toHaveValue('ada@example.com');

    fails = false;
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('You are signed up for our weekend discounts.')).toBeInTheDocument();
    expect(email).toHaveValue('');
    expect(callsTo('POST', '/api/newsletter/subscribe').map((call) => call.body)).toEqual([
      { email: 'ada@example.com' },
      { email: 'ada@example.com' },
    ]);
  });
});
