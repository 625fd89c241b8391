import { describe, expect, it } from 'vitest';
import { newsletterSubscriptions } from '../../db/schema';
import { useTestApp } from '../../../test/helper';

const testApp = useTestApp();

function subscribe(email: unknown) {
  return testApp.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email } });
}

describe('newsletter sign-up', () => {
  it('signs an address up once, however many times it is sent', async () => {
    const first = await subscribe(' ada@example.com ');
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('You are signed up for our weekend discounts.');
    expect((await subscribe('ada@example.com')).statusCode).toBe(200);
    const rows = await testApp.app.db.select().from(newsletterSubscriptions);
    expect(rows.map((row) => row.email)).toEqual(['ada@example.com']);
  });

  it("refuses what is not an address with the web form's own messages", async () => {
    const empty = await subscribe('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('All fields are required');
    const wrong = await subscribe('ada@');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('EMAIL_INVALID');
  });
});
