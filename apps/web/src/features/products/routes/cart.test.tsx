import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { CartEntry } from '../../../lib/cart';
import { renderRoutes } from '../../../test/render-routes';
import { answer, answerApi } from '../../../test/api';
import { productDetail, sellerId } from '../../../test/fixtures/products';
import { CartRoute } from './cart';

function CurrentAddress() {
  const location = useLocation();
  return (
    <p>
      Now at {`${location.pathname}${location.search}`} with {JSON.stringify(location.state)}
    </p>
  );
}

const routes = [
  { path: '/cart', element: <CartRoute /> },
  { path: '*', element: <CurrentAddress /> },
];

const entry = (id: string, title: string, price = 45000): CartEntry => ({
  productId: id,
  title,
  picture: null,
  price,
  quantity: 1,
});
const phone = entry('a3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a61', 'Samsung Galaxy A14');
const dress = entry('b3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a62', 'Ankara dress', 7500);
const shoes = entry('c3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a63', 'Leather shoes', 9000);

function saveCart(entries: CartEntry[]) {
  localStorage.setItem('cart', JSON.stringify(entries));
}

describe('cart page', () => {
  it('says the cart is empty', () => {
    renderRoutes(routes, '/cart');
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse items' })).toHaveAttribute('href', '/');
  });

  it('reads every item again and flags what was sold or removed since it was added', async () => {
    saveCart([phone, dress, shoes]);
    answerApi({
      [`GET /api/products/${phone.productId}`]: () => answer.ok(productDetail({ price: 40000 })),
      [`GET /api/products/${dress.productId}`]: () =>
        answer.ok(productDetail({ id: dress.productId, title: dress.title, availability: false })),
      [`GET /api/products/${shoes.productId}`]: () => answer.fail(404, 'NOT_FOUND', 'Not found.'),
    });
    renderRoutes(routes, '/cart');
    const items = within(screen.getByRole('list', { name: 'Items in your cart' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(
      await within(items[1] as HTMLElement).findByText('Sold: this item is no longer available.'),
    ).toBeInTheDocument();
    expect(
      await within(items[2] as HTMLElement).findByText('This item has been removed by its seller.'),
    ).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('The price is now ₦40,000.')).toBeInTheDocument();
    expect(
      within(items[1] as HTMLElement).getByRole('button', { name: 'Check out Ankara dress' }),
    ).toBeDisabled();
    expect(
      within(items[0] as HTMLElement).getByRole('button', { name: 'Check out Samsung Galaxy A14' }),
    ).toBeEnabled();
  });

  it('removes an item, and the saved cart with it', async () => {
    saveCart([phone, dress]);
    answerApi({
      [`GET /api/products/${phone.productId}`]: () => answer.ok(productDetail()),
      [`GET /api/products/${dress.productId}`]: () => answer.ok(productDetail({ id: dress.productId })),
    });
    const { user } = renderRoutes(routes, '/cart');
    await user.click(screen.getByRole('button', { name: 'Remove Samsung Galaxy A14 from the cart' }));
    expect(screen.queryByText('Samsung Galaxy A14')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('cart') ?? 'null')).toEqual([dress]);
    expect(await screen.findByText('Samsung Galaxy A14 was removed from your cart.')).toBeInTheDocument();
  });

  it('checks out one item: the product and the seller go along to /checkout', async () => {
    saveCart([phone]);
    answerApi({
      [`GET /api/products/${phone.productId}`]: () => answer.ok(productDetail()),
    });
    const { user } = renderRoutes(routes, '/cart');
    const checkout = screen.getByRole('button', { name: 'Check out Samsung Galaxy A14' });
    // Once the listing has been read again, the seller is known.
    await vi.waitFor(() => expect(screen.queryByText('Checking availability…')).not.toBeInTheDocument());
    await user.click(checkout);
    expect(
      await screen.findByText(
        `Now at /checkout?product=${phone.productId} with ${JSON.stringify({ product: phone, sellerId })}`,
      ),
    ).toBeInTheDocument();
  });
});
