import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render-routes';
import { callsTo, productCard, stubApi } from '../test/fixtures';
import { HomeRoute } from './home';

afterEach(() => document.getElementById('first-view-data')?.remove());

// What the server writes into the home page's HTML (apps/api first-view.ts).
function serverData(name: string, body: unknown) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'first-view-data';
  block.textContent = JSON.stringify({ name, renderedAt: Date.now(), body });
  document.body.append(block);
}

describe('home page, first view', () => {
  it('shows the cards the page came with, without asking the API again', async () => {
    serverData('home', {
      ok: true,
      message: 'Products fetched successfully.',
      data: [productCard({ title: 'Came with the page' })],
      meta: { nextCursor: null },
    });
    const fetchMock = stubApi([]);
    renderRoutes([{ path: '/', element: <HomeRoute /> }], '/');
    expect(await screen.findByRole('heading', { level: 3, name: 'Came with the page' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/products')).toHaveLength(0);
  });
});
