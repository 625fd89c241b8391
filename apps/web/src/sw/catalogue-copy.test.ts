import { describe, expect, it } from 'vitest';
import { catalogueCopy } from './catalogue-copy';

const ORIGIN = 'https://oja.example';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const get = (path: string) => new Request(`${ORIGIN}${path}`);

describe('the copy of a catalogue reply the service worker keeps', () => {
  it("keeps a product page without the seller's e-mail and phone a logged-in buyer was shown", async () => {
    const reply = json({
      ok: true,
      data: {
        id: 'p1',
        title: 'Tecno Spark 10',
        uploader: { id: 'u1', email: 'ada@example.ng', phoneNumber: '08031234567' },
      },
    });
    const kept = await catalogueCopy(get('/api/products/p1'), reply);
    const body = (await kept?.json()) as { data: { title: string; uploader: Record<string, unknown> } };
    expect(body.data.title).toBe('Tecno Spark 10');
    expect(body.data.uploader).toEqual({ id: 'u1', email: null, phoneNumber: null });
  });

  it("never keeps a donated item's requests, which only its giver may read", async () => {
    const reply = json({ ok: true, data: [{ id: 'r1', username: 'tunde', reason: 'For my school' }] });
    expect(await catalogueCopy(get('/api/products/p1/requests'), reply)).toBeNull();
  });

  it('keeps lists and public product pages as they came, and no failed reply', async () => {
    const list = json({ ok: true, data: [{ id: 'p1' }] });
    expect(await catalogueCopy(get('/api/products?pageSize=12'), list)).toBe(list);
    const page = json({
      ok: true,
      data: { id: 'p1', uploader: { id: 'u1', email: null, phoneNumber: null } },
    });
    expect(await catalogueCopy(get('/api/products/p1'), page)).toBe(page);
    expect(await catalogueCopy(get('/api/products/p1'), json({ ok: false }, 404))).toBeNull();
  });
});
