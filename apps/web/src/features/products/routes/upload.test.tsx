import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { logInAs, renderRoutes } from '../../../test/render-routes';
import { answer, answerApi, callsTo } from '../../../test/api';
import { productDetail, storedMedia, uploadsGoToApi } from '../../../test/fixtures/products';
import { stubXhr } from '../../../test/fake-xhr';
import { imageFile, stubObjectUrls } from '../../../test/files';
import { completeProfile } from '../../../test/fixtures/accounts';
import { UploadRoute } from './upload';

function CurrentAddress() {
  const location = useLocation();
  return <p>Now at {`${location.pathname}${location.search}`}</p>;
}

const routes = [
  { path: '/upload', element: <UploadRoute /> },
  { path: '*', element: <CurrentAddress /> },
];

function stubProfile(profile = completeProfile()) {
  return answerApi({
    ...uploadsGoToApi,
    'GET /api/userProfile/profile': () => answer.ok(profile),
    'POST /api/products': () =>
      answer.ok(
        productDetail({ status: 'pending' }),
        'Product Successfully Uploaded and is pending approval.',
      ),
    'POST /api/products/donate': () =>
      answer.ok(
        productDetail({ status: 'pending', tag: 'Donate', price: null }),
        'Product Successfully Uploaded and is pending approval.',
      ),
  });
}

async function openUpload(address = '/upload') {
  const rendered = renderRoutes(routes, address);
  await screen.findByLabelText('Title');
  return rendered;
}

async function fillSaleFields(user: UserEvent, category = 'Clothes') {
  await user.type(screen.getByLabelText('Title'), 'Ankara dress');
  await user.type(screen.getByLabelText('Description'), 'Worn twice, like new.');
  await user.type(screen.getByLabelText('Specification'), 'Size 12, blue');
  await user.selectOptions(screen.getByLabelText('Category'), category);
  await user.selectOptions(screen.getByLabelText('Condition'), 'Fairly Used');
  await user.type(screen.getByLabelText('Price (₦)'), '8000');
}

const submit = (user: UserEvent, name = 'Upload item for sale') =>
  user.click(screen.getByRole('button', { name }));

beforeEach(() => {
  logInAs();
  stubObjectUrls();
});

describe('upload page', () => {
  it("shows the price hint 'N500 - N50,000' and the location from the profile", async () => {
    stubProfile();
    await openUpload();
    expect(screen.getByText('N500 - N50,000')).toBeInTheDocument();
    expect(screen.getByLabelText('Price (₦)')).toHaveAccessibleDescription('N500 - N50,000');
    expect(screen.getByLabelText('Location')).toHaveValue('Ikeja, Lagos');
    expect(screen.getByLabelText('Location')).toHaveAttribute('readonly');
  });

  it("refuses a picture over 10MB with 'Each Image file size should not exceed 10MB'", async () => {
    stubProfile();
    const requests = stubXhr();
    const { user } = await openUpload();
    await user.upload(screen.getByLabelText('Add pictures'), imageFile('big.jpg', 11 * 1024 * 1024));
    expect(await screen.findByText('Each Image file size should not exceed 10MB')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    expect(screen.queryByRole('img', { name: 'picture 1' })).not.toBeInTheDocument();
  });

  it("refuses an 11th picture with 'You can upload a maximum of 10 images'", async () => {
    stubProfile();
    const requests = stubXhr();
    const { user } = await openUpload();
    const files = Array.from({ length: 11 }, (_, index) => imageFile(`photo-${index}.jpg`));
    await user.upload(screen.getByLabelText('Add pictures'), files);
    expect(await screen.findByText('You can upload a maximum of 10 images')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("asks for a picture with 'Please add the product image' and keeps what was typed", async () => {
    stubProfile();
    const { user } = await openUpload();
    await fillSaleFields(user);
    await submit(user);
    expect(await screen.findByText('Please add the product image')).toBeInTheDocument();
    expect(screen.getByLabelText('Add pictures')).toHaveFocus();
    expect(screen.getByLabelText('Title')).toHaveValue('Ankara dress');
    expect(callsTo('POST', '/api/products')).toHaveLength(0);
  });

  it('makes the first picture the primary one until the seller chooses another', async () => {
    stubProfile();
    stubXhr();
    const { user } = await openUpload();
    await user.upload(screen.getByLabelText('Add pictures'), [imageFile('a.jpg'), imageFile('b.jpg')]);
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(2));
    expect(screen.getByRole('radio', { name: 'Primary picture (picture 1)' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Primary picture (picture 2)' }));
    expect(screen.getByRole('radio', { name: 'Primary picture (picture 1)' })).not.toBeChecked();
    // Removing the chosen one makes the first picture primary again.
    await user.click(screen.getByRole('button', { name: 'Remove (picture 2)' }));
    expect(screen.getByRole('radio', { name: 'Primary picture (picture 1)' })).toBeChecked();
  });

  it('derives the price range from the price', async () => {
    stubProfile();
    const { user } = await openUpload();
    expect(screen.queryByLabelText('Price range')).not.toBeInTheDocument();
    const price = screen.getByLabelText('Price (₦)');
    await user.type(price, '15000');
    expect(screen.getByText('Price range: ₦500 – ₦15,000')).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '30000');
    expect(screen.getByText('Price range: ₦25,000 – ₦50,000')).toBeInTheDocument();
  });

  it("asks for a video for Electronics with 'A video is required for the selected category'", async () => {
    stubProfile();
    stubXhr();
    const { user } = await openUpload();
    await fillSaleFields(user, 'Electronics');
    expect(
      screen.getByText(/A video is required for Accessories, Household Items and Electronics/),
    ).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Add pictures'), imageFile());
    await screen.findByText('Uploaded');
    await submit(user);
    expect(await screen.findByText('A video is required for the selected category')).toBeInTheDocument();
  });

  it('shows every rule that is broken on the first submit, the video rule included', async () => {
    stubProfile();
    const { user } = await openUpload();
    await user.selectOptions(screen.getByLabelText('Category'), 'Accessories');
    await submit(user);
    expect(await screen.findByText('Please enter a title.')).toBeInTheDocument();
    expect(screen.getByText('Please add the product image')).toBeInTheDocument();
    expect(screen.getByText('A video is required for the selected category')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveFocus();
  });

  it("refuses a video over 10MB with 'Video file size should not exceed 10MB'", async () => {
    stubProfile();
    const requests = stubXhr();
    const { user } = await openUpload();
    await user.upload(screen.getByLabelText(/^Video/), imageFile('clip.mp4', 11 * 1024 * 1024, 'video/mp4'));
    expect(await screen.findByText('Video file size should not exceed 10MB')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('shows a progress bar for each picture while it uploads, and Retry when it fails', async () => {
    stubProfile();
    const requests = stubXhr(() => 'hold');
    const { user } = await openUpload();
    await user.upload(screen.getByLabelText('Add pictures'), [imageFile('a.jpg'), imageFile('b.jpg')]);
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[0]?.url).toBe('/api/media');
    expect(requests[0]?.headers.Authorization).toBe('Bearer user-token');
    expect(requests[0]?.body).toBeInstanceOf(FormData);

    requests[0]?.progress(50, 100);
    const first = await screen.findByRole('progressbar', { name: 'Upload of picture 1' });
    await waitFor(() => expect(first).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByRole('progressbar', { name: 'Upload of picture 2' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );

    requests[1]?.respond(413, {
      ok: false,
      message: 'Each Image file size should not exceed 10MB',
      error: { code: 'IMAGE_TOO_LARGE' },
    });
    expect(
      await screen.findByText('Upload failed: Each Image file size should not exceed 10MB'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry picture 2' }));
    await waitFor(() => expect(requests).toHaveLength(3));
  });

  it('waits for uploads in flight before submitting', async () => {
    stubProfile();
    stubXhr(() => 'hold');
    const { user } = await openUpload();
    await fillSaleFields(user);
    await user.upload(screen.getByLabelText('Add pictures'), imageFile());
    await submit(user);
    expect(await screen.findByText('Please wait until every file has finished uploading.')).toHaveFocus();
    expect(callsTo('POST', '/api/products')).toHaveLength(0);
  });

  it("takes the 'Please wait' notice away once the uploads have finished", async () => {
    stubProfile();
    const requests = stubXhr(() => 'hold');
    const { user } = await openUpload();
    await fillSaleFields(user);
    await user.upload(screen.getByLabelText('Add pictures'), imageFile());
    await submit(user);
    expect(
      await screen.findByText('Please wait until every file has finished uploading.'),
    ).toBeInTheDocument();
    requests[0]?.respond(201, { ok: true, message: 'File uploaded.', data: storedMedia() });
    await screen.findByText('Uploaded');
    expect(
      screen.queryByText('Please wait until every file has finished uploading.'),
    ).not.toBeInTheDocument();
  });

  it('sends the listing with the stored pictures and goes to My products', async () => {
    stubProfile();
    const media = [storedMedia(), storedMedia()];
    let next = 0;
    stubXhr(() => ({ status: 201, body: { ok: true, message: 'File uploaded.', data: media[next++] } }));
    const { user } = await openUpload();
    await fillSaleFields(user);
    await user.upload(screen.getByLabelText('Add pictures'), [imageFile('a.jpg'), imageFile('b.jpg')]);
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(2));
    await user.click(screen.getByRole('radio', { name: 'Primary picture (picture 2)' }));
    await submit(user);

    expect(await screen.findByText('Now at /my-products')).toBeInTheDocument();
    expect(
      await screen.findByText('Product Successfully Uploaded and is pending approval.'),
    ).toBeInTheDocument();
    const [call] = callsTo('POST', '/api/products');
    expect(call?.body).toEqual({
      title: 'Ankara dress',
      description: 'Worn twice, like new.',
      specification: 'Size 12, blue',
      category: 'Clothes',
      condition: 'Fairly Used',
      price: 8000,
      priceCategory: '500-15000',
      images: `${media[0]?.url},${media[1]?.url}`,
      primaryImageIndex: 1,
      video: '',
      location: 'Ikeja, Lagos',
      uploader: '6f1c1a52-5f0e-4d43-9a4c-1f6e2b0c9a11',
    });
  });

  it("marks the server's refusal on the field and keeps everything typed", async () => {
    answerApi({
      'GET /api/userProfile/profile': () => answer.ok(completeProfile()),
      'POST /api/products': () =>
        answer.fail(400, 'PRICE_NOT_IN_RANGE', 'The price must be within the chosen price range.', [
          {
            path: 'price',
            code: 'PRICE_NOT_IN_RANGE',
            message: 'The price must be within the chosen price range.',
          },
        ]),
    });
    stubXhr();
    const { user } = await openUpload();
    await fillSaleFields(user);
    await user.upload(screen.getByLabelText('Add pictures'), imageFile());
    await screen.findByText('Uploaded');
    await submit(user);

    expect(await screen.findByText('Failed to submit. Please try again.')).toBeInTheDocument();
    const priceField = screen.getByLabelText('Price (₦)');
    await waitFor(() => expect(priceField).toHaveFocus());
    expect(priceField).toHaveAccessibleDescription(/The price must be within the chosen price range./);
    expect(screen.getByLabelText('Title')).toHaveValue('Ankara dress');
    expect(screen.getByRole('img', { name: 'picture 1' })).toBeInTheDocument();
  });

  it('switches between Sell and Donate at once while the form is empty', async () => {
    stubProfile();
    const { user, router } = await openUpload('/upload?mode=sell');
    expect(screen.getByRole('button', { name: 'Sell' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Donate' }));
    expect(router.state.location.search).toBe('?mode=donate');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Price (₦)')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload donation' })).toBeInTheDocument();
  });

  it('asks before switching clears what was typed; Cancel keeps it', async () => {
    stubProfile();
    const { user, router } = await openUpload('/upload?mode=sell');
    await user.type(screen.getByLabelText('Title'), 'Ankara dress');

    await user.click(screen.getByRole('button', { name: 'Donate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to Donate?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?mode=sell');
    expect(screen.getByLabelText('Title')).toHaveValue('Ankara dress');

    await user.click(screen.getByRole('button', { name: 'Donate' }));
    await user.click(await screen.findByRole('button', { name: 'Clear and switch' }));
    expect(router.state.location.search).toBe('?mode=donate');
    expect(screen.getByRole('button', { name: 'Donate' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('asks before the browser’s Back switches Sell/Donate over what was typed; Cancel stays, Clear goes back', async () => {
    stubProfile();
    const { user, router } = await openUpload('/upload?mode=sell');
    // Switched while empty: no question, and the switch is a step in the history.
    await user.click(screen.getByRole('button', { name: 'Donate' }));
    expect(router.state.location.search).toBe('?mode=donate');
    await user.type(screen.getByLabelText('Title'), 'Baby clothes');

    // Back would land on Sell with an empty form: asked first.
    await act(() => router.navigate(-1));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to Sell?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?mode=donate');
    expect(screen.getByRole('button', { name: 'Donate' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Title')).toHaveValue('Baby clothes');

    await act(() => router.navigate(-1));
    await user.click(await screen.findByRole('button', { name: 'Clear and switch' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sell' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(router.state.location.search).toBe('?mode=sell');
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('links to My products', async () => {
    stubProfile();
    await openUpload();
    expect(screen.getByRole('link', { name: 'My products' })).toHaveAttribute('href', '/my-products');
  });

  it("sends a seller with an incomplete profile to /profile after 2 s with 'Please complete your profile info before uploading a product.'", async () => {
    stubProfile(completeProfile({ bio: null }));
    renderRoutes(routes, '/upload');
    expect(
      await screen.findAllByText('Please complete your profile info before uploading a product.'),
    ).not.toHaveLength(0);
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
    // Said once, in the page's alert: no toast repeating it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByText('Please complete your profile info before uploading a product.')).toHaveLength(
      1,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Please complete your profile info');
    expect(await screen.findByText('Now at /profile', undefined, { timeout: 3000 })).toBeInTheDocument();
  });

  it('sends a seller whose bank is not verified to /profile with the spec message', async () => {
    stubProfile(completeProfile({ isVerified: false }));
    renderRoutes(routes, '/upload');
    expect(
      await screen.findAllByText(
        'Your bank details are not verified. Please verify your bank details in your profile page.',
      ),
    ).not.toHaveLength(0);
  });
});
