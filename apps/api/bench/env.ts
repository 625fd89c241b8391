import { z } from 'zod';

// The benchmark's own settings, read once; the server's settings come from loadConfig (DATABASE_URL).
export const benchEnv = z
  .object({
    BENCH_LISTINGS: z.coerce.number().int().min(100).default(100_000),
    BENCH_SECONDS: z.coerce.number().int().min(1).default(10),
  })
  .parse(process.env);

export const serverEnv = process.env;
