import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { users } from '../schema';
import { hashPassword } from '../../lib/passwords';
import { newRefId } from '../../modules/referrals/ref-id';

export type DemoUser = { fullName: string; username: string; email: string; password: string };

// Fixed, printed passwords: this is demo data for a laptop, off by default on a real database.
export const demoUsers: DemoUser[] = [
  { fullName: 'Adaeze Okafor', username: 'adaeze', email: 'adaeze@demo.oja.ng', password: 'demo-password-1' },
  { fullName: 'Tunde Bakare', username: 'tunde', email: 'tunde@demo.oja.ng', password: 'demo-password-2' },
  { fullName: 'Hauwa Musa', username: 'hauwa', email: 'hauwa@demo.oja.ng', password: 'demo-password-3' },
];

// Seeds an empty database only; returns the demo accounts that exist, to print them.
export async function seedDemoData({ db }: { db: Database }): Promise<DemoUser[]> {
  const [count] = await db.select({ value: sql<number>`count(*)::int` }).from(users);
  if ((count?.value ?? 0) === 0) {
    for (const user of demoUsers) {
      await db.insert(users).values({
        fullName: user.fullName,
        username: user.username,
        email: user.email,
        passwordHash: await hashPassword(user.password),
        refId: newRefId(),
      });
    }
  }
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(sql`${users.email} in ${demoUsers.map((user) => user.email)}`);
  const existingEmails = new Set(existing.map((row) => row.email));
  return demoUsers.filter((user) => existingEmails.has(user.email));
}
