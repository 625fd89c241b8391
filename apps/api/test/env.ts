import { z } from 'zod';

// The test suite's own settings, read once: TEST_DATABASE_URL runs the API suite on a real PostgreSQL.
export const testEnv = z
  .object({
    TEST_DATABASE_URL: z.string().url().optional(),
    // The Redis the Redis tests use; unset, one on this machine at 127.0.0.1:6379 if it runs (decision 019).
    REDIS_URL: z.string().url().optional(),
  })
  .parse(process.env);
