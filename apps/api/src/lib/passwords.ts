import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt from Node's own crypto (DESIGN.md allows argon2id or scrypt): no native add-on to build.
// Note: under test (NODE_ENV=test: Vitest, the journeys' server) the cost is 1/16th: nearly every test
// registers or signs in users, and the full cost was a large share of the suites' CPU time (decision 034).
// A hash records its own cost, so verifying works across both; production and development keep N = 16384.
const params = {
  N: process.env.NODE_ENV === 'test' ? 1024 : 16384,
  r: 8,
  p: 1,
  maxmem: 64 * 1024 * 1024,
} satisfies ScryptOptions;
const keyLength = 64;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, expected] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !expected) return false;
  const expectedKey = Buffer.from(expected, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: params.maxmem,
  });
  return key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
}

// Note: a login for an unknown e-mail still spends the time of one hash, so timing does not reveal
// which addresses have accounts.
let dummyHash: Promise<string> | undefined;
export async function spendHashTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(password, await dummyHash);
}
