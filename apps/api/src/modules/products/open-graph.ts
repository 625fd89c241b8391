import type { FastifyInstance } from 'fastify';
import { formatNaira } from '@marketplace/shared/money';
import { escapeHtml } from '../../lib/html';
import type { PageRenderer } from '../../plugins/web';
import { getProductDetail } from './reads';

const PRODUCT_PATH =
  /^\/product\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?(?:\?.*)?$/i;

// A product link shared on WhatsApp shows its title, picture and price: the server writes them into
// the page's Open Graph tags (link-preview robots do not run JavaScript).
export function productOpenGraph(app: FastifyInstance): PageRenderer {
  return async (request, indexHtml) => {
    const match = PRODUCT_PATH.exec(request.url);
    if (!match?.[1]) return null;
    const product = await getProductDetail({ db: app.db, id: match[1], viewer: {} }).catch(() => null);
    if (!product) return null;
    const price = product.price === null ? 'Free (donation)' : formatNaira(product.price);
    const primary = product.media.find((entry) => entry.url === product.primaryImage);
    const image = primary?.variants.find((variant) => variant.width >= 600) ?? primary?.variants.at(-1);
    const url = `${app.config.publicUrl}/product/${product.id}`;
    const tags = [
      ['og:type', 'product'],
      ['og:site_name', 'Oja'],
      ['og:title', `${product.title} – ${price}`],
      ['og:description', `${product.condition} · ${product.location}. ${product.description.slice(0, 150)}`],
      ['og:url', url],
      ...(image
        ? [['og:image', image.url.startsWith('/') ? `${app.config.publicUrl}${image.url}` : image.url]]
        : []),
      ['product:price:amount', product.price === null ? '0' : String(product.price)],
      ['product:price:currency', 'NGN'],
    ]
      .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content ?? '')}">`)
      .join('');
    const title = `<title>${escapeHtml(`${product.title} – ${price} | Oja`)}</title>`;
    const head = `${title}${tags}<meta name="twitter:card" content="summary_large_image"></head>`;
    // Note: replacement functions, never strings: in a replacement string `$&`, `$\`` and `$'` in a
    // seller's title would splice parts of the page into the head.
    return indexHtml.replace(/<title>[^<]*<\/title>/, () => '').replace('</head>', () => head);
  };
}
