import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveFirstView } from '../../../test/first-view';
import { logInAs, renderRoutes } from '../../../test/render-routes';
import { answer, answerApi, callsTo } from '../../../test/api';
import { productDetail, nothingSaved, noOffers } from '../../../test/fixtures/products';
import { ProductRoute } from './product';

const productId = 'a3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a61';

describe('product page, first view', () => {
  it('shows the listing the page came with at once, and a logged-in user gets their own view straight after', async () => {
    serveFirstView(`product:${productId}`, {
      ok: true,
      message: 'OK',
      data: productDetail({ title: 'Public view' }),
    });
    logInAs();
    answerApi({
      ...nothingSaved,
      ...noOffers,
      [`GET /api/products/${productId}`]: () => answer.ok(productDetail({ title: 'Seen with my token' })),
    });
    renderRoutes([{ path: '/product/:id', element: <ProductRoute /> }], `/product/${productId}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Public view' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Seen with my token' })).toBeInTheDocument();
    expect(callsTo('GET', `/api/products/${productId}`)).toHaveLength(1);
  });
});
