import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';
import { MetricsUnavailable } from './plugins/metrics';

// WEB_CONCURRENCY=N: the primary process forks N API processes (node:cluster) that share the port; the
// operating system hands each new connection to one of them. Nothing that must be shared lives in one
// process's memory (docs/decisions/019): sessions are tokens, limits count in PostgreSQL or Redis,
// checkout holds and jobs take row or advisory locks; only the micro-cache is per process.

const METRICS_REQUEST = 'oja:metrics-request';
const METRICS_REPLY = 'oja:metrics-reply';
// A worker that dies is started again after RESTART_DELAY_MS, doubled for every round of failed starts (as
// many deaths as workers; a death before listening, or within QUICK_EXIT_MS of starting, is one), up to
// RESTART_DELAY_MAX_MS: a crash loop must not spin. A worker that listened and lived longer resets the count.
// When none has ever listened and the deaths reach GIVE_UP_ROUNDS rounds (a port in use, a bad setting), the
// primary gives up: restarting cannot help.
const RESTART_DELAY_MS = 1000;
const RESTART_DELAY_MAX_MS = 30_000;
const QUICK_EXIT_MS = 10_000;
const GIVE_UP_ROUNDS = 3;

type Log = { info: (message: string) => void; error: (message: string) => void };

// stopTimeoutMs: how long the workers may take to stop after SIGTERM before the primary exits anyway;
// onListening: once, when the first worker listens.
export function runPrimary({
  workers,
  stopTimeoutMs,
  log,
  onListening,
}: {
  workers: number;
  stopTimeoutMs: number;
  log: Log;
  onListening: () => void;
}) {
  let stopping = false;
  let hasListened = false;
  let failedStarts = 0;
  const startedAt = new Map<number, number>();
  const listened = new Set<number>();
  const aggregator = new AggregatorRegistry();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };

  cluster.on('listening', (worker) => {
    listened.add(worker.id);
    if (hasListened) return;
    hasListened = true;
    onListening();
  });

  // A worker asks for the metrics of all workers (GET /api/metrics answered by any of them).
  cluster.on('message', (worker: Worker, message: { type?: string; id?: number }) => {
    if (message.type !== METRICS_REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: METRICS_REPLY, id: message.id, text }),
      (error: unknown) => worker.send({ type: METRICS_REPLY, id: message.id, error: String(error) }),
    );
  });

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    const failedStart = !listened.has(worker.id) || lived < QUICK_EXIT_MS;
    startedAt.delete(worker.id);
    listened.delete(worker.id);
    if (!failedStart) failedStarts = 0;
    const rounds = Math.floor(failedStarts / workers);
    if (failedStart) failedStarts++;
    const ended = `API process ${worker.process.pid} ended (${signal ?? `code ${code}`})`;
    if (!hasListened && failedStarts >= workers * GIVE_UP_ROUNDS) {
      log.error(
        `${ended}; the API processes keep ending before they listen (see above), so no more are started`,
      );
      process.exit(1);
    }
    const delay = Math.min(RESTART_DELAY_MS * 2 ** rounds, RESTART_DELAY_MAX_MS);
    log.error(`${ended}; starting another in ${delay / 1000} s`);
    // Not unref'd: with every worker gone, this timer is what keeps the primary alive to start another.
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  for (let index = 0; index < workers; index++) fork();

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, stopping ${Object.keys(cluster.workers ?? {}).length} API processes`);
    setTimeout(() => process.exit(1), stopTimeoutMs).unref();
    // Each worker drains its requests and jobs (server.ts) and exits; the primary ends with the last one.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    const check = setInterval(() => {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        clearInterval(check);
        process.exit(0);
      }
    }, 50);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

// In a worker: answers the primary's collection with this process's registry, and renders the sum over
// all workers by asking the primary.
export function clusterMetricsRender(registry: Registry): () => Promise<string> {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one adds the worker's listener for the primary's collection requests.
  new AggregatorRegistry();
  let nextId = 0;
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  process.on('message', (message: { type?: string; id?: number; text?: string; error?: string }) => {
    if (message.type !== METRICS_REPLY || message.id === undefined) return;
    const request = waiting.get(message.id);
    if (!request) return;
    waiting.delete(message.id);
    if (message.error !== undefined) request.reject(new MetricsUnavailable(message.error));
    else request.resolve(message.text ?? '');
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new MetricsUnavailable('the primary process did not answer with the metrics'));
      }, 6000);
      waiting.set(id, {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      process.send?.({ type: METRICS_REQUEST, id });
    });
}

export const isClusterWorker = () => cluster.isWorker;
