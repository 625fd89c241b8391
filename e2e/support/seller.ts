import sharp from 'sharp';
import { inject } from 'vitest';
import { registerThroughApi, uniqueUser } from './browser';

const api = (path: string) => `${inject('baseUrl')}/api${path}`;

// A seller who completed the profile and verified a NUBAN-valid account, all through the API (the
// browser journey for that is profile.spec.ts).
export async function verifiedSeller(
  address: { street: string; city: string; state: string } = {
    street: '5 Allen Avenue',
    city: 'Ikeja',
    state: 'Lagos',
  },
  { longestName = false } = {},
) {
  const user = uniqueUser({ longestName });
  const { data } = await registerThroughApi(user);
  const headers = { authorization: `Bearer ${data.token}` };
  const resolve = await fetch(api('/userProfile/resolve-account?account_number=0123456785&bank_code=058'), {
    headers,
  });
  const resolved = (await resolve.json()) as { data: { account_name: string } };
  const form = new FormData();
  for (const [name, value] of Object.entries({
    fullName: user.fullName,
    phoneNumber: '08031234567',
    street: address.street,
    city: address.city,
    state: address.state,
    country: 'Nigeria',
    address: `${address.street}, ${address.city}, ${address.state}`,
    bio: 'I sell what I no longer need.',
    accountName: resolved.data.account_name,
    accountNumber: '0123456785',
    bankName: 'Guaranty Trust Bank',
    bankCode: '058',
  })) {
    form.append(name, value);
  }
  const saved = await fetch(api('/userProfile/profile'), { method: 'PUT', headers, body: form });
  if (!saved.ok) throw new Error(`profile save failed: ${await saved.text()}`);
  return { ...user, token: data.token, id: data.user.id };
}

export async function picture(color: string): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 700, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

// A sale (or, with `kind: 'donation'`, an item given away) with one picture (or `pictures`), pending approval.
export async function listingThroughApi(
  seller: { token: string },
  title: string,
  kind: 'sale' | 'donation' = 'sale',
  { pictures = 1 }: { pictures?: number } = {},
) {
  const headers = { authorization: `Bearer ${seller.token}` };
  const urls: string[] = [];
  for (const color of ['#2a9d8f', '#e76f51', '#264653', '#e9c46a'].slice(0, pictures)) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await picture(color))]), 'item.jpg');
    const media = (await (await fetch(api('/media'), { method: 'POST', headers, body: form })).json()) as {
      data: { url: string };
    };
    urls.push(media.data.url);
  }
  const response = await fetch(api(kind === 'sale' ? '/products' : '/products/donate'), {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      title,
      description: 'Clean and ready to use.',
      specification: 'Medium size',
      category: 'Clothes',
      condition: 'Fairly Used',
      ...(kind === 'sale' ? { price: 7500, priceCategory: '500-15000' } : {}),
      primaryImageIndex: 0,
      images: urls.join(','),
    }),
  });
  if (response.status !== 201) throw new Error(`listing failed: ${await response.text()}`);
  return ((await response.json()) as { data: { id: string } }).data;
}

// An admin approves the listing through the API (the browser journey for that is admin.spec.ts).
export async function approveThroughApi(productId: string) {
  const login = await fetch(api('/admin/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(inject('admin')),
  });
  if (!login.ok) throw new Error(`admin login failed: ${await login.text()}`);
  const { data } = (await login.json()) as { data: { token: string } };
  const approved = await fetch(api(`/adminProduct/${productId}/status`), {
    method: 'PUT',
    headers: { authorization: `Bearer ${data.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'approved' }),
  });
  if (!approved.ok) throw new Error(`approval failed: ${await approved.text()}`);
}

// The buyer pays for the listing in the payment sandbox, through the API (checkout.spec.ts is the browser journey);
// with `courier`, delivered by the cheapest courier the sandbox quotes (delivery.spec.ts is the browser journey).
export async function buyThroughApi(token: string, productId: string, { courier = false } = {}) {
  const authorization = `Bearer ${token}`;
  let delivery = {};
  if (courier) {
    const quoted = await fetch(api(`/checkout/${productId}/delivery-quotes`), {
      method: 'POST',
      headers: { authorization },
    });
    if (quoted.status !== 201) throw new Error(`delivery quotes failed: ${await quoted.text()}`);
    const quotes = ((await quoted.json()) as { data: { id: string; deliveryFee: number }[] }).data;
    const cheapest = quotes.reduce((best, quote) => (quote.deliveryFee < best.deliveryFee ? quote : best));
    delivery = { delivery_quote_id: cheapest.id };
  }
  const started = await fetch(api('/payment/initialize-transaction'), {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ product_id: productId, ...delivery }),
  });
  if (started.status !== 201) throw new Error(`checkout failed: ${await started.text()}`);
  const { reference } = ((await started.json()) as { data: { reference: string } }).data;
  const paid = await fetch(api(`/payment/sandbox/${reference}/pay`), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`payment failed: ${paid.status} ${await paid.text()}`);
}

// The buyer opens the conversation about the listing ('Message seller'), through the API, and says `text` in it
// when given (the seller's list shows a conversation once it has a message). Its id.
export async function conversationThroughApi(token: string, productId: string, text?: string) {
  const headers = { authorization: `Bearer ${token}` };
  const opened = await fetch(api(`/products/${productId}/conversation`), { method: 'POST', headers });
  if (!opened.ok) throw new Error(`opening the conversation failed: ${await opened.text()}`);
  const { id } = ((await opened.json()) as { data: { id: string } }).data;
  if (text) {
    const said = await fetch(api(`/conversations/${id}/messages`), {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    });
    if (said.status !== 201) throw new Error(`sending the message failed: ${await said.text()}`);
  }
  return id;
}
