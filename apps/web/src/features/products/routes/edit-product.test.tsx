import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { logInAs, renderRoutes, sessionUser } from '../../../test/render-routes';
import { answer, answerApi, callsTo } from '../../../test/api';
import { productDetail, sellerId } from '../../../test/fixtures/products';
import { stubObjectUrls } from '../../../test/files';
import { EditProductRoute } from './edit-product';

function CurrentAddress() {
  const location = useLocation();
  return <p>Now at {location.pathname}</p>;
}

const productId = 'a3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a61';
const routes = [
  { path: '/my-products/:id/edit', element: <EditProductRoute /> },
  { path: '*', element: <CurrentAddress /> },
];

// An Electronics listing needs its video to pass the upload rules.
const withVideo = () =>
  productDetail({ videoUrl: '/media/videos/proof.mp4', video: '/media/videos/proof.mp4' });

beforeEach(() => {
  logInAs({ ...sessionUser, id: sellerId, username: 'chidi' });
  stubObjectUrls();
});

describe('edit listing page', () => {
  it("sends only the changed fields and shows the server's message", async () => {
    answerApi({
      [`GET /api/products/${productId}`]: () =>
        answer.ok(productDetail({ videoUrl: '/media/videos/proof.mp4', video: '/media/videos/proof.mp4' })),
      [`PUT /api/myProducts/${productId}`]: () =>
        answer.ok(productDetail({ status: 'pending' }), 'Product updated and sent back for approval.'),
    });
    const { user } = renderRoutes(routes, `/my-products/${productId}/edit`);
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('Samsung Galaxy A14');
    expect(screen.getByLabelText('Price (₦)')).toHaveValue(45000);
    expect(screen.getByRole('radio', { name: 'Primary picture (picture 1)' })).toBeChecked();

    await user.clear(title);
    await user.type(title, 'Samsung Galaxy A14, 64GB');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    // The listing is approved: the seller is told first that a new title sends it back to review.
    const dialog = await screen.findByRole('dialog', { name: 'Send this listing back for review?' });
    expect(callsTo('PUT', `/api/myProducts/${productId}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save and send for review' }));

    expect(await screen.findByText('Now at /my-products')).toBeInTheDocument();
    expect(await screen.findByText('Product updated and sent back for approval.')).toBeInTheDocument();
    expect(callsTo('PUT', `/api/myProducts/${productId}`)[0]?.body).toEqual({
      title: 'Samsung Galaxy A14, 64GB',
    });
  });

  it('keeps the edit open and unsent when the seller cancels the review warning', async () => {
    answerApi({
      [`GET /api/products/${productId}`]: () => answer.ok(withVideo()),
    });
    const { user } = renderRoutes(routes, `/my-products/${productId}/edit`);
    const description = await screen.findByLabelText('Description');
    await user.type(description, ' Screen like new.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this listing back for review?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Description')).toHaveValue(
      `${productDetail().description} Screen like new.`,
    );
    expect(callsTo('PUT', `/api/myProducts/${productId}`)).toHaveLength(0);
  });

  it('saves a new price without asking: it does not send the listing back to review', async () => {
    answerApi({
      [`GET /api/products/${productId}`]: () => answer.ok(withVideo()),
      [`PUT /api/myProducts/${productId}`]: () =>
        answer.ok(productDetail({ price: 40000 }), 'Product updated.'),
    });
    const { user } = renderRoutes(routes, `/my-products/${productId}/edit`);
    const price = await screen.findByLabelText('Price (₦)');
    await user.clear(price);
    await user.type(price, '40000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Now at /my-products')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo('PUT', `/api/myProducts/${productId}`)[0]?.body).toEqual({
      price: 40000,
      priceCategory: '25000-50000',
    });
  });

  it("does not open someone else's listing", async () => {
    logInAs();
    answerApi({
      [`GET /api/products/${productId}`]: () => answer.ok(productDetail()),
    });
    renderRoutes(routes, `/my-products/${productId}/edit`);
    expect(
      await screen.findByText('This item does not exist or is no longer available.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
  });

  it('saves a price change of a listing in a video category that has no video (decision 006)', async () => {
    answerApi({
      [`GET /api/products/${productId}`]: () => answer.ok(productDetail({ video: null, videoUrl: null })),
      [`PUT /api/myProducts/${productId}`]: () =>
        answer.ok(productDetail({ price: 40000 }), 'Product updated.'),
    });
    const { user } = renderRoutes(routes, `/my-products/${productId}/edit`);
    const price = await screen.findByLabelText('Price (₦)');
    expect(screen.getByLabelText('Category')).toHaveValue('Electronics');

    await user.clear(price);
    await user.type(price, '40000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Now at /my-products')).toBeInTheDocument();
    expect(screen.queryByText('A video is required for the selected category')).not.toBeInTheDocument();
    expect(callsTo('PUT', `/api/myProducts/${productId}`)[0]?.body).toMatchObject({ price: 40000 });
  });

  it('still asks for a video when the edit moves such a listing to another video category', async () => {
    answerApi({
      [`GET /api/products/${productId}`]: () => answer.ok(productDetail({ video: null, videoUrl: null })),
    });
    const { user } = renderRoutes(routes, `/my-products/${productId}/edit`);
    await user.selectOptions(await screen.findByLabelText('Category'), 'Accessories');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('A video is required for the selected category')).toBeInTheDocument();
    expect(callsTo('PUT', `/api/myProducts/${productId}`)).toHaveLength(0);
  });
});
