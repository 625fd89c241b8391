import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, answerApi, callsTo } from '../../../test/api';
import { logInAs, renderRoutes } from '../../../test/render-routes';
import { dispute, disputeId, orderId } from '../test-fixtures';
import { ReportProblemRoute } from './report-problem';

describe('reporting a problem with an order (issue 29)', () => {
  it('asks for a reason and what happened, then opens the dispute it created', async () => {
    logInAs();
    answerApi({
      [`POST /api/orders/${orderId}/disputes`]: answer.ok(
        dispute(),
        'Your report was sent. The seller is not paid until it is settled.',
        { status: 201 },
      ),
    });
    const { user, router } = renderRoutes(
      [
        { path: '/orders/:orderId/report-problem', element: <ReportProblemRoute /> },
        { path: '/disputes/:id', element: <p>the dispute</p> },
      ],
      `/orders/${orderId}/report-problem`,
    );

    await user.click(await screen.findByRole('button', { name: 'Send the report' }));
    expect(await screen.findByText('Choose what went wrong.')).toBeInTheDocument();
    expect(screen.getByText('Describe the problem in a few words.')).toBeInTheDocument();
    expect(callsTo('POST', `/api/orders/${orderId}/disputes`)).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('What went wrong?'), 'It arrived damaged');
    await user.type(screen.getByLabelText('What happened?'), '  One leg of the chair is broken. ');
    await user.click(screen.getByRole('button', { name: 'Send the report' }));

    expect(await screen.findByText('the dispute')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/disputes/${disputeId}`);
    expect(
      await screen.findByText('Your report was sent. The seller is not paid until it is settled.'),
    ).toBeInTheDocument();
    expect(callsTo('POST', `/api/orders/${orderId}/disputes`)[0]?.body).toEqual({
      reason: 'damaged',
      details: 'One leg of the chair is broken.',
      photos: [],
    });
  });

  it('shows the server’s refusal and stays on the form', async () => {
    logInAs();
    answerApi({
      [`POST /api/orders/${orderId}/disputes`]: answer.fail(
        409,
        'PROTECTION_WINDOW_ENDED',
        'The time to report a problem with this order has ended, and the seller has been paid.',
      ),
    });
    const { user, router } = renderRoutes(
      [{ path: '/orders/:orderId/report-problem', element: <ReportProblemRoute /> }],
      `/orders/${orderId}/report-problem`,
    );
    await user.selectOptions(await screen.findByLabelText('What went wrong?'), 'I did not receive it');
    await user.type(screen.getByLabelText('What happened?'), 'Nothing came.');
    await user.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(
      await screen.findByText(
        'The time to report a problem with this order has ended, and the seller has been paid.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/orders/${orderId}/report-problem`);
  });
});
