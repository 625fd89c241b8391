import type { FastifyInstance } from 'fastify';
import { bearer } from './helper';

// Offer fixtures (decision 061): the calls a buyer and a seller make.

export function makeOffer(
  app: FastifyInstance,
  productId: string,
  token: string | undefined,
  amount: unknown,
) {
  return app.inject({
    method: 'POST',
    url: `/api/products/${productId}/offers`,
    headers: token ? bearer(token) : {},
    payload: { amount },
  });
}

export function answer(
  app: FastifyInstance,
  offerId: string,
  token: string,
  action: 'accept' | 'decline' | 'withdraw' | 'counter',
  amount?: unknown,
) {
  return app.inject({
    method: 'POST',
    url: `/api/offers/${offerId}/${action}`,
    headers: bearer(token),
    ...(action === 'counter' ? { payload: { amount } } : {}),
  });
}

export async function offerId(app: FastifyInstance, productId: string, token: string, amount: number) {
  const reply = await makeOffer(app, productId, token, amount);
  if (reply.statusCode !== 201) throw new Error(`offer not made: ${reply.statusCode} ${reply.body}`);
  return reply.json<{ data: { id: string } }>().data.id;
}

export async function offersOf(app: FastifyInstance, token: string, query = '') {
  const reply = await app.inject({ url: `/api/offers${query}`, headers: bearer(token) });
  return reply.json<{ data: { id: string; status: string; amount: number; agreedAmount: number | null }[] }>()
    .data;
}
