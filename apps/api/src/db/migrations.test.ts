import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const work = mkdtempSync(path.join(tmpdir(), 'oja-migrations-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// The migrations folder as it stood before the migration `tag`: the same files, a shorter journal.
function folderBefore(tag: string): string {
  const folder = path.join(work, `before-${tag}`);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('0005: notifications become codes with parameters', () => {
  // A fresh PGlite migrated twice: slow on a machine busy with the rest of the suite.
  it(
    'converts the English sentences stored before, and keeps any other sentence as text',
    { timeout: 120_000 },
    async () => {
      // As db/client.ts opens it: later migrations need pg_trgm.
      const client = new PGlite({ extensions: { pg_trgm } });
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: folderBefore('0005_notifications-as-codes') });

      const seller = '11111111-1111-4111-8111-111111111111';
      const listing = '22222222-2222-4222-8222-222222222222';
      await client.exec(`
      insert into users (id, full_name, username, email, password_hash, ref_id)
        values ('${seller}', 'Ada Eze', 'adaeze', 'ada@oja.test', 'x', 'REF12345');
      insert into products (id, owner_id, title, description, category, condition, tag, specification, location, status)
        values ('${listing}', '${seller}', 'Blue "Ankara" shirt', 'd', 'Clothes', 'New', 'For sale', 's', 'Lagos', 'approved');
      insert into notifications (user_id, message) values
        ('${seller}', 'Your listing "Blue "Ankara" shirt" was approved and is now visible to buyers.'),
        ('${seller}', 'Your listing "Old lamp" was rejected. Reason: Blurry pictures.'),
        ('${seller}', 'Your listing "Old lamp" was rejected.'),
        ('${seller}', 'tunde joined using your referral link.'),
        ('${seller}', 'Welcome to Oja!');
      insert into admin_notifications (message) values
        ('New user registered: tunde'),
        ('New listing awaiting approval: "Blue "Ankara" shirt" by adaeze'),
        ('Something else');
    `);

      await migrate(db, { migrationsFolder });

      const users = await client.query<{ code: string; params: Record<string, string> }>(
        'select code, params from notifications order by code, params::text',
      );
      expect(users.rows).toEqual([
        { code: 'LISTING_APPROVED', params: { title: 'Blue "Ankara" shirt', productId: listing } },
        { code: 'LISTING_REJECTED', params: { title: 'Old lamp' } },
        { code: 'LISTING_REJECTED_WITH_REASON', params: { title: 'Old lamp', reason: 'Blurry pictures.' } },
        { code: 'REFERRAL_JOINED', params: { username: 'tunde' } },
        { code: 'TEXT', params: { text: 'Welcome to Oja!' } },
      ]);
      const admins = await client.query<{ code: string; params: Record<string, string> }>(
        'select code, params from admin_notifications order by code',
      );
      expect(admins.rows).toEqual([
        {
          code: 'LISTING_SUBMITTED',
          params: { title: 'Blue "Ankara" shirt', username: 'adaeze', productId: listing },
        },
        { code: 'TEXT', params: { text: 'Something else' } },
        { code: 'USER_REGISTERED', params: { username: 'tunde' } },
      ]);
      await client.close();
    },
  );
});
