import { describe, expect, it } from 'vitest';
import { call, conversationBetween, messageEventsFor, send } from '../../../test/messages';

// Blocking the other person of a conversation.

describe('blocking', () => {
  it('refuses a blocked sender with a clear message, and lets them write again once unblocked', async () => {
    const { seller, buyer, id } = await conversationBetween();
    expect((await send(id, buyer.token, 'Hello')).statusCode).toBe(201);
    const blocked = await call({
      method: 'POST',
      url: `/api/conversations/${id}/block`,
      token: seller.token,
    });
    expect(blocked.json()).toMatchObject({
      message: 'You blocked this person. They can no longer send you messages.',
    });

    const refused = await send(id, buyer.token, 'Hello again');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: 'This person has blocked you, so you cannot send them messages.',
      error: { code: 'MESSAGE_BLOCKED' },
    });
    const ownRefusal = await send(id, seller.token, 'Bye');
    expect(ownRefusal.statusCode).toBe(403);
    expect(ownRefusal.json()).toMatchObject({ error: { code: 'MESSAGE_YOU_BLOCKED' } });
    // A refused message is not published either.
    expect((await messageEventsFor(seller.user.id)).map((event) => event.message.text)).toEqual(['Hello']);
    expect((await call({ url: `/api/conversations/${id}`, token: buyer.token })).json().data).toMatchObject({
      blockedMe: true,
      blockedByMe: false,
    });
    expect((await call({ url: `/api/conversations/${id}`, token: seller.token })).json().data).toMatchObject({
      blockedMe: false,
      blockedByMe: true,
    });

    expect(
      (await call({ method: 'DELETE', url: `/api/conversations/${id}/block`, token: seller.token }))
        .statusCode,
    ).toBe(200);
    expect((await send(id, buyer.token, 'Hello again')).statusCode).toBe(201);
  });
});
