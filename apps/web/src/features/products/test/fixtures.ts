import { vi } from 'vitest';
import type { Me } from '@marketplace/shared/schemas/accounts';
import type { Media, ProductCard, ProductDetail } from '@marketplace/shared/schemas/products';
import { jsonResponse, sessionUser } from '../../../test/render-routes';

// Test data and fakes for the listings pages: an API answering by method and path, and an
// XMLHttpRequest that the media uploads go through.

const now = '2025-01-01T10:00:00.000Z';
export const sellerId = '8b0f0c3e-1f7a-4a55-9d1b-3f0d9a2e7c11';

export function productCard(overrides: Partial<ProductCard> = {}): ProductCard {
  return {
    id: 'a3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a61',
    title: 'Samsung Galaxy A14',
    description: 'Works perfectly, small scratch on the back.',
    category: 'Electronics',
    condition: 'Fairly Used',
    tag: 'For sale',
    price: 45000,
    priceCategory: '25000-50000',
    location: 'Ikeja, Lagos',
    primaryImage: '/media/images/phone-1280.webp',
    primaryImageIndex: 0,
    images: ['/media/images/phone-1280.webp'],
    media: [
      {
        url: '/media/images/phone-1280.webp',
        width: 1280,
        height: 960,
        variants: [
          { width: 320, url: '/media/images/phone-320.webp' },
          { width: 640, url: '/media/images/phone-640.webp' },
        ],
      },
    ],
    status: 'approved',
    rejectionReason: null,
    availability: true,
    uploader: sellerId,
    user: { id: sellerId, username: 'chidi', isVerified: true },
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

export function productDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  const { uploader: _uploader, ...card } = productCard();
  return {
    ...card,
    specification: '64GB, 4GB RAM, black',
    video: null,
    videoUrl: null,
    uploader: {
      id: sellerId,
      username: 'chidi',
      profilePicture: null,
      email: 'chidi@example.com',
      phoneNumber: '08031234567',
      isVerified: true,
      memberSince: '2024-03-05T09:00:00.000Z',
      rating: { average: null, count: 0 },
    },
    rejectionReason: null,
    relatedProducts: [],
    updatedAt: now,
    ...overrides,
  };
}

export function completeProfile(overrides: Partial<Me> = {}): Me {
  return {
    ...sessionUser,
    phoneNumber: '08031234567',
    address: '12 Allen Avenue, Ikeja',
    street: '12 Allen Avenue',
    city: 'Ikeja',
    state: 'Lagos',
    country: 'Nigeria',
    bio: 'I sell what I no longer use.',
    accountName: 'ADA OBI',
    accountNumber: '0123456789',
    bankName: 'Access Bank',
    bankCode: '044',
    isVerified: true,
    referredBy: null,
    referrals: [],
    notifications: [],
    products: [],
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

export const ok = (data: unknown, message = 'OK', meta?: unknown) =>
  jsonResponse({ ok: true, message, data, ...(meta === undefined ? {} : { meta }) });

export const fail = (status: number, code: string, message: string, details?: unknown) =>
  jsonResponse({ ok: false, message, error: { code, details } }, status);

type Route = { method?: string; path: string | RegExp; respond: (url: URL, init?: RequestInit) => Response };

// What a server without a media host answers when the upload hook asks how to upload (decision 017).
export const uploadsGoToApi: Route = {
  path: '/api/media/upload-signature',
  respond: () =>
    fail(
      409,
      'MEDIA_UPLOADS_TO_API',
      'Uploads go to POST /api/media on this server; direct uploads to a media host are not configured.',
    ),
};

// A fetch that answers by method and path (the query string is ignored when matching a string path): the
// listed routes, then the upload mode of a server without a media host. Unknown calls answer 404, so a
// forgotten route shows up as a failure instead of hanging.
export function stubApi(listed: Route[]) {
  const routes = [...listed, uploadsGoToApi];
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = init?.method ?? 'GET';
    const route = routes.find(
      (candidate) =>
        (candidate.method ?? 'GET') === method &&
        (typeof candidate.path === 'string'
          ? candidate.path === url.pathname
          : candidate.path.test(url.pathname)),
    );
    return Promise.resolve(route ? route.respond(url, init) : fail(404, 'NOT_FOUND', 'Not found.'));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// The calls a fetch mock received to a path, with their query and JSON body.
export function callsTo(fetchMock: ReturnType<typeof stubApi>, method: string, pathname: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({
      url: new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://localhost',
      ),
      init,
    }))
    .filter(({ url, init }) => url.pathname === pathname && (init?.method ?? 'GET') === method)
    .map(({ url, init }) => ({
      searchParams: url.searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
    }));
}

type XhrAnswer = { status: number; body: unknown } | 'hold';

let mediaCount = 0;
export function storedMedia(kind: 'image' | 'video' = 'image'): Media {
  mediaCount += 1;
  return {
    id: `5c8a6f0e-0000-4000-8000-${String(mediaCount).padStart(12, '0')}`,
    kind,
    url: `/media/${kind}s/file-${mediaCount}.${kind === 'image' ? 'webp' : 'mp4'}`,
    contentType: kind === 'image' ? 'image/webp' : 'video/mp4',
    bytes: 1000,
    width: kind === 'image' ? 640 : null,
    height: kind === 'image' ? 480 : null,
    variants: kind === 'image' ? [{ width: 320, url: `/media/images/file-${mediaCount}-320.webp` }] : [],
  };
}

// An XMLHttpRequest whose answer the test decides; 'hold' leaves it in flight (progress can be sent).
export function stubXhr(
  answer: (request: FakeXhr) => XhrAnswer = () => ({
    status: 201,
    body: { ok: true, message: 'File uploaded.', data: storedMedia() },
  }),
) {
  const requests: FakeXhr[] = [];
  class FakeXhr {
    method = '';
    url = '';
    headers: Record<string, string> = {};
    body: unknown = null;
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: unknown) {
      this.body = body;
      requests.push(this);
      const result = answer(this);
      if (result !== 'hold') queueMicrotask(() => this.respond(result.status, result.body));
    }
    abort() {
      this.onabort?.();
    }
    progress(loaded: number, total: number) {
      this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
    }
    respond(status: number, body: unknown) {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return requests;
}
export type FakeXhr = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  progress: (loaded: number, total: number) => void;
  respond: (status: number, body: unknown) => void;
};

// jsdom has no object URLs.
export function stubObjectUrls() {
  let count = 0;
  const createObjectURL = vi.fn(() => {
    count += 1;
    return `blob:preview-${count}`;
  });
  const revokeObjectURL = vi.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  return { createObjectURL, revokeObjectURL };
}

export function imageFile(name = 'photo.jpg', bytes = 200 * 1024, type = 'image/jpeg'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}
