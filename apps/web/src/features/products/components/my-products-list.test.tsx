import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { logInAs, renderRoutes } from '../../../test/render-routes';
import { answer, answerApi, callsTo } from '../../../test/api';
import { productCard, productDetail } from '../../../test/fixtures/products';
import { MyProductsList } from './my-products-list';

const routes = [{ path: '/my-products', element: <MyProductsList /> }];

const pending = productCard({
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Ankara dress',
  status: 'pending',
});
const approved = productCard({
  id: '22222222-2222-4222-8222-222222222222',
  title: 'Office chair',
  status: 'approved',
});
const rejected = productCard({
  id: '33333333-3333-4333-8333-333333333333',
  title: 'Old radio',
  status: 'rejected',
});

beforeEach(() => logInAs());

function rowOf(title: string): HTMLElement {
  const row = screen.getByRole('link', { name: title }).closest('li');
  if (!row) throw new Error(`No row for ${title}`);
  return row;
}

describe('my products', () => {
  it('labels a sold listing Sold, not Approved (issue 32)', async () => {
    answerApi({
      'GET /api/myProducts': () => answer.ok([{ ...approved, hiddenForReview: null, isSold: true }]),
    });
    renderRoutes(routes, '/my-products');
    await screen.findByRole('link', { name: 'Office chair' });
    expect(within(rowOf('Office chair')).getByText('Sold')).toBeInTheDocument();
    expect(within(rowOf('Office chair')).queryByText('Approved')).not.toBeInTheDocument();
  });

  it("says 'You have not uploaded any product' when the seller has none", async () => {
    answerApi({
      'GET /api/myProducts': () => answer.ok([]),
    });
    renderRoutes(routes, '/my-products');
    expect(await screen.findByText('You have not uploaded any product')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload an item' })).toHaveAttribute('href', '/upload');
  });

  it('shows each listing with its status badge, and the reason of a rejection', async () => {
    answerApi({
      'GET /api/myProducts': () =>
        answer.ok([pending, approved, { ...rejected, rejectionReason: 'Blurry pictures.' }]),
    });
    renderRoutes(routes, '/my-products');
    await screen.findByRole('link', { name: 'Ankara dress' });
    expect(within(rowOf('Ankara dress')).getByText('Pending approval')).toHaveClass('text-bg-warning');
    expect(within(rowOf('Office chair')).getByText('Approved')).toHaveClass('text-bg-success');
    expect(within(rowOf('Old radio')).getByText('Rejected')).toHaveClass('text-bg-danger');
    expect(await within(rowOf('Old radio')).findByText('Reason: Blurry pictures.')).toBeInTheDocument();
    expect(within(rowOf('Office chair')).getByRole('link', { name: 'Edit (Office chair)' })).toHaveAttribute(
      'href',
      `/my-products/${approved.id}/edit`,
    );
  });

  it('marks a listing hidden by reports, with the reasons, and no other', async () => {
    answerApi({
      'GET /api/myProducts': () =>
        answer.ok([
          { ...pending, hiddenForReview: { hiddenAt: '2025-01-04T09:30:00.000Z', reasons: ['scam'] } },
          { ...approved, hiddenForReview: null },
        ]),
    });
    renderRoutes(routes, '/my-products');
    await screen.findByRole('link', { name: 'Ankara dress' });
    const hidden = within(rowOf('Ankara dress'));
    expect(hidden.getByText('Hidden for review')).toHaveClass('text-bg-warning');
    expect(hidden.getByText(/Reported as: Scam or asks for a deposit/)).toBeInTheDocument();
    expect(within(rowOf('Office chair')).queryByText('Hidden for review')).not.toBeInTheDocument();
  });

  it('asks for confirmation before deleting, and deletes only when confirmed', async () => {
    let listings = [pending, approved];
    answerApi({
      'GET /api/myProducts': () => answer.ok(listings),
      [`DELETE /api/myProducts/delete/${approved.id}`]: () => {
        listings = [pending];
        return answer.ok(null, 'Product deleted.');
      },
    });
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const { user } = renderRoutes(routes, '/my-products');
    await screen.findByRole('link', { name: 'Office chair' });

    await user.click(screen.getByRole('button', { name: 'Delete (Office chair)' }));
    expect(confirm).toHaveBeenCalledWith('Delete "Office chair"? This cannot be undone.');
    expect(callsTo('DELETE', `/api/myProducts/delete/${approved.id}`)).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Office chair' })).toBeInTheDocument();

    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Delete (Office chair)' }));
    expect(await screen.findByText('Product deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Office chair' })).not.toBeInTheDocument());
    expect(callsTo('DELETE', `/api/myProducts/delete/${approved.id}`)).toHaveLength(1);
  });

  it('reads a page at a time: Load more brings the older listings, after the newer ones (issue 34)', async () => {
    answerApi({
      'GET /api/myProducts?pageSize=30': () => answer.page([pending, approved], { nextCursor: 'older' }),
      'GET /api/myProducts?pageSize=30&cursor=older': () => answer.page([rejected]),
    });
    const { user } = renderRoutes(routes, '/my-products');
    await screen.findByRole('link', { name: 'Office chair' });
    expect(screen.queryByRole('link', { name: 'Old radio' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('link', { name: 'Old radio' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Ankara dress',
      'Office chair',
      'Old radio',
    ]);
    expect(callsTo('GET', '/api/myProducts?pageSize=30&cursor=older')).toHaveLength(1);
    // The last page: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('switches availability with PUT /myProducts/{id}', async () => {
    let listing = approved;
    answerApi({
      'GET /api/myProducts': () => answer.ok([listing]),
      [`PUT /api/myProducts/${approved.id}`]: () => {
        listing = { ...approved, availability: false };
        return answer.ok(productDetail({ id: approved.id, availability: false }), 'Product updated.');
      },
    });
    const { user } = renderRoutes(routes, '/my-products');
    const toggle = await screen.findByRole('switch', { name: 'Available (Office chair)' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Product updated.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Available (Office chair)' })).not.toBeChecked(),
    );
    expect(callsTo('PUT', `/api/myProducts/${approved.id}`)[0]?.body).toEqual({
      availability: false,
    });
  });
});
