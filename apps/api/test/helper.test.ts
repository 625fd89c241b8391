import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../src/db/client';
import { createTestDatabase, keptPgliteCount } from './helper';
import { testEnv } from './env';

// Every test file starts from the migrated template, whatever the files before it wrote: on PostgreSQL a new
// database each time; on PGlite the worker's previous file's database, emptied (decision 095).
async function writeSomething(database: DatabaseHandle) {
  await database.db.execute(
    sql`insert into impact_changes (category, kind, items) values ('phones', 'sold', 1), ('phones', 'given', 1)`,
  );
}

async function countAndNextId(database: DatabaseHandle) {
  const [counted] = await queryRows<{ count: number }>(database.db, {
    text: 'select count(*)::int as count from impact_changes',
    values: [],
  });
  const [inserted] = await queryRows<{ id: number }>(database.db, {
    text: `insert into impact_changes (category, kind, items) values ('shoes', 'sold', 1) returning id::int as id`,
    values: [],
  });
  return { count: counted?.count, nextId: inserted?.id };
}

describe('test databases', () => {
  it('start empty, their sequences at 1, after another file wrote and closed its own', async () => {
    const first = await createTestDatabase();
    await writeSomething(first);
    await first.close();

    const second = await createTestDatabase();
    try {
      expect(await countAndNextId(second)).toEqual({ count: 0, nextId: 1 });
    } finally {
      await second.close();
    }
  });
});

if (!testEnv.TEST_DATABASE_URL) {
  describe('PGlite test databases, handed from file to file', () => {
    it('are kept once closed and handed out again', async () => {
      const first = await createTestDatabase();
      const kept = keptPgliteCount();
      await first.close();
      expect(keptPgliteCount()).toBe(kept + 1);
      const second = await createTestDatabase();
      expect(keptPgliteCount()).toBe(kept);
      await second.close();
    });

    it('fail every query through a closed handle, as a closed PGlite does, while the next file uses it', async () => {
      const first = await createTestDatabase();
      await first.close();
      const second = await createTestDatabase();
      try {
        // Drizzle wraps the driver's error: the cause is what PGlite itself says.
        await expect(first.db.execute(sql`select 1`)).rejects.toHaveProperty(
          'cause.message',
          'PGlite is closed',
        );
        expect(await queryRows(second.db, { text: 'select 1 as one', values: [] })).toEqual([{ one: 1 }]);
      } finally {
        await second.close();
      }
    });

    it('stop the listeners of the file that closed them', async () => {
      const first = await createTestDatabase();
      const heard: string[] = [];
      const handlers = { onReconnect: () => undefined, onError: () => undefined };
      await first.listen('oja_helper_test', { ...handlers, onNotify: () => heard.push('first') });
      await first.close();
      const second = await createTestDatabase();
      try {
        await second.listen('oja_helper_test', { ...handlers, onNotify: () => heard.push('second') });
        await second.db.execute(sql`notify oja_helper_test`);
        await expect.poll(() => heard).toEqual(['second']);
      } finally {
        await second.close();
      }
    });

    it('are not kept when a file changed the schema', async () => {
      const first = await createTestDatabase();
      await first.db.execute(sql`create table helper_scratch (id int)`);
      const kept = keptPgliteCount();
      await first.close();
      expect(keptPgliteCount()).toBe(kept);
      const second = await createTestDatabase();
      try {
        await expect(second.db.execute(sql`select * from helper_scratch`)).rejects.toHaveProperty(
          'cause.message',
          'relation "helper_scratch" does not exist',
        );
      } finally {
        await second.close();
      }
    });
  });
}
