import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { ChunkLoadError } from '../../lib/load-chunk';
import { renderRoutes } from '../../test/render-routes';
import { OfflineNotice } from '../layout/offline-notice';
import { RouteError } from './route-error';

afterEach(async () => {
  await changeLanguage('en');
});

function Broken({ error }: { error: Error }): never {
  throw error;
}

describe('route errors', () => {
  it("shows 'Connection lost' with Try again in the user's language when a page script does not load", async () => {
    await changeLanguage('es');
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <Broken
              error={new ChunkLoadError(new TypeError('Failed to fetch dynamically imported module'))}
            />
          ),
          errorElement: <RouteError />,
        },
      ],
      '/',
    );
    expect(await screen.findByRole('heading', { name: 'Conexión perdida' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeInTheDocument();
    expect(screen.queryByText(/dynamically imported/)).not.toBeInTheDocument();
  });

  it("keeps the spec's fallback for any other error", async () => {
    renderRoutes(
      [{ path: '/', element: <Broken error={new Error('boom')} />, errorElement: <RouteError /> }],
      '/',
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error' })).toBeInTheDocument();
  });
});

describe('offline notice', () => {
  it('appears when the connection drops and goes when it returns', () => {
    renderRoutes([{ path: '/', element: <OfflineNotice /> }], '/');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    try {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      expect(screen.getByRole('status')).toHaveTextContent(
        'You are offline. Pages and pictures you have already seen still open.',
      );
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      if (onLine) Object.defineProperty(Navigator.prototype, 'onLine', onLine);
    }
  });
});
