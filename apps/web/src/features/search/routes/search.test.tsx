import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render-routes';
import { answer, answerApi, callsTo } from '../../../test/api';
import { productCard } from '../../../test/fixtures/products';
import { SearchPage } from '../../../app/routes/search-page';

const routes = [{ path: '/search', element: <SearchPage /> }];

describe('search page', () => {
  it('searches with the filters of the address and shows them in the controls, best match first', async () => {
    answerApi({
      'GET /api/products': () => answer.ok([productCard()], 'OK', { meta: { nextCursor: null } }),
    });
    renderRoutes(routes, '/search?q=samsung&category=Electronics&minPrice=1000&location=Lagos');
    expect(await screen.findByRole('link', { name: 'Samsung Galaxy A14' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Results for “samsung”' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search for')).toHaveValue('samsung');
    expect(screen.getByLabelText('Category')).toHaveValue('Electronics');
    expect(screen.getByLabelText('Min. price (₦)')).toHaveValue(1000);
    expect(screen.getByLabelText('Location')).toHaveValue('Lagos');
    expect(screen.getByLabelText('Sort by')).toHaveValue('relevance');

    const query = callsTo('GET', '/api/products')[0]?.searchParams;
    expect(query?.get('q')).toBe('samsung');
    expect(query?.get('category')).toBe('Electronics');
    expect(query?.get('minPrice')).toBe('1000');
    expect(query?.get('location')).toBe('Lagos');
  });

  it('puts the chosen filters in the address, and the back button returns to the previous search', async () => {
    answerApi({
      'GET /api/products': () => answer.ok([], 'OK', { meta: { nextCursor: null } }),
    });
    const { user, router } = renderRoutes(routes, '/search?q=chair');
    expect(await screen.findByText('No items match your search.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Condition'), 'New');
    await user.selectOptions(screen.getByLabelText('Sale or donation'), 'Donate');
    await user.type(screen.getByLabelText('Max. price (₦)'), '20000');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(router.state.location.search).toBe(
      '?q=chair&condition=New&tag=Donate&maxPrice=20000&sort=relevance',
    );

    await user.selectOptions(screen.getByLabelText('Sort by'), 'price-asc');
    expect(router.state.location.search).toBe(
      '?q=chair&condition=New&tag=Donate&maxPrice=20000&sort=price-asc',
    );
    await waitFor(() =>
      expect(callsTo('GET', '/api/products').at(-1)?.searchParams.get('sort')).toBe('price-asc'),
    );

    await router.navigate(-1);
    await waitFor(() => expect(screen.getByLabelText('Sort by')).toHaveValue('relevance'));
    expect(screen.getByLabelText('Condition')).toHaveValue('New');
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByLabelText('Condition')).toHaveValue(''));
    expect(screen.getByLabelText('Search for')).toHaveValue('chair');
  });

  it('offers newest first, and no best match, without search words', async () => {
    answerApi({
      'GET /api/products': () => answer.ok([], 'OK', { meta: { nextCursor: null } }),
    });
    renderRoutes(routes, '/search');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    expect(screen.getByLabelText('Sort by')).toHaveValue('newest');
    expect(screen.queryByRole('option', { name: 'Best match' })).not.toBeInTheDocument();
  });

  it('offers what was probably meant when the words matched nothing', async () => {
    answerApi({
      'GET /api/products': () =>
        answer.ok([productCard()], 'OK', {
          meta: { nextCursor: null, suggestion: 'samsung', recommended: [] },
        }),
    });
    const { user, router } = renderRoutes(routes, '/search?q=samsng&category=Electronics');
    const suggestion = await screen.findByRole('link', { name: 'Did you mean “samsung”?' });
    expect(screen.getByRole('link', { name: 'Samsung Galaxy A14' })).toBeInTheDocument();
    await user.click(suggestion);
    expect(router.state.location.search).toBe('?q=samsung&category=Electronics');
  });

  it('shows recommended listings when nothing was found', async () => {
    answerApi({
      'GET /api/products': () =>
        answer.ok([], 'OK', {
          meta: {
            nextCursor: null,
            suggestion: null,
            recommended: [productCard({ title: 'Tecno Spark 10' })],
          },
        }),
    });
    renderRoutes(routes, '/search?q=xylophone');
    expect(await screen.findByText('No items match your search.')).toBeInTheDocument();
    const recommended = screen.getByRole('region', { name: 'You might like these' });
    expect(within(recommended).getByRole('link', { name: 'Tecno Spark 10' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Did you mean/ })).not.toBeInTheDocument();
  });
});
