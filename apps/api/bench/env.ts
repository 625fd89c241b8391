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
    // 1: keep a database an earlier run filled with at least BENCH_LISTINGS bench listings (a million take
    // minutes to write); point DATABASE_URL at a database of its own, e.g. oja_bench_1m.
    BENCH_REUSE: z
      .enum(['0', '1'])
      .default('0')
      .transform((value) => value === '1'),
    // Which parts to run, comma-separated: startup (npm start to first answer), reads, web; fill: only fill.
    BENCH_PARTS: z
      .string()
      .default('startup,reads,web')
      .transform((value) => value.split(',').map((part) => part.trim())),
  })
  .parse(process.env);

export const serverEnv = process.env;
