import { z } from 'zod';

// The test suite's own settings, read once: TEST_DATABASE_URL runs the API suite on a real PostgreSQL.
export const testEnv = z
  .object({
    TEST_DATABASE_URL: z.string().url().optional(),
    // The Redis the Redis tests use; unset, one on this machine at 127.0.0.1:6379 if it runs (decision 019).
    REDIS_URL: z.string().url().optional(),
    // Where PostgreSQL's server programs are, for the tests that run a cluster of their own (own-postgres.ts).
    POSTGRES_BIN: z.string().default('/usr/lib/postgresql/15/bin'),
    // Handed on to the servers a test spawns (spawn-server.ts), so they find node's tools.
    PATH: z.string().default(''),
  })
  .parse(process.env);
