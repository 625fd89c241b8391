import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { admins, users } from '../db/schema';
import { unauthorized } from '../lib/errors';
import { verifyToken, type Audience, type TokenClaims } from '../lib/tokens';

export type AuthedUser = { id: string; username: string; email: string };
export type AuthedAdmin = { id: string; email: string };

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthedUser | null;
    admin: AuthedAdmin | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

// The verified claims of the request's bearer token for an audience (null: none, or not valid).
export async function bearerClaims(app: FastifyInstance, request: FastifyRequest, audience: Audience) {
  const token = bearerToken(request);
  if (!token) return null;
  return verifyToken(app.config.jwtSecret, token, audience);
}

export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('admin', null);
}

async function userFromToken(app: FastifyInstance, request: FastifyRequest): Promise<AuthedUser | null> {
  const claims = await bearerClaims(app, request, 'user');
  return claims ? userForClaims(app, claims) : null;
}

// The account a token (or an event ticket) names, if it still exists and the token is of its current
// version (not ended by a password reset).
export async function userForClaims(app: FastifyInstance, claims: TokenClaims): Promise<AuthedUser | null> {
  const [user] = await app.db
    .select({ id: users.id, username: users.username, email: users.email, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, claims.subject))
    .limit(1);
  if (!user || user.tokenVersion !== claims.version) return null;
  return { id: user.id, username: user.username, email: user.email };
}

// For pages open to visitors that show more to a logged-in owner: the same checks as requireUser, but
// a missing or ended session just means a visitor.
export async function optionalUser(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<AuthedUser | null> {
  return userFromToken(app, request);
}

// onRequest hook for user routes: it runs before any body is parsed, so a visitor gets 401, not 400.
// Note: the user is read from the database on every request, so a deleted account or a password reset (token version raised) ends the session at once.
export async function requireUser(this: FastifyInstance, request: FastifyRequest) {
  const user = await userFromToken(this, request);
  if (!user) throw unauthorized();
  request.user = user;
}

export async function adminForClaims(app: FastifyInstance, claims: TokenClaims): Promise<AuthedAdmin | null> {
  const [admin] = await app.db
    .select({ id: admins.id, email: admins.email, tokenVersion: admins.tokenVersion })
    .from(admins)
    .where(eq(admins.id, claims.subject))
    .limit(1);
  if (!admin || admin.tokenVersion !== claims.version) return null;
  return { id: admin.id, email: admin.email };
}

export async function requireAdmin(this: FastifyInstance, request: FastifyRequest) {
  const claims = await bearerClaims(this, request, 'admin');
  const admin = claims ? await adminForClaims(this, claims) : null;
  if (!admin) throw unauthorized();
  request.admin = admin;
}

// For calls open to visitors that show more to an admin: a missing or ended admin session means a visitor.
export async function optionalAdmin(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<AuthedAdmin | null> {
  const claims = await bearerClaims(app, request, 'admin');
  return claims ? adminForClaims(app, claims) : null;
}

// onRequest hook for calls open to a user (the handler checks which) and to admins.
export async function requireUserOrAdmin(this: FastifyInstance, request: FastifyRequest) {
  const user = await userFromToken(this, request);
  if (user) {
    request.user = user;
    return;
  }
  await requireAdmin.call(this, request);
}

// For handlers behind requireUser: the acting user's id always comes from the token.
export function currentUser(request: FastifyRequest): AuthedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function currentAdmin(request: FastifyRequest): AuthedAdmin {
  if (!request.admin) throw unauthorized();
  return request.admin;
}
