import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { logInAs, renderRoutes } from '../../../test/render-routes';
import { callsTo, ok, productDetail, stubApi } from '../test/fixtures';
import { ProductRoute } from './product';

const productId = 'a3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a61';

afterEach(() => document.getElementById('first-view-data')?.remove());

function serverData(name: string, body: unknown) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'first-view-data';
  block.textContent = JSON.stringify({ name, renderedAt: Date.now(), body });
  document.body.append(block);
}

describe('product page, first view', () => {
  it('shows the listing the page came with at once, and a logged-in user gets their own view straight after', async () => {
    serverData(`product:${productId}`, {
      ok: true,
      message: 'OK',
      data: productDetail({ title: 'Public view' }),
    });
    logInAs();
    const fetchMock = stubApi([
      {
        path: `/api/products/${productId}`,
        respond: () => ok(productDetail({ title: 'Seen with my token' })),
      },
    ]);
    renderRoutes([{ path: '/product/:id', element: <ProductRoute /> }], `/product/${productId}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Public view' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Seen with my token' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `/api/products/${productId}`)).toHaveLength(1);
  });
});
