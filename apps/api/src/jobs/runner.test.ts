import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { buildTestApp, type TestApp } from '../../test/helper';
import { createJobRunner, enqueueJob, retryDelaySeconds, type JobHandler } from './runner';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const silent = { info: () => {}, warn: () => {}, error: () => {} };

function runnerWith(handlers: Record<string, JobHandler>) {
  return createJobRunner({
    db: testApp.app.db,
    log: silent,
    handlers,
    leaseSeconds: 60,
    retryBaseSeconds: 0,
    retryMaxSeconds: 0,
  });
}

async function statusOf(key: string) {
  const [job] = await testApp.app.db.select().from(jobs).where(eq(jobs.key, key));
  return job?.status;
}

describe('the job runner', () => {
  it('doubles the wait between tries, up to a ceiling', () => {
    expect([1, 2, 3, 4, 10].map((attempt) => retryDelaySeconds(attempt, 30, 600))).toEqual([
      30, 60, 120, 240, 600,
    ]);
  });

  it('enqueues a key once, and runs each job once', async () => {
    const seen: unknown[] = [];
    const runner = runnerWith({
      'test-once': {
        run: (payload) => {
          seen.push(payload.n);
          return Promise.resolve();
        },
      },
    });
    await enqueueJob(testApp.app.db, { kind: 'test-once', key: 'once:1', payload: { n: 1 } });
    await enqueueJob(testApp.app.db, { kind: 'test-once', key: 'once:1', payload: { n: 2 } });
    await runner.runDue();
    await runner.runDue();
    expect(seen).toEqual([1]);
    expect(await statusOf('once:1')).toBe('done');
  });

  it('stops cleanly: the job running finishes, and nothing more is taken', async () => {
    let finishSlow = () => {};
    const started: string[] = [];
    const finished: string[] = [];
    const runner = runnerWith({
      'test-slow': {
        run: async (payload) => {
          started.push(String(payload.name));
          if (payload.name === 'first') await new Promise<void>((resolve) => (finishSlow = resolve));
          finished.push(String(payload.name));
        },
      },
    });
    await enqueueJob(testApp.app.db, { kind: 'test-slow', key: 'slow:first', payload: { name: 'first' } });
    const running = runner.runDue();
    while (started.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await enqueueJob(testApp.app.db, { kind: 'test-slow', key: 'slow:second', payload: { name: 'second' } });
    const stopping = runner.stop();
    finishSlow();
    await stopping;
    expect(finished).toEqual(['first']);
    expect(await running).toBe(1);
    // Stopped: a later call takes nothing.
    expect(await runner.runDue()).toBe(0);
    expect(await statusOf('slow:first')).toBe('done');
    // Still queued, for the next process (it survives the restart).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await statusOf('slow:second')).toBe('queued');
  });
});
