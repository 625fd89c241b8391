import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render-routes';
import { answer, answerApi, callsTo } from '../../../test/api';
import { productCard } from '../../../test/fixtures/products';
import { HomeRoute } from './home';

const routes = [{ path: '/', element: <HomeRoute /> }];

describe('home page', () => {
  it("shows 'No product has been uploaded yet' when there are no listings", async () => {
    answerApi({
      'GET /api/products': () =>
        answer.ok([], 'Products fetched successfully.', { meta: { nextCursor: null } }),
    });
    renderRoutes(routes, '/');
    expect(
      screen.getByRole('heading', { level: 1, name: "Don't trash it. Sell it or donate it." }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No product has been uploaded yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Recommended' })).toBeInTheDocument();
  });

  it('titles the grid by the category chosen in the bar and reloads the products for it', async () => {
    answerApi({
      'GET /api/products': (call) =>
        answer.ok(call.searchParams.get('category') === 'Electronics' ? [productCard()] : [], 'OK', {
          meta: {
            nextCursor: null,
          },
        }),
    });
    const { user, router } = renderRoutes(routes, '/');
    await screen.findByText('No product has been uploaded yet');
    const bar = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(bar).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(bar).getByRole('link', { name: 'Electronics' }));
    expect(router.state.location.search).toBe('?category=Electronics');
    expect(screen.getByRole('heading', { level: 2, name: 'Electronics' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Samsung Galaxy A14' })).toHaveAttribute(
      'href',
      '/product/a3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a61',
    );
    expect(within(bar).getByRole('link', { name: 'Electronics' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(bar).getByRole('link', { name: 'Household Items' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Household Items' })).toBeInTheDocument();
    expect(await screen.findByText('No product has been uploaded yet')).toBeInTheDocument();

    const categories = callsTo('GET', '/api/products').map((call) => call.searchParams.get('category'));
    expect(categories).toEqual([null, 'Electronics', 'Household-Items']);
  });

  it('shows each card with a responsive picture (the first two at once, the others lazily), its price in naira or Free, and its location', async () => {
    answerApi({
      'GET /api/products': () =>
        answer.ok(
          [
            productCard(),
            productCard({
              id: 'b3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a62',
              title: 'Baby clothes',
              tag: 'Donate',
              price: null,
              primaryImage: null,
              images: [],
              media: [],
            }),
            productCard({ id: 'c3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a63', title: 'Office chair' }),
          ],
          'OK',
          { meta: { nextCursor: null } },
        ),
    });
    renderRoutes(routes, '/');
    const picture = await screen.findByRole('img', { name: 'Samsung Galaxy A14' });
    expect(picture).toHaveAttribute(
      'srcset',
      '/media/images/phone-320.webp 320w, /media/images/phone-640.webp 640w',
    );
    expect(picture).toHaveAttribute('sizes');
    // The first row's pictures are the largest content of a phone's first screen: fetched at once, first.
    expect(picture).toHaveAttribute('loading', 'eager');
    expect(picture).toHaveAttribute('fetchpriority', 'high');
    expect(picture).toHaveAttribute('width', '1280');
    expect(picture).toHaveAttribute('height', '960');
    const third = screen.getByRole('img', { name: 'Office chair' });
    expect(third).toHaveAttribute('loading', 'lazy');
    expect(third).not.toHaveAttribute('fetchpriority');
    expect(screen.getAllByText('₦45,000')).toHaveLength(2);
    expect(screen.getByText('Free (donation)')).toBeInTheDocument();
    expect(screen.getAllByText('Ikeja, Lagos')).toHaveLength(3);
  });

  it('keeps the listings shown when the next page cannot be loaded, and says so at Load more', async () => {
    answerApi({
      'GET /api/products': (call) =>
        call.searchParams.get('cursor') === 'page-2'
          ? answer.fail(503, 'SERVICE_UNAVAILABLE', 'The service is unavailable.')
          : answer.ok([productCard()], 'OK', { meta: { nextCursor: 'page-2' } }),
    });
    const { user } = renderRoutes(routes, '/');
    await screen.findByRole('link', { name: 'Samsung Galaxy A14' });

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(
      await screen.findByText(
        'The next page could not be loaded. Check your connection and try Load more again.',
      ),
    ).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('link', { name: 'Samsung Galaxy A14' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
  });

  it('shows skeleton cards while loading, then loads the next page with the cursor', async () => {
    answerApi({
      'GET /api/products': (call) =>
        call.searchParams.get('cursor') === 'page-2'
          ? answer.ok(
              [productCard({ id: 'c3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a63', title: 'Office chair' })],
              'OK',
              {
                meta: {
                  nextCursor: null,
                },
              },
            )
          : answer.ok([productCard()], 'OK', { meta: { nextCursor: 'page-2' } }),
    });
    const { user } = renderRoutes(routes, '/');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await screen.findByRole('link', { name: 'Samsung Galaxy A14' });

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Office chair' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Samsung Galaxy A14' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/products')[1]?.searchParams.get('cursor')).toBe('page-2');
  });

  it('links the upload card to the Sell and Donate forms', async () => {
    answerApi({
      'GET /api/products': () => answer.ok([], 'OK', { meta: { nextCursor: null } }),
    });
    renderRoutes(routes, '/');
    expect(await screen.findByRole('link', { name: 'Sell It' })).toHaveAttribute('href', '/upload?mode=sell');
    expect(screen.getByRole('link', { name: 'Donate It' })).toHaveAttribute('href', '/upload?mode=donate');
    await screen.findByText('No product has been uploaded yet');
  });

  it('puts the upload card after the first line of cards (two on a phone), not above the listings', async () => {
    const titles = ['Blue kaftan', 'Rice cooker', 'Leather bag', 'Ceiling fan'];
    answerApi({
      'GET /api/products': () =>
        answer.ok(
          titles.map((title, index) =>
            productCard({ id: `c3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a6${index}`, title }),
          ),
          'OK',
          { meta: { nextCursor: null } },
        ),
    });
    renderRoutes(routes, '/');
    const cards = await Promise.all(titles.map((name) => screen.findByRole('link', { name })));
    const uploadCard = screen.getByRole('region', { name: "Don't Trash It" });
    const follows = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(cards[1]!, uploadCard)).toBe(true);
    expect(follows(uploadCard, cards[2]!)).toBe(true);
  });
});
