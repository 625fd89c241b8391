import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/i18n';
import { answer, answerApi } from '../../../test/api';
import { logInAsAdmin, renderRoutes } from '../../../test/render-routes';
import { adminProduct } from '../test-fixtures';
import { AdminProductEditRoute } from './admin-product-edit';

const product = adminProduct({
  audit: [
    // Newest first, as the API answers.
    {
      id: 'a1a1a1a1-0000-4000-8000-000000000002',
      adminEmail: 'boss@oja.ng',
      action: 'approve',
      before: { status: 'pending', isAvailable: true },
      after: { status: 'approved', isAvailable: true },
      createdAt: '2025-01-03T09:30:00.000Z',
    },
    {
      id: 'a1a1a1a1-0000-4000-8000-000000000001',
      adminEmail: 'moderator@oja.ng',
      action: 'edit',
      before: { title: 'Red dress', price: 7000, status: 'pending', updatedAt: '2025-01-01T00:00:00.000Z' },
      after: {
        title: 'Red Ankara dress',
        price: 8000,
        status: 'pending',
        updatedAt: '2025-01-02T00:00:00.000Z',
      },
      createdAt: '2025-01-02T09:30:00.000Z',
    },
  ],
});
const address = `/admin/products/edit/${product.id}`;
const routes = [{ path: '/admin/products/edit/:id', element: <AdminProductEditRoute /> }];

afterEach(async () => {
  await changeLanguage('en');
});

function formDataOf(body: unknown): FormData {
  if (!(body instanceof FormData)) throw new Error('The body is not form data');
  return body;
}

describe('admin product edit', () => {
  it('shows what users reported about the listing, open reports marked as such', async () => {
    logInAsAdmin();
    const reported = adminProduct({
      reports: [
        {
          id: 'b2b2b2b2-0000-4000-8000-000000000001',
          reason: 'scam',
          note: 'Asked for a deposit first.',
          reporter: {
            id: 'c3c3c3c3-0000-4000-8000-000000000001',
            username: 'tunde',
            standing: {
              hasStanding: false,
              weight: 0,
              isBankVerified: false,
              hasPurchase: false,
              memberSince: '2025-01-04T09:10:00.000Z',
              dismissedReports: 0,
              upheldReports: 0,
            },
          },
          createdAt: '2025-01-04T09:30:00.000Z',
          reviewedAt: null,
          outcome: null,
        },
        {
          id: 'b2b2b2b2-0000-4000-8000-000000000002',
          reason: 'counterfeit',
          note: null,
          reporter: {
            id: 'c3c3c3c3-0000-4000-8000-000000000002',
            username: 'ngozi',
            standing: {
              hasStanding: true,
              weight: 0.5,
              isBankVerified: true,
              hasPurchase: true,
              memberSince: '2024-06-01T09:00:00.000Z',
              dismissedReports: 1,
              upheldReports: 0,
            },
          },
          createdAt: '2025-01-03T09:30:00.000Z',
          reviewedAt: '2025-01-03T12:00:00.000Z',
          outcome: 'upheld',
        },
      ],
    });
    answerApi({ [`GET /api/adminProduct/${reported.id}`]: answer.ok(reported) });
    renderRoutes(routes, `/admin/products/edit/${reported.id}`);

    const reports = within(await screen.findByRole('region', { name: 'Reports (2)' }));
    const [first, second] = reports.getAllByRole('listitem');
    expect(first).toHaveTextContent('Scam or asks for a deposit');
    expect(first).toHaveTextContent('Open');
    expect(first).toHaveTextContent('Asked for a deposit first.');
    expect(first).toHaveTextContent('by tunde');
    expect(second).toHaveTextContent('Fake or counterfeit');
    expect(second).toHaveTextContent('Reviewed');
  });

  it("shows each reporter's standing: a new account does not count, a dismissed report lowers the weight", async () => {
    logInAsAdmin();
    const reported = adminProduct({
      reports: [
        {
          id: 'b2b2b2b2-0000-4000-8000-000000000003',
          reason: 'scam',
          note: null,
          reporter: {
            id: 'c3c3c3c3-0000-4000-8000-000000000003',
            username: 'newcomer1',
            standing: {
              hasStanding: false,
              weight: 0,
              isBankVerified: false,
              hasPurchase: false,
              memberSince: '2025-01-04T09:10:00.000Z',
              dismissedReports: 0,
              upheldReports: 0,
            },
          },
          createdAt: '2025-01-04T09:30:00.000Z',
          reviewedAt: null,
          outcome: null,
        },
        {
          id: 'b2b2b2b2-0000-4000-8000-000000000004',
          reason: 'counterfeit',
          note: null,
          reporter: {
            id: 'c3c3c3c3-0000-4000-8000-000000000004',
            username: 'ngozi',
            standing: {
              hasStanding: true,
              weight: 0.5,
              isBankVerified: true,
              hasPurchase: true,
              memberSince: '2024-06-01T09:00:00.000Z',
              dismissedReports: 1,
              upheldReports: 2,
            },
          },
          createdAt: '2025-01-03T09:30:00.000Z',
          reviewedAt: null,
          outcome: null,
        },
      ],
    });
    answerApi({ [`GET /api/adminProduct/${reported.id}`]: answer.ok(reported) });
    renderRoutes(routes, `/admin/products/edit/${reported.id}`);

    const reports = within(await screen.findByRole('region', { name: 'Reports (2)' }));
    const [first, second] = reports.getAllByRole('listitem');
    expect(first).toHaveTextContent('by newcomer1');
    expect(first).toHaveTextContent('New account: does not count towards hiding');
    expect(first).not.toHaveTextContent('Bank verified');
    expect(second).toHaveTextContent('by ngozi');
    expect(second).toHaveTextContent('Counts (weight 0.5)');
    expect(second).toHaveTextContent('Bank verified');
    expect(second).toHaveTextContent('Has bought on Oja');
    expect(second).toHaveTextContent('Reports dismissed: 1, upheld: 2');
  });

  it('shows the newest reports with the listing, the rest with Load more, and counts them all (decision 090)', async () => {
    logInAsAdmin();
    const reportOf = (index: number, username: string) => ({
      id: `b2b2b2b2-0000-4000-8000-00000000010${index}`,
      reason: 'scam' as const,
      note: null,
      reporter: {
        id: `c3c3c3c3-0000-4000-8000-00000000010${index}`,
        username,
        standing: {
          hasStanding: false,
          weight: 0,
          isBankVerified: false,
          hasPurchase: false,
          memberSince: '2025-01-04T09:10:00.000Z',
          dismissedReports: 0,
          upheldReports: 0,
        },
      },
      createdAt: `2025-01-0${index}T09:30:00.000Z`,
      reviewedAt: null,
      outcome: null,
    });
    const reported = adminProduct({
      reports: [reportOf(3, 'chika')],
      reportsNextCursor: 'older',
      reportCount: 10_001,
    });
    answerApi({
      [`GET /api/adminProduct/${reported.id}`]: answer.ok(reported),
      [`GET /api/admin/products/${reported.id}/reports?pageSize=50&cursor=older`]: answer.page([
        reportOf(2, 'bayo'),
      ]),
    });
    const { user } = renderRoutes(routes, `/admin/products/edit/${reported.id}`);

    const region = await screen.findByRole('region', { name: 'Reports (10,000+)' });
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(region).getByRole('button', { name: 'Load more' }));
    expect(await within(region).findByText(/by bayo/)).toBeInTheDocument();
    expect(within(region).getAllByRole('listitem')).toHaveLength(2);
    expect(within(region).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the audit log: who, what, when, and each changed field before → after', async () => {
    logInAsAdmin();
    answerApi({ [`GET /api/adminProduct/${product.id}`]: answer.ok(product) });
    renderRoutes(routes, address);

    const log = within(await screen.findByRole('region', { name: 'Audit log' }));
    const [newest, oldest] = log.getAllByRole('listitem');
    expect(newest).toHaveTextContent('Approved by boss@oja.ng');
    expect(newest).toHaveTextContent(/Status:\s*pending\s*→\s*changed to\s*approved/);
    expect(newest).not.toHaveTextContent('Available');
    expect(oldest).toHaveTextContent('Edited by moderator@oja.ng');
    expect(oldest).toHaveTextContent(/Title:\s*Red dress\s*→\s*changed to\s*Red Ankara dress/);
    expect(oldest).toHaveTextContent(/Price:\s*₦7,000\s*→\s*changed to\s*₦8,000/);
    expect(oldest).toHaveTextContent(/Jan 2, 2025/);
    expect(screen.getByRole('link', { name: /Back to dashboard/ })).toHaveAttribute(
      'href',
      '/adminDashboard',
    );
  });

  it('shows the newest audit entries with the listing and the rest with Load more (decision 091)', async () => {
    logInAsAdmin();
    const [approved, edited] = product.audit;
    const logged = adminProduct({ audit: [approved!], auditNextCursor: 'older' });
    answerApi({
      [`GET /api/adminProduct/${logged.id}`]: answer.ok(logged),
      [`GET /api/admin/products/${logged.id}/audit?pageSize=50&cursor=older`]: answer.page([edited!]),
    });
    const { user } = renderRoutes(routes, `/admin/products/edit/${logged.id}`);

    const region = await screen.findByRole('region', { name: 'Audit log' });
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(region).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(2));
    const [newest, oldest] = within(region).getAllByRole('listitem');
    expect(newest).toHaveTextContent('Approved by boss@oja.ng');
    expect(oldest).toHaveTextContent('Edited by moderator@oja.ng');
    expect(within(region).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the audit log’s statuses and prices in the reader’s language and money format (issue 32)', async () => {
    logInAsAdmin();
    answerApi({ [`GET /api/adminProduct/${product.id}`]: answer.ok(product) });
    await changeLanguage('fr');
    renderRoutes(routes, address);
    const log = within(await screen.findByRole('region', { name: "Journal d'audit" }));
    const [newest, oldest] = log.getAllByRole('listitem');
    expect(newest).toHaveTextContent(/en attente\s*→.*approuvée/);
    expect(newest).not.toHaveTextContent(/pending|approved/);
    expect(oldest).toHaveTextContent(/₦7,000\s*→.*₦8,000/);
  });

  it('approves a pending listing from its page, naming the version the admin sees', async () => {
    logInAsAdmin();
    let status = 'pending';
    const { callsTo } = answerApi({
      [`GET /api/adminProduct/${product.id}`]: () => answer.ok({ ...product, status }),
      [`PUT /api/adminProduct/${product.id}/status`]: () => {
        status = 'approved';
        return answer.ok(null, 'Product approved.');
      },
    });
    const { user } = renderRoutes(routes, address);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Product approved.')).toBeInTheDocument();
    expect(callsTo('PUT', `/api/adminProduct/${product.id}/status`)[0]?.body).toEqual({
      status: 'approved',
      updatedAt: product.updatedAt,
    });
    // Decided: the buttons go, the badge says so.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('rejects with a reason from the listing page', async () => {
    logInAsAdmin();
    const { callsTo } = answerApi({
      [`GET /api/adminProduct/${product.id}`]: answer.ok(product),
      [`PUT /api/adminProduct/${product.id}/status`]: answer.ok(null, 'Product rejected.'),
    });
    const { user } = renderRoutes(routes, address);
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/reason/i), 'Blurry pictures');
    await user.click(within(dialog).getByRole('button', { name: /Reject/ }));
    expect(await screen.findByText('Product rejected.')).toBeInTheDocument();
    expect(callsTo('PUT', `/api/adminProduct/${product.id}/status`)[0]?.body).toEqual({
      status: 'rejected',
      reason: 'Blurry pictures',
      updatedAt: product.updatedAt,
    });
  });

  it('shows no Approve or Reject once the listing has been decided', async () => {
    logInAsAdmin();
    answerApi({ [`GET /api/adminProduct/${product.id}`]: answer.ok({ ...product, status: 'approved' }) });
    renderRoutes(routes, address);
    await screen.findByRole('region', { name: 'Audit log' });
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('sends the edit as multipart: kept pictures comma-joined, new files, tag and availability', async () => {
    logInAsAdmin();
    const { callsTo } = answerApi({
      [`GET /api/adminProduct/${product.id}`]: answer.ok(product),
      [`PUT /api/adminProduct/${product.id}`]: answer.ok(product, 'Product updated.'),
    });
    const { user } = renderRoutes(routes, address);

    expect(await screen.findByLabelText('Title')).toHaveValue('Red Ankara dress');
    expect(screen.getByLabelText('Price (₦)')).toHaveValue(8000);
    expect(screen.getByLabelText('Show picture 2 first')).toBeChecked();

    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Ankara dress, size 12');
    await user.click(screen.getByLabelText('Keep picture 1'));
    const newPicture = new File(['picture'], 'side.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Add pictures'), newPicture);
    await user.selectOptions(screen.getByLabelText('Listing type'), 'donate');
    expect(screen.queryByLabelText('Price (₦)')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Availability'), 'false');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Product updated.')).toBeInTheDocument();
    const [call] = callsTo('PUT', `/api/adminProduct/${product.id}`);
    expect(call?.headers.get('Authorization')).toBe('Bearer admin-token');
    // The boundary is the browser's (here fetch's): the page set no Content-Type of its own.
    expect(call?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = formDataOf(call?.body);
    expect(form.get('title')).toBe('Ankara dress, size 12');
    expect(form.get('tag')).toBe('donate');
    expect(form.get('availability')).toBe('false');
    expect(form.has('price')).toBe(false);
    expect(form.get('primaryImageIndex')).toBe('0');
    const images = form.getAll('images');
    expect(images[0]).toBe('/media/back.webp');
    expect(images[1]).toBeInstanceOf(File);
    expect((images[1] as File).name).toBe('side.png');
    expect(form.has('video')).toBe(false);
  });

  it('refuses to send a product without pictures, or without the video its category needs', async () => {
    logInAsAdmin();
    const { callsTo } = answerApi({ [`GET /api/adminProduct/${product.id}`]: answer.ok(product) });
    const { user } = renderRoutes(routes, address);

    await user.click(await screen.findByLabelText('Keep picture 1'));
    await user.click(screen.getByLabelText('Keep picture 2'));
    // The editor's fields load with the page's first draw (the admin's slot), beside the pictures.
    await user.selectOptions(await screen.findByLabelText('Category'), 'Electronics');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Please add the product image')).toBeInTheDocument();
    expect(screen.getByText('A video is required for the selected category')).toBeInTheDocument();
    expect(callsTo('PUT', `/api/adminProduct/${product.id}`)).toHaveLength(0);
  });

  it('saves a price change of a listing in a video category that has no video (decision 006)', async () => {
    logInAsAdmin();
    const withoutVideo = adminProduct({ category: 'Electronics', video: null, videoUrl: null });
    const { callsTo } = answerApi({
      [`GET /api/adminProduct/${withoutVideo.id}`]: answer.ok(withoutVideo),
      [`PUT /api/adminProduct/${withoutVideo.id}`]: answer.ok(
        { ...withoutVideo, price: 9000 },
        'Product updated.',
      ),
    });
    const { user } = renderRoutes(routes, `/admin/products/edit/${withoutVideo.id}`);

    const price = await screen.findByLabelText('Price (₦)');
    await user.clear(price);
    await user.type(price, '9000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Product updated.')).toBeInTheDocument();
    expect(screen.queryByText('A video is required for the selected category')).not.toBeInTheDocument();
    const form = formDataOf(callsTo('PUT', `/api/adminProduct/${withoutVideo.id}`)[0]?.body);
    expect(form.get('price')).toBe('9000');
    expect(form.get('category')).toBe('Electronics');
    expect(form.has('video')).toBe(false);
  });

  it("edits with the seller's product editor: the price range follows the price, sent with it", async () => {
    logInAsAdmin();
    const { callsTo } = answerApi({
      [`GET /api/adminProduct/${product.id}`]: answer.ok(product),
      [`PUT /api/adminProduct/${product.id}`]: answer.ok(product, 'Product updated.'),
    });
    const { user } = renderRoutes(routes, address);

    const price = await screen.findByLabelText('Price (₦)');
    expect(screen.getByText('Price range: ₦500 – ₦15,000')).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '20000');
    expect(screen.getByText('Price range: ₦15,000 – ₦25,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Product updated.')).toBeInTheDocument();
    const form = formDataOf(callsTo('PUT', `/api/adminProduct/${product.id}`)[0]?.body);
    expect(form.get('price')).toBe('20000');
    expect(form.get('priceCategory')).toBe('15000-25000');
  });

  it("shows the API's rule message beside the field it names", async () => {
    logInAsAdmin();
    answerApi({
      [`GET /api/adminProduct/${product.id}`]: answer.ok(product),
      [`PUT /api/adminProduct/${product.id}`]: answer.fail(
        400,
        'PRICE_NOT_IN_RANGE',
        'The price must be within the chosen price range.',
        [{ path: 'price', code: 'PRICE_NOT_IN_RANGE', message: 'x' }],
      ),
    });
    const { user } = renderRoutes(routes, address);
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The price must be within the chosen price range.',
    );
    expect(screen.getByLabelText('Price (₦)')).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's message when the product cannot load", async () => {
    logInAsAdmin();
    answerApi({ [`GET /api/adminProduct/${product.id}`]: answer.fail(404, 'NOT_FOUND', 'Not found.') });
    renderRoutes(routes, address);
    expect(await screen.findByText('Not found.')).toBeInTheDocument();
    expect(screen.getByText('We could not load this product.')).toBeInTheDocument();
  });
});
