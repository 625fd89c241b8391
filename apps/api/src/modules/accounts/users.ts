import { eq } from 'drizzle-orm';
import type { Language } from '@marketplace/shared/constants';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

// What other modules read of a user, one row by id (decision 062): the accounts module owns the `users`
// table, and another module asks these functions instead of querying it. Each takes the caller's
// transaction where it has one. A list that shows names joins `users` in its one statement (decision 020).

// The username shown to others (a deleted account's is deleted-…, decision 050); undefined when no such user.
export async function usernameOf(db: Database, userId: string): Promise<string | undefined> {
  const [user] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user?.username;
}

// A deleted account's new username (decision 050): deleted-…, a name nobody can choose.
export const deletedUsername = (userId: string) => `deleted-${userId.replaceAll('-', '').slice(0, 12)}`;

// Whether the user's account was deleted (decision 050).
export function isDeletedUsername(username: string): boolean {
  return username.startsWith('deleted-');
}

export type MailRecipient = { email: string; fullName: string; language: Language | null };

// Where and how to write to a user: the address, the name to greet, the language they read Oja in.
export async function mailRecipientOf(db: Database, userId: string): Promise<MailRecipient | undefined> {
  const [user] = await db
    .select({ email: users.email, fullName: users.fullName, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user;
}
