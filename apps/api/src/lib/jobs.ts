import type { FastifyBaseLogger } from 'fastify';

// Background work that runs every so often in each API process (the checkout-hold sweep). A run never
// overlaps the previous one; stopping waits for the run under way, so a graceful shutdown never cuts a
// job's transaction in half. Several processes may run the same job at once: each job takes its rows
// with row locks (SKIP LOCKED) or an advisory lock itself.
export type JobStats = {
  name: string;
  runs: number;
  failures: number;
  items: number;
  running: boolean;
  lastRunSeconds: number;
};

export type PeriodicJob = {
  name: string;
  // Runs now (unless stopped or already running) and resolves when that run ends.
  runNow: () => Promise<void>;
  stop: () => Promise<void>;
  stats: () => JobStats;
};

export function startPeriodicJob({
  name,
  everyMs,
  run,
  log,
}: {
  name: string;
  everyMs: number;
  // Resolves with the number of items handled (rows swept, bookings sent), for the metrics.
  run: () => Promise<number>;
  log: FastifyBaseLogger;
}): PeriodicJob {
  const stats: JobStats = { name, runs: 0, failures: 0, items: 0, running: false, lastRunSeconds: 0 };
  let stopped = false;
  let current: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void runNow(), everyMs);
    timer.unref();
  };

  function runNow(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (current) return current;
    clearTimeout(timer);
    stats.running = true;
    const started = performance.now();
    current = run()
      .then(
        (items) => {
          stats.runs += 1;
          stats.items += items;
        },
        (error: unknown) => {
          stats.runs += 1;
          stats.failures += 1;
          log.error({ err: error, job: name }, `job ${name} failed`);
        },
      )
      .finally(() => {
        stats.running = false;
        stats.lastRunSeconds = (performance.now() - started) / 1000;
        current = undefined;
        schedule();
      });
    return current;
  }

  schedule();
  return {
    name,
    runNow,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
    stats: () => ({ ...stats }),
  };
}

// The jobs of one app: `stopAll` runs when the app closes, before the database is.
export type JobRegistry = {
  add: (job: PeriodicJob) => PeriodicJob;
  all: () => PeriodicJob[];
  stopAll: () => Promise<void>;
};

export function createJobRegistry(): JobRegistry {
  const jobs: PeriodicJob[] = [];
  return {
    add(job) {
      jobs.push(job);
      return job;
    },
    all: () => [...jobs],
    async stopAll() {
      await Promise.all(jobs.map((job) => job.stop()));
    },
  };
}
