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

export async function verifyToken(
  secret: string,
  token: string,
  audience: Audience,
): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      audience,
      issuer,
      algorithms: ['HS256'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
    return { subject: payload.sub, audience, version: payload.ver };
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
