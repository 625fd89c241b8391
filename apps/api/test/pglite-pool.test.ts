import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { migrationStatus, queryRows, type DatabaseHandle } from '../src/db/client';
import { testEnv } from './env';
import { createTestDatabase } from './helper';
import { borrowPglite } from './pglite-pool';

const query = <T>(database: DatabaseHandle, text: string) => queryRows<T>(database.db, { text, values: [] });
const oneValue = async (database: DatabaseHandle, text: string) => (await query<{ value: unknown }>(database, text))[0]?.value;

// A transaction id only moves forward in one PGlite: a later borrower seeing a higher one got the same PGlite,
// reset, and not a fresh copy of the template.
const transactionId = async (database: DatabaseHandle) => BigInt(String(await oneValue(database, 'select txid_current()::text as value')));

const insertUser = (database: DatabaseHandle, name: string) =>
  query(
    database,
    `insert into users (full_name, username, email, password_hash, ref_id) values ('${name}', '${name}', '${name}@example.ng', 'x', 'ref-${name}')`,
  );

if (!testEnv.TEST_DATABASE_URL) {
  describe('the PGlite test databases, lent again within a worker (decision 039)', () => {
    const template = inject('pgliteTemplate');

    it("lends a closed PGlite again in the template's state: rows, sequences and session state", async () => {
      const first = await borrowPglite(template);
      await insertUser(first, 'ada');
      const firstEventId = await oneValue(first, `select nextval('public.events_id_seq')::int as value`);
      await query(first, 'set statement_timeout = 1234');
      await query(first, 'select pg_advisory_lock(42)');
      await query(first, 'create temp table scratch (n int)');
      let woken = 0;
      await first.listen('pool_test', { onNotify: () => (woken += 1), onReconnect: () => undefined, onError: () => undefined });
      const firstTransaction = await transactionId(first);
      await first.close();

      const second = await borrowPglite(template);
      try {
        expect(await transactionId(second)).toBeGreaterThan(firstTransaction);
        expect(await oneValue(second, 'select count(*)::int as value from users')).toBe(0);
        expect(await oneValue(second, `select nextval('public.events_id_seq')::int as value`)).toBe(firstEventId);
        expect(await oneValue(second, 'select current_setting($$statement_timeout$$) as value')).toBe('0');
        expect(await oneValue(second, `select count(*)::int as value from pg_locks where locktype = 'advisory'`)).toBe(0);
        expect(await oneValue(second, `select to_regclass('pg_temp.scratch')::text as value`)).toBeNull();
        await query(second, 'notify pool_test');
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(woken).toBe(0);
      } finally {
        await second.close();
      }
    });

    it('fails every use once closed, as a closed PGlite does', async () => {
      const database = await borrowPglite(template);
      await database.close();
      await expect(query(database, 'select 1')).rejects.toThrow('PGlite is closed');
      await database.close();
    });

    it('never lends again a PGlite whose schema or migrations journal changed, or that was left in a transaction', async () => {
      const changes = [
        'create table stray (n int)',
        'delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)',
        'begin',
      ];
      for (const change of changes) {
        const changed = await borrowPglite(template);
        await insertUser(changed, 'grace');
        await query(changed, change);
        await changed.close();

        const next = await borrowPglite(template);
        try {
          expect(await oneValue(next, `select to_regclass('public.stray')::text as value`)).toBeNull();
          const status = await migrationStatus(next.db);
          expect(status.applied).toBe(status.expected);
          expect(await oneValue(next, 'select count(*)::int as value from users')).toBe(0);
        } finally {
          await next.close();
        }
      }
    });

    it("puts back a template's own rows and sequence positions, without running their triggers again", async () => {
      // A template with rows: a seller and a listing, whose triggers wrote its card and its title's postings.
      const base = await borrowPglite(template);
      await insertUser(base, 'seller');
      await query(
        base,
        `insert into products (owner_id, title, description, specification, category, condition, tag, price, location, status)
         select id, 'Ankara dress', 'Worn twice.', 'Size 12', 'Clothes', 'Fairly Used', 'For sale', 8000, 'Lagos', 'approved' from users`,
      );
      await query(base, `select nextval('public.events_id_seq'), nextval('public.events_id_seq')`);
      const directory = mkdtempSync(path.join(tmpdir(), 'oja-seeded-template-'));
      const seededTemplate = path.join(directory, 'seeded.tar');
      const dump = await (base.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
      writeFileSync(seededTemplate, Buffer.from(await dump.arrayBuffer()));
      await base.close();

      const snapshot = (database: DatabaseHandle) =>
        query(
          database,
          `select (select json_agg(u order by u.id) from users u)::text as users,
             (select json_agg(p order by p.id) from products p)::text as products,
             (select json_agg(t order by t::text) from title_word_postings t)::text as postings,
             (select s.last_value || '/' || s.is_called from public.events_id_seq s) as events_sequence`,
        );
      try {
        const seeded = await borrowPglite(seededTemplate);
        const asDumped = await snapshot(seeded);
        expect(asDumped[0]).toMatchObject({ users: expect.any(String), products: expect.stringContaining('Ankara dress'), postings: expect.any(String), events_sequence: expect.stringMatching(/\/true$/) });
        await query(seeded, `update users set full_name = 'Renamed'`);
        await query(seeded, 'delete from products');
        await insertUser(seeded, 'buyer');
        await query(seeded, `select nextval('public.events_id_seq')`);
        const seededTransaction = await transactionId(seeded);
        await seeded.close();

        const again = await borrowPglite(seededTemplate);
        try {
          expect(await transactionId(again)).toBeGreaterThan(seededTransaction);
          expect(await snapshot(again)).toEqual(asDumped);
        } finally {
          await again.close();
        }
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    });
  });
} else {
  describe('the PostgreSQL test databases', () => {
    it('drops a test database once it is closed', async () => {
      const database = await createTestDatabase();
      await database.close();
      const client = new pg.Client({ connectionString: database.url });
      await expect(client.connect()).rejects.toMatchObject({ code: '3D000' });
    });
  });
}
