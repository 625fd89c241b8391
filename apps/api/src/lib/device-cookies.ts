import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';

// Device cookies (OWASP's "device cookies", decision 048): a browser that has signed in to an account
// carries a signed token naming that account and a random nonce. Its wrong passwords are counted against
// the token alone, so nobody else's failures (behind the same carrier address, or from many addresses) can
// lock it out. Clients on another host never send it and are unknown devices, as they should be.

export type SignInScope = 'user-login' | 'admin-login';

// Note: each cookie is sent to its own login route only (Path), never to any other route, and is HttpOnly.
const cookies: Record<SignInScope, { name: string; path: string }> = {
  'user-login': { name: 'oja_device', path: '/api/users/login' },
  'admin-login': { name: 'oja_admin_device', path: '/api/admin/login' },
};

const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
// A shared phone may be used for a few accounts: the cookie keeps a token for each, newest first.
const MAX_TOKENS = 4;
const MAX_COOKIE_LENGTH = 1000;

type DeviceAccount = { id: string; passwordHash: string };
// What a sign-in request brings: its Cookie header, and whether it came over https (the cookie is then Secure).
export type DeviceContext = { cookieHeader: string | undefined; secure: boolean };

function signingKey(config: Config): Buffer {
  return createHmac('sha256', config.jwtSecret).update('oja device cookie v1').digest();
}

// Note: the signature covers the account's password hash, so changing the password (a reset) ends every
// device token issued before it; the hash itself never leaves the server.
function sign(config: Config, scope: SignInScope, account: DeviceAccount, nonce: string): Buffer {
  return createHmac('sha256', signingKey(config))
    .update(`${scope}\n${account.id}\n${nonce}\n${account.passwordHash}`)
    .digest();
}

function presentedTokens(device: DeviceContext, scope: SignInScope): string[] {
  const header = device.cookieHeader;
  if (!header || header.length > 8000) return [];
  const prefix = `${cookies[scope].name}=`;
  const value = header
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  if (!value || value.length > MAX_COOKIE_LENGTH) return [];
  return value.split('~').slice(0, MAX_TOKENS);
}

// The nonce of this request's valid device token for the account, or null (no cookie, another account's,
// forged, tampered, or from before a password change): an unknown device.
export function knownDevice(
  config: Config,
  scope: SignInScope,
  device: DeviceContext,
  account: DeviceAccount | undefined,
): string | null {
  if (!account) return null;
  for (const token of presentedTokens(device, scope)) {
    const [accountId, nonce, signature, ...rest] = token.split('.');
    if (rest.length > 0 || accountId !== account.id || !nonce || !signature) continue;
    const expected = sign(config, scope, account, nonce);
    const given = Buffer.from(signature, 'base64url');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return nonce;
  }
  return null;
}

// After a successful sign-in: a fresh token for this account, keeping the tokens of the device's other
// accounts (newest first, a few at most). Returns the Set-Cookie header.
export function rememberDevice(
  config: Config,
  scope: SignInScope,
  device: DeviceContext,
  account: DeviceAccount,
): string {
  const nonce = randomBytes(16).toString('base64url');
  const token = `${account.id}.${nonce}.${sign(config, scope, account, nonce).toString('base64url')}`;
  const others = presentedTokens(device, scope).filter(
    (other) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(other) && !other.startsWith(`${account.id}.`),
  );
  const { name, path } = cookies[scope];
  const attributes = [
    `${name}=${[token, ...others].slice(0, MAX_TOKENS).join('~')}`,
    `Path=${path}`,
    `Max-Age=${MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (device.secure) attributes.push('Secure');
  return attributes.join('; ');
}
