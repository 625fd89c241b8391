import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, answerApi } from '../../../test/api';
import { logInAs, logInAsAdmin, renderRoutes } from '../../../test/render-routes';
import { AdminDashboardRoute } from '../routes/admin-dashboard';
import { productCard } from '../test-fixtures';

const routes = [{ path: '/adminDashboard', element: <AdminDashboardRoute /> }];

const pending = productCard();
const approved = productCard({
  id: '3b1d7c2e-0a4f-4e8b-9c6d-1f2e3a4b5c02',
  title: 'Blue sofa',
  category: 'Household-Items',
  status: 'approved',
  price: 45000,
  priceCategory: '25000-50000',
  user: { id: '6f1c1a52-5f0e-4d43-9a4c-1f6e2b0c9a12', username: 'chidi', isVerified: true },
});
const rejected = productCard({
  id: '3b1d7c2e-0a4f-4e8b-9c6d-1f2e3a4b5c03',
  title: 'Old radio',
  category: 'Electronics',
  status: 'rejected',
  tag: 'Donate',
  price: null,
  priceCategory: null,
  primaryImage: null,
  images: [],
  media: [],
});

function rowOf(title: string) {
  const cell = screen.getByRole('rowheader', { name: title });
  const row = cell.closest('tr');
  if (!row) throw new Error(`No row for ${title}`);
  return within(row);
}

describe('admin dashboard', () => {
  it('lists every product with seller, price or Donate, category and status, using the admin token', async () => {
    logInAs();
    logInAsAdmin();
    const { calls } = answerApi({ 'GET /api/adminProduct': answer.ok([pending, approved, rejected]) });
    renderRoutes(routes, '/adminDashboard');

    expect(await screen.findByRole('rowheader', { name: 'Red Ankara dress' })).toBeInTheDocument();
    expect(rowOf('Red Ankara dress').getByText('adaobi')).toBeInTheDocument();
    expect(rowOf('Red Ankara dress').getByText('₦8,000')).toBeInTheDocument();
    expect(rowOf('Red Ankara dress').getByText('Pending')).toBeInTheDocument();
    expect(rowOf('Blue sofa').getByText('Household Items')).toBeInTheDocument();
    expect(rowOf('Old radio').getByText('Donate')).toBeInTheDocument();
    expect(rowOf('Old radio').getByText('Rejected')).toBeInTheDocument();
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer admin-token');
  });

  it('offers Approve and Reject only on pending products; Edit and Delete on all', async () => {
    logInAsAdmin();
    answerApi({ 'GET /api/adminProduct': answer.ok([pending, approved, rejected]) });
    renderRoutes(routes, '/adminDashboard');
    await screen.findByRole('rowheader', { name: 'Red Ankara dress' });

    expect(rowOf('Red Ankara dress').getByRole('button', { name: /^Approve/ })).toBeInTheDocument();
    expect(rowOf('Red Ankara dress').getByRole('button', { name: /^Reject/ })).toBeInTheDocument();
    for (const title of ['Blue sofa', 'Old radio']) {
      expect(rowOf(title).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
      expect(rowOf(title).queryByRole('button', { name: /^Reject/ })).not.toBeInTheDocument();
      expect(rowOf(title).getByRole('button', { name: `Delete ${title}` })).toBeInTheDocument();
    }
    expect(rowOf('Blue sofa').getByRole('link', { name: 'Edit Blue sofa' })).toHaveAttribute(
      'href',
      `/admin/products/edit/${approved.id}`,
    );
  });

  it("approves a pending product, shows the server's message and refreshes the list", async () => {
    logInAsAdmin();
    let isApproved = false;
    const { callsTo } = answerApi({
      'GET /api/adminProduct': () => answer.ok([isApproved ? { ...pending, status: 'approved' } : pending]),
      [`PUT /api/adminProduct/${pending.id}/status`]: () => {
        isApproved = true;
        return answer.ok(null, 'Product approved.');
      },
    });
    const { user } = renderRoutes(routes, '/adminDashboard');
    await user.click(await screen.findByRole('button', { name: 'Approve Red Ankara dress' }));

    expect(await screen.findByText('Product approved.')).toBeInTheDocument();
    expect(callsTo('PUT', `/api/adminProduct/${pending.id}/status`)[0]?.body).toEqual({
      status: 'approved',
      updatedAt: pending.updatedAt,
    });
    expect(await rowOf('Red Ankara dress').findByText('Approved')).toBeInTheDocument();
    expect(rowOf('Red Ankara dress').queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
  });

  it('asks for an optional reason before rejecting', async () => {
    logInAsAdmin();
    const { callsTo } = answerApi({
      'GET /api/adminProduct': answer.ok([pending]),
      [`PUT /api/adminProduct/${pending.id}/status`]: answer.ok(null, 'Product rejected.'),
    });
    const { user } = renderRoutes(routes, '/adminDashboard');
    await user.click(await screen.findByRole('button', { name: 'Reject Red Ankara dress' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reject "Red Ankara dress"' });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), '  Blurry pictures ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject product' }));

    expect(await screen.findByText('Product rejected.')).toBeInTheDocument();
    expect(callsTo('PUT', `/api/adminProduct/${pending.id}/status`)[0]?.body).toEqual({
      status: 'rejected',
      reason: 'Blurry pictures',
      updatedAt: pending.updatedAt,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's message when the product is no longer pending", async () => {
    logInAsAdmin();
    answerApi({
      'GET /api/adminProduct': answer.ok([pending]),
      [`PUT /api/adminProduct/${pending.id}/status`]: answer.fail(
        409,
        'STATUS_NOT_PENDING',
        'Only a pending product can be approved or rejected.',
      ),
    });
    const { user } = renderRoutes(routes, '/adminDashboard');
    await user.click(await screen.findByRole('button', { name: 'Approve Red Ankara dress' }));
    expect(
      await screen.findByText('Only a pending product can be approved or rejected.'),
    ).toBeInTheDocument();
  });

  it('shows the new text when the seller changed the listing after the admin opened the list', async () => {
    logInAsAdmin();
    const changed = {
      ...pending,
      title: 'Send deposit to 0123456785 first',
      updatedAt: '2025-01-15T10:05:00.000Z',
    };
    let hasChanged = false;
    const { callsTo } = answerApi({
      'GET /api/adminProduct': () => answer.ok([hasChanged ? changed : pending]),
      [`PUT /api/adminProduct/${pending.id}/status`]: () => {
        hasChanged = true;
        return answer.fail(
          409,
          'PRODUCT_CHANGED_SINCE_REVIEW',
          'This listing changed after you opened it. Please review the new version first.',
        );
      },
    });
    const { user } = renderRoutes(routes, '/adminDashboard');
    await user.click(await screen.findByRole('button', { name: 'Approve Red Ankara dress' }));

    expect(
      await screen.findByText(
        'This listing changed after you opened it. Please review the new version first.',
      ),
    ).toBeInTheDocument();
    expect(callsTo('PUT', `/api/adminProduct/${pending.id}/status`)[0]?.body).toMatchObject({
      updatedAt: pending.updatedAt,
    });
    expect(
      await screen.findByRole('rowheader', { name: 'Send deposit to 0123456785 first' }),
    ).toBeInTheDocument();
    expect(rowOf('Send deposit to 0123456785 first').getByRole('button', { name: /^Approve/ })).toBeEnabled();
  });

  it('deletes only after the admin confirms', async () => {
    logInAsAdmin();
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const { callsTo } = answerApi({
      'GET /api/adminProduct': answer.ok([approved]),
      [`DELETE /api/adminProduct/${approved.id}`]: answer.ok(null, 'Product deleted.'),
    });
    // Approved listings are under All (the dashboard opens on Pending).
    const { user } = renderRoutes(routes, '/adminDashboard?status=all');
    const deleteButton = await screen.findByRole('button', { name: 'Delete Blue sofa' });

    await user.click(deleteButton);
    expect(confirm).toHaveBeenCalledWith('Delete "Blue sofa"? This cannot be undone.');
    expect(callsTo('DELETE', `/api/adminProduct/${approved.id}`)).toHaveLength(0);

    confirm.mockReturnValue(true);
    await user.click(deleteButton);
    expect(await screen.findByText('Product deleted.')).toBeInTheDocument();
    expect(callsTo('DELETE', `/api/adminProduct/${approved.id}`)).toHaveLength(1);
    expect(callsTo('GET', '/api/adminProduct?pageSize=50').length).toBeGreaterThan(1);
  });

  it('opens on the pending listings; All is one choice away', async () => {
    logInAsAdmin();
    const { callsTo } = answerApi({
      'GET /api/adminProduct?status=pending&pageSize=50': answer.ok([pending]),
      'GET /api/adminProduct': answer.ok([pending, approved]),
    });
    const { user, router } = renderRoutes(routes, '/adminDashboard');
    expect(await screen.findByRole('rowheader', { name: 'Red Ankara dress' })).toBeInTheDocument();
    // The headings say what is shown: the dashboard, then the list waiting for a decision.
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Pending approval' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Pending approval, newest first' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Dashboard · Admin · Oja'));
    expect(screen.getByLabelText('Status')).toHaveValue('pending');
    expect(screen.queryByRole('rowheader', { name: 'Blue sofa' })).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/adminProduct?status=pending&pageSize=50')).toHaveLength(1);

    await user.selectOptions(screen.getByLabelText('Status'), 'all');
    expect(await screen.findByRole('rowheader', { name: 'Blue sofa' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'All products' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pending approval' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=all');
    expect(callsTo('GET', '/api/adminProduct?pageSize=50')).toHaveLength(1);
  });

  it('filters by status through the API', async () => {
    logInAsAdmin();
    const { callsTo } = answerApi({
      'GET /api/adminProduct': answer.ok([pending, approved]),
      'GET /api/adminProduct?status=approved&pageSize=50': answer.ok([approved]),
    });
    const { user, router } = renderRoutes(routes, '/adminDashboard');
    await screen.findByRole('rowheader', { name: 'Red Ankara dress' });

    await user.selectOptions(screen.getByLabelText('Status'), 'approved');
    expect(await screen.findByRole('rowheader', { name: 'Blue sofa' })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Red Ankara dress' })).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/adminProduct?status=approved&pageSize=50')).toHaveLength(1);
    expect(router.state.location.search).toBe('?status=approved');
  });

  it("shows the server's message in an error toast when the list cannot load", async () => {
    logInAsAdmin();
    answerApi({ 'GET /api/adminProduct': answer.fail(403, 'FORBIDDEN', 'You are not allowed to do this.') });
    renderRoutes(routes, '/adminDashboard');
    expect(await screen.findByText('You are not allowed to do this.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load the products.');
  });

  it('pages the listings: shows how many of how many, and Load more brings the next page (issue 9)', async () => {
    logInAsAdmin();
    const { callsTo } = answerApi({
      'GET /api/adminProduct?pageSize=50': answer.page([pending], { nextCursor: 'next', total: 2 }),
      'GET /api/adminProduct?pageSize=50&cursor=next': answer.page([approved], {
        nextCursor: null,
        total: 2,
      }),
    });
    const { user } = renderRoutes(routes, '/adminDashboard?status=all');
    expect(await screen.findByRole('rowheader', { name: 'Red Ankara dress' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 2 listings')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('rowheader', { name: 'Blue sofa' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Red Ankara dress' })).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2 listings')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/adminProduct?pageSize=50&cursor=next')).toHaveLength(1);
  });

  it('says there are more than 10,000 listings when the server stopped counting there (issue 34)', async () => {
    logInAsAdmin();
    answerApi({
      'GET /api/adminProduct?pageSize=50': answer.page([pending], {
        nextCursor: 'next',
        total: 10000,
        totalCapped: true,
      }),
    });
    renderRoutes(routes, '/adminDashboard?status=all');
    expect(await screen.findByText('Showing 1 of more than 10000 listings')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });
});
