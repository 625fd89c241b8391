import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { logInAs, renderRoutes, sessionUser } from '../../../test/render-routes';
import { answer, answerApi, callsTo } from '../../../test/api';
import {
  productCard,
  productDetail,
  sellerId,
  nothingSaved,
  noOffers,
} from '../../../test/fixtures/products';
import { ProductRoute } from './product';

function CurrentAddress() {
  const location = useLocation();
  return <p>Now at {`${location.pathname}${location.search}`}</p>;
}

const productId = 'a3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a61';
const routes = [
  { path: '/product/:id', element: <ProductRoute /> },
  { path: '*', element: <CurrentAddress /> },
];

function image(name: string) {
  return {
    url: `/media/images/${name}-1280.webp`,
    width: 1280,
    height: 960,
    variants: [{ width: 320, url: `/media/images/${name}-320.webp` }],
  };
}

describe('product page', () => {
  it('says the money is held until the buyer has the item only when the server holds payments (decision 058)', async () => {
    answerApi({
      [`GET /api/products/${productId}`]: () => answer.ok(productDetail()),
      'GET /api/site-config': () => answer.ok({ donateFormUrl: null, buyerProtection: true }),
    });
    renderRoutes(routes, `/product/${productId}`);
    expect(await screen.findByText('Your money is held by Oja until you have the item.')).toBeInTheDocument();
    cleanup();
    answerApi({ 'GET /api/site-config': () => answer.ok({ donateFormUrl: null, buyerProtection: false }) });
    renderRoutes(routes, `/product/${productId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Samsung Galaxy A14' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET', '/api/site-config').length).toBeGreaterThan(1));
    expect(screen.queryByText('Your money is held by Oja until you have the item.')).not.toBeInTheDocument();
  });

  it('shows the listing, the seller and their other items to a visitor, with Buy and Message', async () => {
    answerApi({
      [`GET /api/products/${productId}`]: () =>
        answer.ok(
          productDetail({
            primaryImage: image('front').url,
            images: [image('back').url, image('front').url],
            media: [image('back'), image('front')],
            primaryImageIndex: 1,
            videoUrl: '/media/videos/proof.mp4',
            video: '/media/videos/proof.mp4',
            relatedProducts: [
              productCard({
                id: 'd3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a64',
                title: 'Phone charger',
                price: 3000,
                location: 'Yaba, Lagos',
                category: 'Accessories',
                condition: 'New',
              }),
            ],
          }),
        ),
    });
    const { user } = renderRoutes(routes, `/product/${productId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Samsung Galaxy A14' })).toBeInTheDocument();
    expect(screen.getByText('₦45,000')).toBeInTheDocument();
    expect(screen.getByText('Fairly Used')).toBeInTheDocument();
    expect(screen.getByText('Electronics')).toBeInTheDocument();
    expect(screen.getByText('64GB, 4GB RAM, black')).toBeInTheDocument();
    expect(screen.getByText('Works perfectly, small scratch on the back.')).toBeInTheDocument();
    expect(screen.getByText('Ikeja, Lagos')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'chidi@example.com' })).toHaveAttribute(
      'href',
      'mailto:chidi@example.com',
    );

    // The primary picture comes first and is the main one; a thumbnail switches it.
    const main = screen.getByRole('img', { name: 'Samsung Galaxy A14' });
    expect(main).toHaveAttribute('src', '/media/images/front-320.webp');
    expect(main).toHaveAttribute('loading', 'eager');
    await user.click(screen.getByRole('button', { name: 'Show picture 2 of 2' }));
    expect(screen.getByRole('img', { name: 'Samsung Galaxy A14' })).toHaveAttribute(
      'src',
      '/media/images/back-320.webp',
    );
    expect(screen.getByRole('button', { name: 'Show picture 2 of 2' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    const video = screen.getByLabelText('Video of Samsung Galaxy A14');
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).toHaveAttribute('controls');
    // After the details (the title, price and Buy come first on a phone), with a poster of its own rather
    // than the main photo again.
    expect(
      screen.getByRole('heading', { name: 'Description' }).compareDocumentPosition(video) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(video.getAttribute('poster')).toMatch(/^data:image\/svg\+xml,/);

    // A visitor logs in before messaging in Oja; the seller's WhatsApp stays as a second way. Message seller
    // is loaded after the page is drawn (app/feature-slots.tsx), so it is waited for.
    expect(await screen.findByRole('link', { name: 'Message seller' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent(`/product/${productId}`)}`,
    );
    const whatsApp = screen.getByRole('link', { name: /WhatsApp/ });
    expect(whatsApp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/2348031234567\?text=/);
    expect(
      within(screen.getByRole('region', { name: 'More from chidi' })).getByRole('link', {
        name: 'Phone charger',
      }),
    ).toBeInTheDocument();

    // Buy goes to the checkout with the product in the address (the checkout itself asks to log in).
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(await screen.findByText(`Now at /checkout?product=${productId}`)).toBeInTheDocument();
  });

  it('shows a visitor no e-mail, phone or WhatsApp of the seller, only Message seller and why', async () => {
    const detail = productDetail();
    answerApi({
      [`GET /api/products/${productId}`]: () =>
        answer.ok({ ...detail, uploader: { ...detail.uploader, email: null, phoneNumber: null } }),
    });
    renderRoutes(routes, `/product/${productId}`);
    expect(
      await screen.findByText(
        "The seller's e-mail and phone are shared after you buy from them. Until then, talk to them with Message seller.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /@example\.com/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Message seller/ })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent(`/product/${productId}`)}`,
    );
  });

  it("tells a visitor who taps Message seller 'Please login first' on the way to the login page (spec §2)", async () => {
    answerApi({ [`GET /api/products/${productId}`]: () => answer.ok(productDetail()) });
    const { user } = renderRoutes(routes, `/product/${productId}`);
    await user.click(await screen.findByRole('link', { name: 'Message seller' }));
    expect(await screen.findByText('Please login first')).toBeInTheDocument();
    expect(
      await screen.findByText(`Now at /login?redirect=${encodeURIComponent(`/product/${productId}`)}`),
    ).toBeInTheDocument();
  });

  it('shows a logged-in buyer who has not bought from the seller only Message seller: no contact details (issue 27)', async () => {
    logInAs();
    const detail = productDetail();
    answerApi({
      ...nothingSaved,
      ...noOffers,
      [`GET /api/products/${productId}`]: () =>
        answer.ok({ ...detail, uploader: { ...detail.uploader, email: null, phoneNumber: null } }),
    });
    renderRoutes(routes, `/product/${productId}`);
    expect(await screen.findByRole('button', { name: 'Message seller' })).toBeInTheDocument();
    const seller = within(screen.getByRole('region', { name: 'Seller' }));
    expect(seller.queryByText(/Email/)).not.toBeInTheDocument();
    expect(seller.queryByText(/Phone/)).not.toBeInTheDocument();
    expect(seller.getByText(/shared after you buy from them/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /E-mail|Email/ })).not.toBeInTheDocument();
  });

  it("shows a buyer the API gave the seller's details to (a paid order, or the seller's choice) their e-mail, phone and WhatsApp", async () => {
    logInAs();
    answerApi({
      ...nothingSaved,
      ...noOffers,
      [`GET /api/products/${productId}`]: () => answer.ok(productDetail()),
    });
    renderRoutes(routes, `/product/${productId}`);
    const seller = within(await screen.findByRole('region', { name: 'Seller' }));
    expect(seller.getByRole('link', { name: 'chidi@example.com' })).toHaveAttribute(
      'href',
      'mailto:chidi@example.com',
    );
    expect(seller.getByRole('link', { name: '08031234567' })).toHaveAttribute('href', 'tel:08031234567');
    expect(screen.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/2348031234567/,
    );
  });

  it("opens the conversation with the seller in Oja for a logged-in buyer ('Message seller')", async () => {
    logInAs();
    const conversationId = 'c3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a69';
    answerApi({
      ...nothingSaved,
      ...noOffers,
      [`GET /api/products/${productId}`]: () => answer.ok(productDetail()),
      [`POST /api/products/${productId}/conversation`]: () =>
        answer.ok({ id: conversationId }, 'Conversation opened.'),
    });
    const { user } = renderRoutes(routes, `/product/${productId}`);
    await user.click(await screen.findByRole('button', { name: 'Message seller' }));
    expect(await screen.findByText(`Now at /messages/${conversationId}`)).toBeInTheDocument();
    expect(callsTo('POST', `/api/products/${productId}/conversation`)).toHaveLength(1);
  });

  it('adds the listing to the cart once, saved in local storage under "cart"', async () => {
    logInAs();
    answerApi({
      ...nothingSaved,
      ...noOffers,
      [`GET /api/products/${productId}`]: () =>
        answer.ok(
          productDetail({
            images: [image('front').url],
            media: [image('front')],
            primaryImageIndex: 0,
            primaryImage: image('front').url,
          }),
        ),
    });
    const { user } = renderRoutes(routes, `/product/${productId}`);
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Samsung Galaxy A14 is in your cart.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('cart') ?? 'null')).toEqual([
      {
        productId,
        title: 'Samsung Galaxy A14',
        picture: '/media/images/front-320.webp',
        price: 45000,
        quantity: 1,
      },
    ]);
    // Once in the cart, the button leads to it instead of adding it again.
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    expect(callsTo('GET', `/api/products/${productId}`)[0]?.headers.get('Authorization')).toBe(
      'Bearer user-token',
    );
  });

  it('offers neither Buy nor Add to cart for a sold item', async () => {
    answerApi({
      [`GET /api/products/${productId}`]: () => answer.ok(productDetail({ availability: false })),
    });
    renderRoutes(routes, `/product/${productId}`);
    expect(await screen.findByRole('button', { name: 'Buy now' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  });

  it('keeps a sold item readable, marked Sold, with the seller’s other items (issue 32)', async () => {
    answerApi({
      [`GET /api/products/${productId}`]: () =>
        answer.ok(
          productDetail({
            availability: false,
            isSold: true,
            relatedProducts: [
              productCard({ id: 'b3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a62', title: 'Old radio' }),
            ],
          }),
        ),
    });
    renderRoutes(routes, `/product/${productId}`);
    expect(await screen.findByText('Sold')).toBeInTheDocument();
    expect(screen.getByText(/Someone has bought it/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Old radio/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy now' })).toBeDisabled();
  });

  it('hides Buy and Message from the owner and shows the status and the rejection reason', async () => {
    logInAs({ ...sessionUser, id: sellerId, username: 'chidi' });
    answerApi({
      [`GET /api/products/${productId}`]: () =>
        answer.ok(productDetail({ status: 'rejected', rejectionReason: 'The pictures are blurry.' })),
    });
    renderRoutes(routes, `/product/${productId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Samsung Galaxy A14' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Message seller/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Message seller/ })).not.toBeInTheDocument();
    expect(screen.getByText('Rejected')).toHaveClass('text-bg-danger');
    expect(screen.getByText('Reason for rejection: The pictures are blurry.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/my-products/${productId}/edit`,
    );
  });

  it('shows the owner their listing hidden by reports, with the reasons the reports gave', async () => {
    logInAs({ ...sessionUser, id: sellerId, username: 'chidi' });
    answerApi({
      [`GET /api/products/${productId}`]: () =>
        answer.ok(
          productDetail({
            status: 'pending',
            hiddenForReview: { hiddenAt: '2025-01-04T09:30:00.000Z', reasons: ['counterfeit', 'scam'] },
          }),
        ),
    });
    renderRoutes(routes, `/product/${productId}`);
    const message = await screen.findByText(
      'Hidden from buyers while our team reviews reports about this listing.',
    );
    const panel = message.closest<HTMLElement>('[role="status"]');
    if (!panel) throw new Error('the owner panel is missing');
    const notice = within(panel);
    expect(
      notice.getByText('Reasons given: Fake or counterfeit, Scam or asks for a deposit'),
    ).toBeInTheDocument();
    expect(notice.getByText('Pending approval')).toBeInTheDocument();
  });

  it('offers Request this item and the donation request form, prefilled, instead of Buy for a donation', async () => {
    answerApi({
      [`GET /api/products/${productId}`]: () =>
        answer.ok(productDetail({ tag: 'Donate', price: null, priceCategory: null, title: 'Baby clothes' })),
      'GET /api/site-config': () =>
        answer.ok({ donateFormUrl: 'https://forms.example/donate?lang=en', buyerProtection: true }),
    });
    renderRoutes(routes, `/product/${productId}`);
    // A visitor logs in to request it in the app; the external form is the second way.
    expect(await screen.findByRole('link', { name: 'Log in to request this item' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent(`/product/${productId}`)}`,
    );
    const request = await screen.findByRole('link', { name: /Or use the request form/ });
    const url = new URL(request.getAttribute('href') ?? '');
    expect(url.origin + url.pathname).toBe('https://forms.example/donate');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      lang: 'en',
      productId,
      owner: 'chidi',
      title: 'Baby clothes',
      location: 'Ikeja, Lagos',
    });
    expect(request).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('button', { name: 'Buy now' })).not.toBeInTheDocument();
    expect(screen.getByText('Free (donation)')).toBeInTheDocument();
  });

  it('says the product is not found when the API answers 404', async () => {
    answerApi({
      [`GET /api/products/${productId}`]: () => answer.fail(404, 'NOT_FOUND', 'Not found.'),
    });
    renderRoutes(routes, `/product/${productId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
