import { expect } from 'vitest';
import { products } from '../src/db/schema';
import { readEventsAfter, START } from '../src/modules/events/service';
import type { Mail } from '../src/providers/mail/index';
import { bearer, registerUser, useTestApp, verifiedSeller, type RegisteredUser } from './helper';
import { keepingMailer } from './mail';

// The messages suites' fixtures: an app whose mails are kept in `sent`, a listing, a conversation, and the
// calls the tests make. Every reply body is kept in `bodies`, and none may carry an e-mail address or a phone.
export const sent: Mail[] = [];
export const bodies: string[] = [];

export const testApp = useTestApp({ providers: { mailer: keepingMailer(sent) } });

export type Call = { method?: 'GET' | 'POST' | 'DELETE'; url: string; token?: string; payload?: object };
export async function call({ method = 'GET', url, token, payload }: Call) {
  const response = await testApp.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
  bodies.push(response.body);
  // Note: people are named by username only (decision 024): no reply carries an e-mail or a phone number.
  expect(response.body).not.toMatch(/@example\.ng/);
  expect(response.body).not.toContain('08031234567');
  return response;
}

// An approved listing of a new seller whose profile carries a phone number.
export async function listing(title = 'Tecno Spark 10, 128GB', status: 'approved' | 'pending' = 'approved') {
  const seller = await verifiedSeller(testApp.app);
  const [product] = await testApp.app.db
    .insert(products)
    .values({
      ownerId: seller.user.id,
      title,
      description: 'Clean, with charger.',
      specification: '128GB',
      category: 'Electronics',
      condition: 'Fairly Used',
      tag: 'For sale',
      price: 45000,
      location: 'Lagos',
      status,
    })
    .returning();
  return { seller, product: product! };
}

export async function open(productId: string, token: string) {
  return call({ method: 'POST', url: `/api/products/${productId}/conversation`, token });
}

export async function conversationBetween() {
  const { seller, product } = await listing();
  const buyer = await registerUser(testApp.app);
  const opened = await open(product.id, buyer.token);
  expect(opened.statusCode).toBe(200);
  return { seller, buyer, product, id: opened.json<{ data: { id: string } }>().data.id };
}

// The live `message` events a user's stream carries.
export async function messageEventsFor(userId: string) {
  const { events } = await readEventsAfter(testApp.app.db, {
    after: START,
    audience: { userId },
    limit: 1000,
  });
  return events
    .filter((event) => event.type === 'message')
    .map(
      (event) =>
        JSON.parse(event.data) as {
          message: { text: string; isMine: boolean; conversationId: string };
          unread: number;
        },
    );
}

export const send = (id: string, token: string, text: string) =>
  call({ method: 'POST', url: `/api/conversations/${id}/messages`, token, payload: { text } });

export async function conversationsOf(user: RegisteredUser) {
  const response = await call({ url: '/api/conversations', token: user.token });
  expect(response.statusCode).toBe(200);
  return response.json<{
    data: {
      id: string;
      unread: number;
      other: { username: string };
      isOwner: boolean;
      lastMessage: { text: string; isMine: boolean } | null;
      listing: { title: string };
    }[];
    meta: { unread: number };
  }>();
}
