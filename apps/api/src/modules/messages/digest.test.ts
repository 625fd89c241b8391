import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, users } from '../../db/schema';
import { call, conversationBetween, send, sent, testApp } from '../../../test/messages';

// The e-mail digest of unread messages.

describe('the e-mail digest of unread messages', () => {
  // The digest jobs of these messages become due now, as if 15 minutes had passed.
  async function fifteenMinutesLater() {
    await testApp.app.db
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(eq(jobs.kind, 'message-digest'));
    await testApp.app.jobQueue.runDue();
  }

  it('mails one digest of an unread batch after 15 minutes, once', async () => {
    const { seller, buyer, id } = await conversationBetween();
    await send(id, buyer.token, 'Is the screen scratched?');
    await send(id, buyer.token, 'And does it come with the box?');
    sent.length = 0;
    await testApp.app.jobQueue.runDue();
    expect(sent).toEqual([]);
    const [job] = await testApp.app.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(eq(jobs.kind, 'message-digest'))
      .orderBy(sql`${jobs.runAt} desc`)
      .limit(1);
    expect(job!.runAt.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);

    await fifteenMinutesLater();
    const toSeller = sent.filter((mail) => mail.to === seller.user.email);
    expect(toSeller).toHaveLength(1);
    expect(toSeller[0]!.subject).toBe('You have 2 unread messages on Oja');
    expect(toSeller[0]!.text).toContain('Is the screen scratched?');
    expect(toSeller[0]!.text).toContain('And does it come with the box?');
    expect(toSeller[0]!.text).toContain(`http://oja.test/messages/${id}`);
    expect(toSeller[0]!.text).not.toContain(buyer.user.email);

    sent.length = 0;
    await fifteenMinutesLater();
    expect(sent).toEqual([]);
  });

  it('writes the digest in the language the recipient reads Oja in', async () => {
    const { seller, buyer, id } = await conversationBetween();
    await testApp.app.db.update(users).set({ language: 'fr' }).where(eq(users.id, seller.user.id));
    await send(id, buyer.token, "L'écran est-il rayé ?");
    sent.length = 0;
    await fifteenMinutesLater();
    const toSeller = sent.filter((mail) => mail.to === seller.user.email);
    expect(toSeller).toHaveLength(1);
    expect(toSeller[0]!.subject).toBe('Vous avez un message non lu sur Oja');
    expect(toSeller[0]!.text).toContain('Un message vous attend sur Oja :');
    expect(toSeller[0]!.text).toContain("L'écran est-il rayé ?");
  });

  it('sends nothing once the messages are read', async () => {
    const { seller, buyer, id } = await conversationBetween();
    await send(id, buyer.token, 'Are you in Ikeja?');
    await call({ method: 'POST', url: `/api/conversations/${id}/read`, token: seller.token });
    sent.length = 0;
    await fifteenMinutesLater();
    expect(sent.filter((mail) => mail.to === seller.user.email)).toEqual([]);
  });
});
