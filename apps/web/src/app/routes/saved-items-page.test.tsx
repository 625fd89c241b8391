import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logInAs, renderRoutes, sessionUser } from '../../test/render-routes';
import { ProductRoute } from '../../features/products/routes/product';
import { SavedItemsRoute } from './saved-items-page';
import { answer, answerApi, callsTo, type ApiCall } from '../../test/api';
import { noOffers, productCard, productDetail, sellerId } from '../../test/fixtures/products';
import { ProductGrid } from '../../features/products/components/product-grid';

const saved = productCard();
const other = productCard({ id: 'b4d2f2d5-8d1f-4e1b-8c8b-3e2e4d5c6b72', title: 'Ankara gown' });
const own = productCard({
  id: 'c5e3a3e6-9e2a-4f2c-9d9c-4f3f5e6d7c83',
  title: 'My own lamp',
  uploader: sessionUser.id,
  user: { id: sessionUser.id, username: 'adaobi', isVerified: false },
});
const gridRoutes = [{ path: '/', element: <ProductGrid products={[saved, other, own]} /> }];
const idsPath = '/api/favourites/ids';

// GET /api/favourites/ids as the server answers it: which of the listings asked about are in `server`.
const answerSaved = (server: Set<string>) => (call: ApiCall) =>
  answer.ok((call.searchParams.get('productIds') ?? '').split(',').filter((id) => server.has(id)));

describe('the heart on cards', () => {
  it('is not drawn for visitors, who make no call for saved items', async () => {
    answerApi({});
    renderRoutes(gridRoutes);
    expect(await screen.findByRole('link', { name: 'Samsung Galaxy A14' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Save / })).not.toBeInTheDocument();
    expect(callsTo('GET', idsPath)).toHaveLength(0);
  });

  it('shows what the user saved, saves and unsaves with a tap, and is not offered on their own listing', async () => {
    logInAs();
    // The server's saves, as the calls change them.
    const server = new Set([saved.id]);
    const toggle = (isSaved: boolean) => (call: ApiCall) => {
      const productId = call.pathname.split('/').pop() ?? '';
      if (isSaved) server.add(productId);
      else server.delete(productId);
      return answer.ok(
        { productId, isSaved },
        isSaved ? 'Saved to your items.' : 'Removed from your saved items.',
      );
    };
    answerApi({
      [`GET ${idsPath}`]: answerSaved(server),
      'PUT /api/favourites/:productId': toggle(true),
      'DELETE /api/favourites/:productId': toggle(false),
    });
    const { user } = renderRoutes(gridRoutes);
    const savedHeart = screen.getByRole('button', { name: 'Save "Samsung Galaxy A14"' });
    await waitFor(() => expect(savedHeart).toHaveAttribute('aria-pressed', 'true'));
    const otherHeart = screen.getByRole('button', { name: 'Save "Ankara gown"' });
    expect(otherHeart).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: 'Save "My own lamp"' })).not.toBeInTheDocument();
    // The cards' hearts are asked about in one call, the user's own listing not at all (decision 091).
    expect(callsTo('GET', idsPath).map((call) => call.searchParams.get('productIds'))).toEqual([
      `${saved.id},${other.id}`,
    ]);

    await user.click(otherHeart);
    await waitFor(() => expect(otherHeart).toHaveAttribute('aria-pressed', 'true'));
    expect(await screen.findByText('Saved to your items.')).toBeInTheDocument();
    await user.click(savedHeart);
    await waitFor(() => expect(savedHeart).toHaveAttribute('aria-pressed', 'false'));
    expect(await screen.findByText('Removed from your saved items.')).toBeInTheDocument();
    expect([...server]).toEqual([other.id]);
    expect(otherHeart).toHaveAttribute('aria-pressed', 'true');
  });

  it('asks about a hundred hearts a call, never about every listing the user saved', async () => {
    logInAs();
    const cards = Array.from({ length: 101 }, (_, i) =>
      productCard({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, title: `Lamp ${i}` }),
    );
    const server = new Set([cards[3]!.id, cards[100]!.id]);
    answerApi({ [`GET ${idsPath}`]: answerSaved(server) });
    renderRoutes([{ path: '/', element: <ProductGrid products={cards} /> }]);
    // Found once by their labels: asking for a role among a hundred cards computes every element's role and
    // name, seconds of jsdom on a loaded machine.
    const hearts = screen.getAllByLabelText(/^Save "Lamp \d+"$/);
    expect(hearts).toHaveLength(101);
    expect(hearts[100]).toHaveAccessibleName('Save "Lamp 100"');
    await waitFor(() => expect(hearts[100]).toHaveAttribute('aria-pressed', 'true'));
    expect(hearts[3]).toHaveAttribute('aria-pressed', 'true');
    expect(hearts[4]).toHaveAttribute('aria-pressed', 'false');
    expect(hearts.filter((heart) => heart.getAttribute('aria-pressed') === 'true')).toHaveLength(2);
    const asked = callsTo('GET', idsPath).map((call) => call.searchParams.get('productIds')!.split(','));
    expect(asked.map((ids) => ids.length)).toEqual([100, 1]);
    expect(asked.flat()).toEqual(cards.map((card) => card.id));
  });

  it('turns back and says so when saving fails', async () => {
    logInAs();
    answerApi({
      [`GET ${idsPath}`]: () => answer.ok([]),
      [`PUT /api/favourites/${other.id}`]: () =>
        answer.fail(404, 'PRODUCT_NOT_FOUND', 'This item could not be found.'),
    });
    const { user } = renderRoutes(gridRoutes);
    const heart = screen.getByRole('button', { name: 'Save "Ankara gown"' });
    await user.click(heart);
    expect(await screen.findByText('This item could not be found.')).toBeInTheDocument();
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
  });
});

describe('saving on the product page', () => {
  const routes = [{ path: '/product/:id', element: <ProductRoute /> }];

  it('sends a visitor to log in and back', async () => {
    answerApi({
      [`GET /api/products/${saved.id}`]: () => answer.ok(productDetail()),
    });
    renderRoutes(routes, `/product/${saved.id}`);
    expect(await screen.findByRole('link', { name: 'Log in to save' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent(`/product/${saved.id}`)}`,
    );
  });

  it('is a toggle button for a logged-in buyer', async () => {
    logInAs();
    const server: string[] = [];
    answerApi({
      ...noOffers,
      [`GET /api/products/${saved.id}`]: () => answer.ok(productDetail()),
      [`GET ${idsPath}`]: () => answer.ok(server),
      [`PUT /api/favourites/${saved.id}`]: () => {
        server.push(saved.id);
        return answer.ok({ productId: saved.id, isSaved: true }, 'Saved to your items.');
      },
    });
    const { user } = renderRoutes(routes, `/product/${saved.id}`);
    const button = await screen.findByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(callsTo('PUT', `/api/favourites/${saved.id}`)).toHaveLength(1);
  });

  it('shows the seller’s rating and a link to their page in the seller box', async () => {
    const detail = productDetail();
    answerApi({
      [`GET /api/products/${saved.id}`]: () =>
        answer.ok({ ...detail, uploader: { ...detail.uploader, rating: { average: 4.5, count: 12 } } }),
    });
    renderRoutes(routes, `/product/${saved.id}`);
    const seller = await screen.findByRole('region', { name: 'Seller' });
    expect(within(seller).getByText('Rated 4.5 out of 5')).toBeInTheDocument();
    expect(within(seller).getByText('(12 reviews)')).toBeInTheDocument();
    expect(within(seller).getByRole('link', { name: "See chidi's page and reviews" })).toHaveAttribute(
      'href',
      '/seller/chidi',
    );
  });

  it('says when a seller has no reviews yet', async () => {
    logInAs({ ...sessionUser, id: sellerId, username: 'chidi' });
    answerApi({
      [`GET /api/products/${saved.id}`]: () => answer.ok(productDetail()),
    });
    renderRoutes(routes, `/product/${saved.id}`);
    const seller = await screen.findByRole('region', { name: 'Seller' });
    expect(within(seller).getByText('No reviews yet')).toBeInTheDocument();
    // The owner saves nothing of their own.
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});

describe('Saved items', () => {
  const routes = [{ path: '/saved', element: <SavedItemsRoute /> }];

  it('lists the saved listings, a sold one marked no longer available', async () => {
    logInAs();
    answerApi({
      'GET /api/favourites': () =>
        answer.ok([saved, { ...other, availability: false }], 'OK', {
          meta: { page: 1, pageSize: 12, total: 2 },
        }),
      [`GET ${idsPath}`]: () => answer.ok([saved.id, other.id]),
    });
    renderRoutes(routes, '/saved');
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved items' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[1]!).getByText('No longer available')).toBeInTheDocument();
    expect(within(cards[0]!).queryByText('No longer available')).not.toBeInTheDocument();
  });

  it('says how to save when nothing is saved', async () => {
    logInAs();
    answerApi({
      'GET /api/favourites': () => answer.ok([], 'OK', { meta: { page: 1, pageSize: 12, total: 0 } }),
    });
    renderRoutes(routes, '/saved');
    expect(await screen.findByText(/You have not saved any items yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse items' })).toHaveAttribute('href', '/');
  });

  it('offers a retry when the list fails', async () => {
    logInAs();
    answerApi({
      'GET /api/favourites': () => answer.fail(500, 'INTERNAL_ERROR', 'Something went wrong.'),
    });
    renderRoutes(routes, '/saved');
    expect(await screen.findByText('We could not load your saved items.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
