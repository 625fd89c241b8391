import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';

// A small job queue kept in PostgreSQL (DESIGN.md, scale): jobs survive a restart, and each due job is
// taken by exactly one of any number of API processes (SELECT ... FOR UPDATE SKIP LOCKED). A taken job is
// leased: when its process dies, the lease runs out and another process takes it again. A failed run is
// retried later with exponential back-off until `maxAttempts`; then the job is failed for good and its
// handler's `onGiveUp` runs once.

export type JobLog = {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

export type JobRun = { jobId: string; attempt: number; maxAttempts: number; log: JobLog };

// What a successful run may ask for: to run again later (a poll), instead of being done.
export type JobOutcome = void | { runAgainInSeconds: number };

export type JobHandler = {
  run: (payload: Record<string, unknown>, run: JobRun) => Promise<JobOutcome>;
  // An error retrying cannot cure: the job gives up at once.
  isPermanent?: (error: unknown) => boolean;
  // Once, when the job has failed for good.
  onGiveUp?: (payload: Record<string, unknown>, run: JobRun & { error: unknown }) => Promise<void>;
};

export type JobRunnerOptions = {
  db: Database;
  log: JobLog;
  handlers: Record<string, JobHandler>;
  // How long a taken job is its process's; a run that outlives it may be taken again.
  leaseSeconds: number;
  // The first retry waits this long, each next one twice as long, at most `retryMaxSeconds`.
  retryBaseSeconds: number;
  retryMaxSeconds: number;
  batchSize?: number;
};

// The app polls `runDue` as one of its periodic jobs (lib/jobs.ts); tests call it themselves.
export type JobRunner = {
  // Takes and runs the jobs due now, batch after batch, until none is due; how many ran.
  runDue: () => Promise<number>;
  // Takes no further job and waits for the ones running to finish.
  stop: () => Promise<void>;
};
type Executor = Pick<Database, 'insert'>;

export type NewJob = {
  kind: string;
  payload: Record<string, unknown>;
  // One job per key: enqueueing a key that exists changes nothing.
  key?: string;
  delaySeconds?: number;
  maxAttempts?: number;
};

// Enqueues a job; inside the caller's transaction when given one, so the job exists exactly when the
// change that asked for it does.
export async function enqueueJob(db: Executor, job: NewJob): Promise<void> {
  await db
    .insert(jobs)
    .values({
      kind: job.kind,
      key: job.key ?? null,
      payload: job.payload,
      maxAttempts: job.maxAttempts ?? 5,
      runAt: sql`now() + make_interval(secs => ${job.delaySeconds ?? 0})`,
    })
    .onConflictDoNothing({ target: jobs.key });
}

export function retryDelaySeconds(attempt: number, baseSeconds: number, maxSeconds: number): number {
  return Math.min(maxSeconds, baseSeconds * 2 ** Math.max(0, attempt - 1));
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log, handlers } = options;
  const batchSize = options.batchSize ?? 5;
  let isStopping = false;
  let current: Promise<unknown> = Promise.resolve();

  async function claim() {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            inArray(jobs.kind, Object.keys(handlers)),
            or(
              and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)),
              and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`)),
            ),
          ),
        )
        .orderBy(jobs.runAt)
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(jobs)
        .set({
          status: 'running',
          attempts: sql`${jobs.attempts} + 1`,
          lockedUntil: sql`now() + make_interval(secs => ${options.leaseSeconds})`,
        })
        .where(
          inArray(
            jobs.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  // Only the run that holds the job may settle it (not one whose lease ran out and was taken again).
  const stillOurs = (job: typeof jobs.$inferSelect) =>
    and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts));

  async function runOne(job: typeof jobs.$inferSelect) {
    const handler = handlers[job.kind];
    if (!handler) return;
    const run: JobRun = { jobId: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts, log };
    try {
      const outcome = await handler.run(job.payload, run);
      if (outcome && outcome.runAgainInSeconds >= 0) {
        // A poll is not a failure: its attempts start again.
        await db
          .update(jobs)
          .set({
            status: 'queued',
            attempts: 0,
            lockedUntil: null,
            lastError: null,
            runAt: sql`now() + make_interval(secs => ${outcome.runAgainInSeconds})`,
          })
          .where(stillOurs(job));
      } else {
        await db
          .update(jobs)
          .set({ status: 'done', lockedUntil: null, lastError: null })
          .where(stillOurs(job));
      }
    } catch (error) {
      const isFinal = job.attempts >= job.maxAttempts || handler.isPermanent?.(error) === true;
      if (!isFinal) {
        const delay = retryDelaySeconds(job.attempts, options.retryBaseSeconds, options.retryMaxSeconds);
        log.warn(
          { err: error, jobId: job.id, kind: job.kind, attempt: job.attempts, retryInSeconds: delay },
          'job failed; it will be retried',
        );
        await db
          .update(jobs)
          .set({
            status: 'queued',
            lockedUntil: null,
            lastError: describe(error),
            runAt: sql`now() + make_interval(secs => ${delay})`,
          })
          .where(stillOurs(job));
        return;
      }
      log.error({ err: error, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed for good');
      const [failed] = await db
        .update(jobs)
        .set({ status: 'failed', lockedUntil: null, lastError: describe(error) })
        .where(stillOurs(job))
        .returning({ id: jobs.id });
      if (failed && handler.onGiveUp) await handler.onGiveUp(job.payload, { ...run, error });
    }
  }

  async function runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      if (isStopping) return ran;
      const batch = await claim();
      for (const job of batch) {
        await runOne(job).catch((error: unknown) =>
          log.error({ err: error, jobId: job.id }, 'job bookkeeping failed'),
        );
        ran += 1;
      }
      if (batch.length < batchSize) return ran;
    }
  }

  return {
    runDue: () => {
      const running = current.then(runDue);
      current = running.catch(() => undefined);
      return running;
    },
    async stop() {
      isStopping = true;
      await current;
    },
  };
}
