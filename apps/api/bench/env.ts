import { z } from 'zod';

// The benchmark's own settings, read once; the server's settings come from loadConfig (DATABASE_URL).
export const benchEnv = z
  .object({
    BENCH_LISTINGS: z.coerce.number().int().min(100).default(100_000),
    BENCH_SECONDS: z.coerce.number().int().min(1).default(10),
    // 1: write this run's figures to bench/last.json (the figures the next runs are compared with).
    BENCH_SAVE: z
      .enum(['0', '1'])
      .default('0')
      .transform((value) => value === '1'),
    // Which parts to run, comma-separated: startup (npm start to first answer), reads, web.
    BENCH_PARTS: z
      .string()
      .default('startup,reads,web')
      .transform((value) => value.split(',').map((part) => part.trim())),
  })
  .parse(process.env);

export const serverEnv = process.env;
