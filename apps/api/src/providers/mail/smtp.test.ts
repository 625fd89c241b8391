import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerUser, type TestApp } from '../../../test/helper';

// A real SMTP server on 127.0.0.1: the app is configured with SMTP_URL and must deliver the reset mail.
const received: { to: string[]; body: string }[] = [];
let smtp: SMTPServer;
let testApp: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (body += chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), body });
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const { port } = smtp.server.address() as AddressInfo;
  testApp = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});

afterAll(async () => {
  await testApp.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail over SMTP', () => {
  it('delivers the password reset link to the SMTP server when SMTP_URL is set', async () => {
    expect(testApp.app.providers.mailer.kind).toBe('smtp');
    const { user } = await registerUser(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: user.email },
    });
    expect(response.statusCode).toBe(200);

    const started = Date.now();
    while (received.length === 0 && Date.now() - started < 5000)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual([user.email]);
    const body = (received[0]?.body ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(body).toMatch(/Subject: Reset your Oja password/);
    expect(body).toMatch(/http:\/\/oja\.test\/reset-password\?token=[A-Za-z0-9_-]{20,}/);
  });
});
