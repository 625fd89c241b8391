import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveFirstView } from '../../../test/first-view';
import { renderRoutes } from '../../../test/render-routes';
import { answer, answerApi, callsTo } from '../../../test/api';
import { productCard } from '../../../test/fixtures/products';
import { HomeRoute } from './home';

describe('home page, first view', () => {
  it('shows the cards the page came with, without asking the API again', async () => {
    serveFirstView('home', {
      ok: true,
      message: 'Products fetched successfully.',
      data: [productCard({ title: 'Came with the page' })],
      meta: { nextCursor: null },
    });
    // Answered, so that the count below is what says the page did not ask.
    answerApi({ 'GET /api/products': () => answer.page([]) });
    renderRoutes([{ path: '/', element: <HomeRoute /> }], '/');
    expect(await screen.findByRole('heading', { level: 3, name: 'Came with the page' })).toBeInTheDocument();
    expect(callsTo('GET', '/api/products')).toHaveLength(0);
  });
});
