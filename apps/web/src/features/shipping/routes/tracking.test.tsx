import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/i18n';
import { RequireLogin } from '../../../app/guards/require-login';
import { answer, answerApi } from '../../../test/api';
import { logInAs, renderRoutes } from '../../../test/render-routes';
import { TrackingRoute } from './tracking';

const routes = [{ element: <RequireLogin />, children: [{ path: '/tracking', element: <TrackingRoute /> }] }];

const inTransit = {
  data: { current_status: 'shipped', courier_status: 'In transit' },
  shipmentReference: 'SBX-MI3K2L1-0A1B2C3D',
  status: 'in-transit',
  courier: 'GIG Logistics',
  productTitle: 'Leather sandals',
  reference: 'oja_0123456789abcdef01234567',
  deliveredAt: null,
  timeline: [
    { status: 'pending', at: '2026-11-22T10:00:00.000Z', isReached: true },
    { status: 'picked-up', at: null, isReached: true },
    { status: 'in-transit', at: '2026-11-22T10:03:00.000Z', isReached: true },
    { status: 'delivered', at: null, isReached: false },
  ],
};

afterEach(async () => {
  await changeLanguage('en');
});

describe('tracking page', () => {
  it("shows a shipment on its way as 'Shipped' (spec §4), the courier's words and the steps", async () => {
    logInAs();
    answerApi({ 'GET /api/track-shipment/SBX-MI3K2L1-0A1B2C3D': answer.ok(inTransit) });
    renderRoutes(routes, '/tracking?reference=SBX-MI3K2L1-0A1B2C3D');
    expect(await screen.findByRole('heading', { name: 'Leather sandals' })).toBeInTheDocument();
    expect(screen.getByText('Shipped')).toBeInTheDocument();
    expect(screen.getByText('The courier says: In transit')).toBeInTheDocument();
    const steps = screen.getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringMatching(/^Booked.*2026/),
      'Picked upPassed',
      expect.stringMatching(/^In transit.*2026/),
      'DeliveredNot yet',
    ]);
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByLabelText('Shipment reference')).toHaveValue('SBX-MI3K2L1-0A1B2C3D');
  });

  it("gives the courier's word in the reader's language, and an unknown one as the courier wrote it (issue 32)", async () => {
    logInAs();
    answerApi({
      'GET /api/track-shipment/SBX-MI3K2L1-0A1B2C3D': answer.ok({
        ...inTransit,
        data: { current_status: 'delivered', courier_status: 'Delivered' },
        status: 'delivered',
      }),
      'GET /api/track-shipment/SBX-OTHER': answer.ok({
        ...inTransit,
        shipmentReference: 'SBX-OTHER',
        data: { current_status: 'Held at hub', courier_status: 'Held at hub' },
        status: 'unknown',
      }),
    });
    await changeLanguage('es');
    renderRoutes(routes, '/tracking?reference=SBX-MI3K2L1-0A1B2C3D');
    expect(await screen.findByText('La empresa de mensajería indica: Entregado')).toBeInTheDocument();
    cleanup();
    renderRoutes(routes, '/tracking?reference=SBX-OTHER');
    expect(await screen.findByText('La empresa de mensajería indica: Held at hub')).toBeInTheDocument();
  });

  it("says so when the shipment is not the user's (404), with the server's message", async () => {
    logInAs();
    answerApi({
      'GET /api/track-shipment/SBX-OTHER': answer.fail(
        404,
        'SHIPMENT_NOT_FOUND',
        'This shipment could not be found.',
      ),
    });
    renderRoutes(routes, '/tracking?reference=SBX-OTHER');
    expect(await screen.findByRole('alert')).toHaveTextContent('This shipment could not be found.');
  });

  it('asks for a reference and tracks what is typed', async () => {
    logInAs();
    answerApi({
      'GET /api/track-shipment/SBX-MI3K2L1-0A1B2C3D': answer.ok({
        ...inTransit,
        status: 'delivered',
        deliveredAt: '2026-11-22T10:09:00.000Z',
      }),
    });
    const { user } = renderRoutes(routes, '/tracking');
    await user.type(await screen.findByLabelText('Shipment reference'), 'SBX-MI3K2L1-0A1B2C3D');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect(await screen.findByText(/^Delivered on /)).toBeInTheDocument();
    expect(screen.queryByText('This page checks again every 30 seconds.')).not.toBeInTheDocument();
  });
});
