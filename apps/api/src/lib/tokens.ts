import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

// Bearer JWTs. Users and admins are different audiences: a user token never opens an admin route. Event
// stream tickets (decision 023) are audiences of their own: a ticket is never a bearer token, nor the reverse.
export type Audience = 'user' | 'admin' | 'events-user' | 'events-admin';
export type TokenClaims = { subject: string; audience: Audience; version: number };

const issuer = 'oja-marketplace';

export async function signToken(secret: string, claims: TokenClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ ver: claims.version })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.subject)
    .setAudience(claims.audience)
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(new TextEncoder().encode(secret));
}

// Tokens verified before, by audience and token: jose's check of one costs about 0.24 ms of CPU (WebCrypto's
// HMAC behind a promise), and a client sends the same token with every request. A token's signature and claims
// cannot change, so a token seen valid under the same secret needs only its expiry checked again, as jose checks
// it (expired from the second its `exp` names). Only valid bearer tokens are kept, at most VERIFIED_MAX, the
// oldest dropped first: a flood of new tokens costs what it cost before. Event tickets are not kept: each is
// used once, and would push sessions out.
const VERIFIED_MAX = 1000;
type Verified = { secret: string; claims: TokenClaims; expiresAt: number };
const verified = new Map<string, Verified>();

export async function verifyToken(
  secret: string,
  token: string,
  audience: Audience,
): Promise<TokenClaims | null> {
  const key = `${audience} ${token}`;
  const known = verified.get(key);
  if (known && known.secret === secret) {
    if (Math.floor(Date.now() / 1000) < known.expiresAt) return known.claims;
    verified.delete(key);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      audience,
      issuer,
      algorithms: ['HS256'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
    const claims: TokenClaims = Object.freeze({ subject: payload.sub, audience, version: payload.ver });
    if (audience !== 'user' && audience !== 'admin') return claims;
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(key, { secret, claims, expiresAt: payload.exp ?? Number.POSITIVE_INFINITY });
    return claims;
  } catch {
    return null;
  }
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
