// What the service worker keeps of a catalogue reply (sw.ts), for any later reader of this device offline.
// Note: the API answers a logged-in user with replies meant for them alone: a product page with the seller's
// e-mail and phone (a paid buyer, or a seller who shows them; decision 049) and a donated item's requests (its
// giver only). A kept copy outlives the session, so the worker keeps only what a visitor could read: no
// requests at all, and a product page without the seller's contact details.
const PRIVATE_UNDER_PRODUCT = /^\/api\/products\/[^/]+\/./;
const PRODUCT_PAGE = /^\/api\/products\/[^/]+$/;

type ProductReply = { data?: { uploader?: { email?: unknown; phoneNumber?: unknown } | null } | null };

export async function catalogueCopy(request: Request, response: Response): Promise<Response | null> {
  if (response.status !== 200) return null;
  const { pathname } = new URL(request.url);
  if (PRIVATE_UNDER_PRODUCT.test(pathname)) return null;
  if (!PRODUCT_PAGE.test(pathname)) return response;
  let body: ProductReply;
  try {
    body = (await response.clone().json()) as ProductReply;
  } catch {
    return null;
  }
  const uploader = body.data?.uploader;
  if (!uploader || (uploader.email == null && uploader.phoneNumber == null)) return response;
  uploader.email = null;
  uploader.phoneNumber = null;
  return new Response(JSON.stringify(body), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
