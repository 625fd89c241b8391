import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createSignInLinkMail } from '../../lib/sign-in-links';
import type { Mail } from '../../providers/mail/index';
import { bearer, buildTestApp, multipart, newUserInput, type TestApp } from '../../../test/helper';
import { keepingMailer } from '../../../test/mail';

// The mails about an account are written in the language its owner reads Oja in (issue 32, decision 055):
// kept on register, sign-in and profile save, from the web app's `lang` cookie or the browser's languages.
let testApp: TestApp;
const sent: Mail[] = [];
beforeAll(async () => {
  testApp = await buildTestApp({ providers: { mailer: keepingMailer(sent) } });
});
afterAll(async () => {
  await testApp.close();
});

const app = () => testApp.app;

async function register(headers: Record<string, string>) {
  const input = newUserInput();
  const response = await app().inject({
    method: 'POST',
    url: '/api/users/register',
    payload: input,
    headers,
  });
  expect(response.statusCode).toBe(201);
  const { token, user } = response.json<{ data: { token: string; user: { id: string; email: string } } }>()
    .data;
  return { token, user, password: input.password };
}

async function resetMailTo(email: string, headers: Record<string, string> = {}) {
  sent.length = 0;
  await app().inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email }, headers });
  for (let wait = 0; wait < 50 && !sent.some((mail) => mail.to === email); wait++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const mail = sent.find((entry) => entry.to === email);
  if (!mail) throw new Error('no reset mail');
  return mail;
}

async function storedLanguage(userId: string) {
  const [row] = await app().db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language;
}

describe('the language of account mails', () => {
  it('writes the reset mail in French to a user who signed up in French, whoever asks for it', async () => {
    const { user } = await register({ cookie: 'lang=fr' });
    expect(await storedLanguage(user.id)).toBe('fr');
    const mail = await resetMailTo(user.email, { 'accept-language': 'en-GB' });
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Oja');
    expect(mail.text).toMatch(/^Bonjour Chiamaka Eze,/);
    expect(mail.text).toMatch(/http:\/\/oja\.test\/reset-password\?token=/);
  });

  it('keeps the language of the last sign-in and profile save, and uses the asking browser’s when none is kept', async () => {
    const { user, token, password } = await register({});
    expect(await storedLanguage(user.id)).toBeNull();
    expect((await resetMailTo(user.email, { 'accept-language': 'es-NG, en;q=0.5' })).subject).toBe(
      'Restablece tu contraseña de Oja',
    );
    expect((await resetMailTo(user.email)).subject).toBe('Reset your Oja password');

    const login = await app().inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password },
      headers: { cookie: 'lang=es' },
    });
    expect(login.statusCode).toBe(200);
    expect(await storedLanguage(user.id)).toBe('es');
    expect((await resetMailTo(user.email, { cookie: 'lang=en' })).subject).toBe(
      'Restablece tu contraseña de Oja',
    );

    const profile = {
      fullName: 'Chiamaka Eze',
      phoneNumber: '08031234567',
      address: '12 Admiralty Way, Lekki Phase 1',
      street: '12 Admiralty Way',
      city: 'Lekki',
      state: 'Lagos',
      country: 'Nigeria',
      bio: 'I sell clothes.',
    };
    const body = multipart(Object.entries(profile).map(([name, value]) => ({ name, value })));
    const saved = await app().inject({
      method: 'PUT',
      url: '/api/userProfile/profile',
      headers: { ...body.headers, ...bearer(token), cookie: 'lang=fr' },
      payload: body.payload,
    });
    expect(saved.statusCode).toBe(200);
    expect(await storedLanguage(user.id)).toBe('fr');
  });

  it('writes the sign-in link mail in the language kept on the account, not the guesser’s', async () => {
    const { user } = await register({ cookie: 'lang=es' });
    const [row] = await app().db.select().from(users).where(eq(users.id, user.id));
    if (!row) throw new Error('no user');
    const mail = await createSignInLinkMail({
      db: app().db,
      config: app().config,
      account: { kind: 'user', id: row.id, email: row.email, name: row.fullName, language: row.language },
    });
    expect(mail.subject).toBe('Inicia sesión en Oja con este enlace');
    expect(mail.text).toMatch(/^Hola, Chiamaka Eze:/);
    expect(mail.text).toMatch(/http:\/\/oja\.test\/login\?link=/);
  });
});
