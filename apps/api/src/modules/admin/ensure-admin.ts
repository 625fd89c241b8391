import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { admins } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../lib/passwords';

// Creates that admin, or updates its password (ending its sessions when the password changed).
export async function ensureAdmin({
  db,
  email,
  password,
}: {
  db: Database;
  email: string;
  password: string;
}) {
  const normalized = email.trim().toLowerCase();
  const [existing] = await db
    .select()
    .from(admins)
    .where(sql`lower(${admins.email}) = ${normalized}`)
    .limit(1);
  if (!existing) {
    const [created] = await db
      .insert(admins)
      .values({ email: normalized, passwordHash: await hashPassword(password) })
      .returning();
    return created;
  }
  if (await verifyPassword(password, existing.passwordHash)) return existing;
  const [updated] = await db
    .update(admins)
    .set({ passwordHash: await hashPassword(password), tokenVersion: sql`${admins.tokenVersion} + 1` })
    .where(sql`${admins.id} = ${existing.id}`)
    .returning();
  return updated;
}
