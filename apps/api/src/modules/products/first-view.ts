import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  CATEGORIES,
  CATEGORY_BAR_ORDER,
  FIRST_VIEW_PRIORITY_PICTURES,
  GALLERY_IMAGE_SIZES,
  PRODUCT_CARD_SIZES,
  type Language,
} from '@marketplace/shared/constants';
import type { FirstViewWordKey, FirstViewWords } from '@marketplace/shared/languages';
import { formatNaira } from '@marketplace/shared/money';
import type { ProductCard, ProductDetail, ProductMedia } from '@marketplace/shared/schemas/products';
import { escapeHtml } from '../../lib/html';
import { requestLanguage } from '../../lib/page-language';
import type { PageRenderer } from '../../plugins/web';
import { cachedCriticalStyles, deferScripts, deferStylesheets } from './first-view-styles';
import { HOME_LIST_URL, publicListBody, publicProductBody } from './routes';

const isCategory = (value: string | null): boolean => CATEGORIES.some((category) => category === value);

// What the web build names for each page that a visitor opens cold (apps/web/vite.config.ts writes it):
// the page's script with the scripts it imports, and its styles.
type FirstViewPage = 'home' | 'product';
type RouteChunks = Record<FirstViewPage, { scripts: string[]; styles: string[] }>;

// What the first view draws of a card and of a listing.
type FirstViewCard = Pick<
  ProductCard,
  'id' | 'title' | 'tag' | 'price' | 'location' | 'primaryImage' | 'media' | 'createdAt'
> & { user: Pick<ProductCard['user'], 'isVerified'> };
type FirstViewProduct = Pick<ProductDetail, 'title' | 'tag' | 'price' | 'primaryImage' | 'media'>;

const PRODUCT_PATH =
  /^\/product\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?(?:\?.*)?$/i;
const HOME_PATH = /^\/(?:\?.*)?$/;

// index.html's frame shows the shape of the home page; a product page's frame shows the picture box at its
// real 4:3 size instead, so that nothing jumps when the page arrives.
const SKELETON = /<!--first-view-skeleton-->[\s\S]*<!--\/first-view-skeleton-->/;
// The frame carries the first content itself, in the markup the web app draws it with (ProductCard, the
// product page), so it shows before any script has arrived; links work as plain links meanwhile.
const FIRST_VIEW_CARDS = 4;

function pictureTag(
  picture: ProductMedia | undefined,
  alt: string,
  sizes: string,
  isPriority: boolean,
): string {
  if (!picture) return '<div class="product-image-missing"></div>';
  const variants = [...picture.variants].sort((a, b) => a.width - b.width);
  const srcset = variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
  const size = picture.width && picture.height ? ` width="${picture.width}" height="${picture.height}"` : '';
  return `<img src="${escapeHtml(variants[0]?.url ?? picture.url)}" srcset="${escapeHtml(srcset)}" sizes="${escapeHtml(sizes)}"${size} alt="${escapeHtml(alt)}"${isPriority ? ' fetchpriority="high"' : ' loading="lazy"'} decoding="async">`;
}

// The words of the first view in the reader's language, read from the web app's own bundles by its build
// (first-view-words.json), and dates as the web app writes them (lib/format-date.ts).
type Words = Record<FirstViewWordKey, string>;
type Drawing = { words: Words; language: Language };

const dateFormats = new Map<Language, Intl.DateTimeFormat>();
function postedDate(iso: string, language: Language): string {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    dateFormats.set(language, format);
  }
  return format.format(new Date(iso));
}

// The web app's PriceTag.
function priceTag(
  product: Pick<ProductCard, 'tag' | 'price'>,
  { words }: Drawing,
  className: string,
): string {
  if (product.tag === 'Donate' || product.price === null) {
    return `<span class="badge text-bg-info">${escapeHtml(words['listings.free'])}</span>`;
  }
  return `<span class="${className}">${escapeHtml(formatNaira(product.price))}</span>`;
}

// The web app's VerifiedBadge (compact) with its ShieldCheckIcon.
function verifiedBadge({ words }: Drawing): string {
  return (
    `<span class="badge verified-badge verified-badge-compact" title="${escapeHtml(words['trust.verifiedHint'])}">` +
    '<svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z"></path><path d="m9 12 2 2 4-4"></path></svg>' +
    ` ${escapeHtml(words['trust.verified'])}</span>`
  );
}

// display: the card's visibility classes (Bootstrap's d-*), for a card shown only from some widths.
function cardMarkup(card: FirstViewCard, index: number, drawing: Drawing, display = ''): string {
  const picture = card.media.find((entry) => entry.url === card.primaryImage);
  const isPriority = index < FIRST_VIEW_PRIORITY_PICTURES;
  const { words } = drawing;
  return (
    `<li class="col${display}"><article class="card h-100 product-card"><div class="ratio ratio-1x1 product-card-image">${pictureTag(picture, card.title, PRODUCT_CARD_SIZES, isPriority)}</div>` +
    `<div class="card-body p-2 p-sm-3 d-flex flex-column gap-1"><h3 class="h6 card-title mb-0 product-card-title"><a href="/product/${escapeHtml(card.id)}" class="stretched-link text-reset text-decoration-none">${escapeHtml(card.title)}</a></h3>` +
    `<div>${priceTag(card, drawing, 'fw-bold')}</div>` +
    `<p class="small text-body-secondary mb-0 text-truncate"><span class="visually-hidden">${escapeHtml(words['listings.location'])}: </span>${escapeHtml(card.location)}</p>` +
    `<p class="small text-body-secondary mb-0 d-flex flex-wrap align-items-center gap-1 product-card-trust">${card.user.isVerified ? verifiedBadge(drawing) : ''}` +
    `<span><span class="visually-hidden">${escapeHtml(words['trust.posted'])}: </span><time datetime="${escapeHtml(card.createdAt)}">${escapeHtml(postedDate(card.createdAt, drawing.language))}</time></span></p>` +
    '</div></article></li>'
  );
}

// The home page as the web app draws it first (HomeRoute): the hero, the category bar, the grid's title, the
// first line of cards and the upload card after it. The line holds 2 cards on phones, 3 from md and 4 from lg
// (useGridColumns), so the third and fourth are drawn only from those widths; nothing moves when the app
// takes over.
function homeMarkup(cards: FirstViewCard[], drawing: Drawing): string {
  const { words } = drawing;
  const word = (key: FirstViewWordKey) => escapeHtml(words[key]);
  const categories = [
    `<li class="nav-item"><a href="/" class="nav-link active" aria-current="page">${word('listings.category.All')}</a></li>`,
    ...CATEGORY_BAR_ORDER.map(
      (category) =>
        `<li class="nav-item"><a href="/?category=${encodeURIComponent(category)}" class="nav-link">${word(`listings.category.${category}`)}</a></li>`,
    ),
  ].join('');
  const firstLine = cards
    .slice(0, FIRST_VIEW_CARDS)
    .map((card, index) =>
      cardMarkup(card, index, drawing, ['', '', ' d-none d-md-block', ' d-none d-lg-block'][index]),
    )
    .join('');
  return (
    '<div class="container py-3 py-md-4">' +
    `<section class="hero home-hero px-3 py-2 p-md-5 mb-2 mb-md-3"><h1 class="fw-bold mb-1 mb-md-2">${word('home.title')}</h1><p class="mb-0">${word('home.mission')}</p></section>` +
    `<nav aria-label="${word('home.categoriesLabel')}" class="category-bar mb-3"><ul class="nav nav-pills flex-nowrap gap-2">${categories}</ul></nav>` +
    `<section aria-labelledby="home-grid-title"><h2 id="home-grid-title" class="h4 mb-3">${word('home.recommended')}</h2>` +
    `<ul class="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-2 g-md-3 list-unstyled mb-0">${firstLine}</ul>` +
    '<div class="my-3"><section class="card upload-card" aria-labelledby="upload-card-title"><div class="card-body p-3 d-md-flex align-items-center gap-4">' +
    `<div class="flex-grow-1 mb-2 mb-md-0"><h2 id="upload-card-title" class="h6 card-title mb-1">${word('home.trashTitle')}</h2><p class="card-text small mb-0">${word('home.trashText')}</p></div>` +
    `<div class="d-flex gap-2 flex-shrink-0"><a href="/upload?mode=sell" class="btn btn-primary">${word('home.sellTitle')}</a><a href="/upload?mode=donate" class="btn btn-outline-primary">${word('home.donateTitle')}</a></div>` +
    '</div></section></div></section></div>'
  );
}

function productMarkup(product: FirstViewProduct | null, drawing: Drawing): string {
  const picture = product?.media.find((entry) => entry.url === product.primaryImage);
  const gallery = product ? pictureTag(picture, product.title, GALLERY_IMAGE_SIZES, true) : '';
  // The gallery's row of thumbnails (ProductGallery), as empty boxes: its pictures come with the app.
  const thumbs =
    product && product.media.length > 1
      ? `<ul class="product-gallery-thumbs list-unstyled d-flex gap-2 mb-0" aria-hidden="true">${'<li><span class="product-gallery-thumb"></span></li>'.repeat(product.media.length)}</ul>`
      : '';
  return (
    '<article class="container py-3 py-md-4"><div class="row g-4"><div class="col-12 col-lg-6">' +
    `<div class="ratio ratio-4x3 product-gallery-main first-view-block mb-2">${gallery}</div>${thumbs}</div><div class="col-12 col-lg-6">` +
    (product
      ? `<h1 class="h3 mb-2">${escapeHtml(product.title)}</h1><p class="fs-4 mb-3">${priceTag(product, drawing, 'fw-bold')}</p>`
      : '<div class="first-view-line"></div><div class="first-view-line w-50"></div>') +
    '</div></div></article>'
  );
}

function readWords(webDistDir: string): FirstViewWords | null {
  const file = path.join(webDistDir, 'first-view-words.json');
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as FirstViewWords;
}

function readRouteChunks(webDistDir: string): RouteChunks | null {
  const file = path.join(webDistDir, 'route-chunks.json');
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as RouteChunks;
}

// Note: the reply goes into a <script type="application/json"> block, never run; `<` is written as \u003c so
// that a seller's title containing `</script>` cannot close the block and start markup of its own.
function dataBlock(name: string, body: string, renderedAt: number): string {
  const json = `{"name":${JSON.stringify(name)},"renderedAt":${renderedAt},"body":${body}}`
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="first-view-data">${json}</script>`;
}

function pictureLink(picture: ProductMedia | undefined, sizes: string): string {
  if (!picture || picture.variants.length === 0) return '';
  const variants = [...picture.variants].sort((a, b) => a.width - b.width);
  const srcset = variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
  return `<link rel="preload" as="image" href="${escapeHtml(variants[0]?.url ?? picture.url)}" imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}" fetchpriority="high">`;
}

function styleLinks(chunks: { styles: string[] } | undefined): string {
  return (chunks?.styles ?? []).map((file) => `<link rel="stylesheet" href="/${escapeHtml(file)}">`).join('');
}

function scriptLinks(chunks: { scripts: string[] } | undefined): string {
  return (chunks?.scripts ?? [])
    .map((file) => `<link rel="modulepreload" href="/${escapeHtml(file)}">`)
    .join('');
}

// Sample pages in the first view's markup, with every variant it draws (a price, Free, Bank verified, no
// picture; a listing and the frame of one the public cannot see): the styles they use are the ones
// written into the HTML (first-view-styles.ts).
const SAMPLE_PICTURE: ProductMedia = {
  url: '/media/images/sample.webp',
  width: 800,
  height: 600,
  variants: [{ width: 320, url: '/media/images/sample-320.webp' }],
};
function sampleCard(index: number, fields: Partial<FirstViewCard> = {}): FirstViewCard {
  return {
    id: `00000000-0000-4000-8000-00000000000${index}`,
    title: 'Sample',
    tag: 'For sale',
    price: 5000,
    location: 'Lagos',
    primaryImage: SAMPLE_PICTURE.url,
    media: [SAMPLE_PICTURE],
    createdAt: new Date(0).toISOString(),
    user: { isVerified: true },
    ...fields,
  };
}
const SAMPLE_CARDS = [
  sampleCard(1),
  sampleCard(2, { tag: 'Donate', price: null, user: { isVerified: false } }),
  sampleCard(3, { primaryImage: null, media: [] }),
  sampleCard(4),
];

async function firstViewStyles(
  webDistDir: string,
  chunks: RouteChunks,
  words: FirstViewWords,
  onWriteError?: (error: unknown) => void,
): Promise<Record<FirstViewPage, string | null>> {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) return { home: null, product: null };
  const indexHtml = readFileSync(indexFile, 'utf8');
  const drawing: Drawing = { words: words.en, language: 'en' };
  const sample = (page: FirstViewPage, markup: (skeleton: string) => string) =>
    indexHtml.replace(SKELETON, markup).replace('</head>', () => `${styleLinks(chunks[page])}</head>`);
  return cachedCriticalStyles(
    webDistDir,
    {
      // The frame stays when the list could not be read.
      home: sample('home', (skeleton) => skeleton + homeMarkup(SAMPLE_CARDS, drawing)),
      product: sample('product', () =>
        // A price and two pictures, Free, and the frame of a listing the public cannot see.
        [
          sampleCard(1, { media: [SAMPLE_PICTURE, SAMPLE_PICTURE] }),
          sampleCard(2, { tag: 'Donate', price: null }),
          null,
        ]
          .map((product) => productMarkup(product, drawing))
          .join(''),
      ),
    },
    onWriteError,
  );
}

// Writes the first view's styles of a built web app into its directory (first-view-styles.json), so that
// no boot computes them: run by `npm start` after a build (cli/first-view-styles.ts). False when the build
// has no first view (no route-chunks.json or words).
export async function keepFirstViewStyles(webDistDir: string): Promise<boolean> {
  const chunks = readRouteChunks(webDistDir);
  const words = readWords(webDistDir);
  if (!chunks || !words) return false;
  await firstViewStyles(webDistDir, chunks, words, (error) => {
    throw error;
  });
  return true;
}

// The first view of the home page and of a product page on a slow phone (issue #12, decision 022): the page's
// script is named in the HTML (fetched beside the entry script, not after it), the data the page shows first
// comes inside the HTML (no request after the scripts ran), and the first pictures are asked for at once.
export function firstView(app: FastifyInstance): PageRenderer {
  const chunks = readRouteChunks(app.config.webDistDir);
  const words = readWords(app.config.webDistDir);
  // Read (or, when the build did not keep them, computed) once, when a first view is first asked for.
  let styles: Promise<Record<FirstViewPage, string | null>> | undefined;
  const pageStyles = (page: FirstViewPage) => {
    if (!chunks || !words) return null;
    styles ??= firstViewStyles(app.config.webDistDir, chunks, words, (error) =>
      app.log.warn({ err: error }, 'first view: its styles could not be kept for the next boot'),
    ).catch((error: unknown) => {
      app.log.warn({ err: error }, 'first view: no inlined styles (the stylesheets could not be read)');
      return { home: null, product: null };
    });
    return styles.then((byPage) => byPage[page]);
  };
  return async (request, indexHtml) => {
    const productId = PRODUCT_PATH.exec(request.url)?.[1];
    // A category's page (/?category=Clothes) is not the home list: it keeps the plain frame. A value that is
    // no category is ignored, as the app ignores it.
    const isHome =
      HOME_PATH.test(request.url) &&
      !isCategory(new URL(request.url, 'http://localhost').searchParams.get('category'));
    if (!productId && !isHome) return null;
    const renderedAt = Date.now();
    // In the reader's language (decision 027); a build without the words file draws only the grey frame.
    const language = requestLanguage(request);
    const drawing = words ? { words: words[language], language } : null;

    // The first pictures are asked for before the scripts (which the page's frame does not need).
    let pictures = '';
    let head = '';
    let data = '';
    let html = indexHtml;
    const page: FirstViewPage = productId ? 'product' : 'home';
    // With the page's styles in the HTML, its stylesheets no longer hold up the first paint.
    const inlined = drawing ? await pageStyles(page) : null;
    if (inlined) html = deferStylesheets(html);
    const stylesOfPage = inlined
      ? deferStylesheets(styleLinks(chunks?.[page])) +
        `<style id="first-view-style">${inlined.replace(/<\/style/gi, '<\\/style')}</style>`
      : styleLinks(chunks?.[page]);
    head += stylesOfPage + scriptLinks(chunks?.[page]);
    if (productId) {
      const body = await publicProductBody(app, productId).catch(() => null);
      const product = body ? (JSON.parse(body) as { data: ProductDetail }).data : null;
      if (drawing) html = html.replace(SKELETON, () => productMarkup(product, drawing));
      if (body && product) {
        pictures += pictureLink(
          product.media.find((entry) => entry.url === product.primaryImage),
          GALLERY_IMAGE_SIZES,
        );
        data = dataBlock(`product:${productId}`, body, renderedAt);
      }
    } else {
      const body = await publicListBody(app, HOME_LIST_URL).catch(() => null);
      if (body) {
        const cards = (JSON.parse(body) as { data: ProductCard[] }).data;
        pictures += cards
          .slice(0, FIRST_VIEW_PRIORITY_PICTURES)
          .map((card) =>
            pictureLink(
              card.media.find((entry) => entry.url === card.primaryImage),
              PRODUCT_CARD_SIZES,
            ),
          )
          .join('');
        if (cards.length > 0 && drawing) html = html.replace(SKELETON, () => homeMarkup(cards, drawing));
        data = dataBlock('home', body, renderedAt);
      }
    }
    // Note: replacement functions, never strings (see open-graph.ts).
    const beforeScripts = html.includes('<script type="module"') ? '<script type="module"' : '</head>';
    html = html
      .replace(beforeScripts, (tag) => `${pictures}${tag}`)
      .replace('</head>', () => `${head}</head>`)
      .replace('</body>', () => `${data}</body>`);
    return inlined ? deferScripts(html) : html;
  };
}
