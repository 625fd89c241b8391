// npm run bench: fills a database (PostgreSQL from DATABASE_URL, else PGlite) with 100,000 approved
// listings, runs the real server, and measures the public reads with autocannon next to a route of the
// same server that returns a fixed JSON body of the same size. Then it weighs the built web app.
// It prints figures; it asserts nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { defaultRateLimits, loadConfig } from '../src/config';
import { microTime } from '../src/db/card-sql';
import { openDatabase, queryRows } from '../src/db/client';
import { encodeCursor } from '../src/lib/cursor';
import { signToken, type TokenClaims } from '../src/lib/tokens';
import { benchIsFilled, fillBench } from './fill';
import { benchEnv, serverEnv } from './env';
import { startTwoProcesses } from './cluster';
import { measureStartup } from './startup';

const LISTINGS = benchEnv.BENCH_LISTINGS;
const DURATION_SECONDS = benchEnv.BENCH_SECONDS;
const CONNECTIONS = 32;
const ADMIN_CONNECTIONS = 4;

const dataDir = mkdtempSync(path.join(tmpdir(), 'oja-bench-'));
const config = {
  ...loadConfig({
    ...serverEnv,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_DATA: '0',
    PORT: '0',
    HOST: '127.0.0.1',
  }),
  // The benchmark is one address sending as fast as it can.
  rateLimits: { ...defaultRateLimits, general: { max: 1e9, windowMs: 60_000 } },
};

async function fill() {
  // Bulk statements (20,000 rows at a time, vacuum analyze) may run past the API's 30 s statement limit.
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, statementTimeoutMs: 0 });
  const { db } = database;
  if (benchEnv.BENCH_REUSE && (await benchIsFilled(db, LISTINGS))) {
    console.log(
      `database: ${database.kind}; reusing its ${LISTINGS.toLocaleString()} bench listings (BENCH_REUSE=1)`,
    );
  } else {
    console.log(`database: ${database.kind}; filling ${LISTINGS.toLocaleString()} approved listings...`);
    const started = Date.now();
    await fillBench({ db, listings: LISTINGS, dataDir });
    console.log(`filled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (database.kind === 'postgres') {
    const [size] = await queryRows<{ size: string }>(db, {
      text: 'select pg_size_pretty(pg_database_size(current_database())) as size',
      values: [],
    });
    console.log(`database size: ${size?.size}`);
  }
  await database.close();
}

type Result = { requests: number; p50: number; p99: number };
type Figure = Result & { ratio: number };

// The figures of the last committed run, to print each figure's change against; BENCH_SAVE=1 writes this
// run's figures there (commit them with the change that made them).
const lastPath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'last.json');
const lastFigures: Record<string, Record<string, Figure>> = existsSync(lastPath)
  ? (JSON.parse(readFileSync(lastPath, 'utf8')) as Record<string, Record<string, Figure>>)
  : {};
const figures: Record<string, Record<string, Figure>> = {};

function change(now: number, before: number | undefined, lowerIsBetter = false): string {
  if (before === undefined || before === 0) return '';
  const percent = ((now - before) / before) * 100;
  const sign = percent >= 0 ? '+' : '';
  const better = lowerIsBetter ? percent < 0 : percent > 0;
  return `${sign}${percent.toFixed(0)}%${Math.abs(percent) >= 5 ? (better ? ' better' : ' worse') : ''}`;
}

// With `steady` (a turn of measureBesideBaseline), what the run's first STEADY_AFTER_MS answer is left out: its
// 32 connections start at once and queue for the pool's few; the requests a second and the latencies (2xx, into
// `steady.times`, as autocannon's own) are of the rest.
const STEADY_AFTER_MS = 500;
async function measure(
  name: string,
  url: string,
  connections = CONNECTIONS,
  headers?: Record<string, string>,
  duration = DURATION_SECONDS,
  steady?: { times: number[] },
): Promise<Result> {
  let counted = 0;
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      { url, connections, duration, pipelining: 1, ...(headers ? { headers } : {}) },
      (error, finished) => (error ? reject(error as Error) : resolve(finished)),
    );
    if (steady)
      run.on('response', (_client, status, _bytes, responseTime) => {
        if (status < 200 || status >= 300 || performance.now() - started < STEADY_AFTER_MS) return;
        counted += 1;
        steady.times.push(responseTime);
      });
  });
  if (result.non2xx > 0 || result.errors > 0)
    console.warn(`  ${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const steadySeconds = result.duration - STEADY_AFTER_MS / 1000;
  return {
    requests: steady ? counted / steadySeconds : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

// The route and the baseline in an even number of turns of about SLICE_SECONDS, DURATION_SECONDS each in all,
// the order of each pair swapped every other turn (baseline, route; route, baseline; …): the machine's speed
// drifts within a run (the baseline moved from 4,378 to 7,074 requests a second in one, and by a third within
// 15 s in another), and both are then measured across the same stretch of it, a steady drift cancelling out
// (decision 089). The ratio divides the route's requests by the baseline's; p50 and p99 are of every 2xx
// response of the route's turns once each turn's connections have started (`steady` in measure).
const SLICE_SECONDS = 2.5;
async function measureBesideBaseline(
  name: string,
  url: string,
  baselineUrl: string,
  connections: number,
  headers?: Record<string, string>,
): Promise<{ route: Result; baseline: { requests: number; slices: number[] } }> {
  const turns = Math.max(2, 2 * Math.round(DURATION_SECONDS / (2 * SLICE_SECONDS)));
  const seconds = Math.max((2 * STEADY_AFTER_MS) / 1000, DURATION_SECONDS / turns);
  const routes: number[] = [];
  const baselines: number[] = [];
  const times: number[] = [];
  for (let turn = 0; turn < turns; turn++) {
    const measureBaseline = async () =>
      baselines.push(
        (await measure('baseline', baselineUrl, CONNECTIONS, undefined, seconds, { times: [] })).requests,
      );
    const measureRoute = async () =>
      routes.push((await measure(name, url, connections, headers, seconds, { times })).requests);
    if (turn % 2 === 0) {
      await measureBaseline();
      await measureRoute();
    } else {
      await measureRoute();
      await measureBaseline();
    }
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const sorted = times.sort((a, b) => a - b);
  return {
    route: { requests: mean(routes), p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) },
    baseline: { requests: mean(baselines), slices: baselines },
  };
}

async function main() {
  const parts = benchEnv.BENCH_PARTS;
  if (parts.includes('startup')) await measureStartup();
  // fill: only fill the database (BENCH_PARTS=fill), to study plans with npm run bench:explain.
  if (parts.includes('fill') && !parts.includes('reads')) await fill();
  if (parts.includes('reads')) {
    await fill();
    // Twice: as deployed (public reads micro-cached for PUBLIC_CACHE_MS, 2 s by default) and with the
    // cache off, so that the database path is measured too.
    for (const publicCacheMs of [config.publicCacheMs, 0]) await measureServer(publicCacheMs);
    if (benchEnv.BENCH_SAVE) {
      writeFileSync(
        lastPath,
        `${JSON.stringify({ ...figures, listings: LISTINGS, measuredAt: new Date().toISOString() }, null, 2)}\n`,
      );
      console.log(`\nfigures written to ${path.relative(process.cwd(), lastPath)}`);
    }
  }
  if (parts.includes('web')) weighWebApp();
  rmSync(dataDir, { recursive: true, force: true });
}

async function measureServer(publicCacheMs: number) {
  const app = await buildApp({ config: { ...config, publicCacheMs }, logger: false });
  // The baseline: a route of the same server answering a fixed JSON body of the same size.
  let baselineBody = '';
  app.get('/bench/baseline', async (_request, reply) => reply.type('application/json').send(baselineBody));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const home = await (await fetch(`${base}/api/products`)).text();
  const firstId = (JSON.parse(home) as { data: { id: string }[] }).data[0]?.id;
  const routes: [string, string, Record<string, string>?][] = [
    ['home list (GET /api/products)', `${base}/api/products`],
    ['category (GET /api/products?category=Electronics)', `${base}/api/products?category=Electronics`],
    ['search (GET /api/products?q=samsung pho)', `${base}/api/products?q=samsung%20pho`],
    // A one-letter prefix and a word nearly every listing has: the most matches a search can have.
    ['search, one letter (GET /api/products?q=s)', `${base}/api/products?q=s`],
    ['search, common word (GET /api/products?q=good)', `${base}/api/products?q=good`],
    ['search, misspelt (GET /api/products?q=samsng)', `${base}/api/products?q=samsng`],
    ['product page (GET /api/products/:id)', `${base}/api/products/${firstId}`],
  ];
  // The admin's lists (never cached): the first page and one at the far end of each (issue 34).
  if (publicCacheMs === 0) routes.push(...(await adminRoutes(app, base)));

  const mode = publicCacheMs > 0 ? 'cached' : 'uncached';
  const before = lastFigures[mode] ?? {};
  figures[mode] = {};
  console.log(
    `\npublic micro-cache ${publicCacheMs > 0 ? `on (${publicCacheMs} ms)` : 'off'}; autocannon: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`,
  );
  console.log(
    `(changes against apps/api/bench/last.json, a run of ${(lastFigures.listings as unknown as number | undefined)?.toLocaleString() ?? '100,000'} listings)\n`,
  );
  // WEB_CONCURRENCY=2: the same routes served by two API processes (PostgreSQL only).
  const two = config.databaseUrl
    ? await startTwoProcesses({ databaseUrl: config.databaseUrl, publicCacheMs })
    : undefined;
  console.log(
    'route'.padEnd(52),
    'req/s'.padStart(8),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'bytes'.padStart(8),
    'baseline req/s'.padStart(15),
    'ratio'.padStart(7),
    'ratio change'.padStart(16),
    'last.json ratio'.padStart(16),
    'p99 change'.padStart(16),
    '2 processes req/s'.padStart(18),
  );
  for (const [name, url, headers] of routes) {
    baselineBody = await (await fetch(url, { headers })).text();
    // Admins are a handful of people: their lists are measured with ADMIN_CONNECTIONS.
    const { route, baseline } = await measureBesideBaseline(
      name,
      url,
      `${base}/bench/baseline`,
      headers ? ADMIN_CONNECTIONS : CONNECTIONS,
      headers,
    );
    // The admin's token is signed with this process's secret; the two processes have their own.
    const twoProcesses =
      two && !headers
        ? (
            await measure(`${name}, 2 processes`, url.replace(base, two.base), CONNECTIONS, headers)
          ).requests.toFixed(0)
        : two
          ? 'n/a'
          : 'n/a (PGlite)';
    const ratio = route.requests / baseline.requests;
    figures[mode][name] = { ...route, ratio: Number(ratio.toFixed(3)) };
    console.log(
      name.padEnd(52),
      route.requests.toFixed(0).padStart(8),
      route.p50.toFixed(1).padStart(8),
      route.p99.toFixed(1).padStart(8),
      baselineBody.length.toString().padStart(8),
      `${Math.min(...baseline.slices).toFixed(0)}–${Math.max(...baseline.slices).toFixed(0)}`.padStart(15),
      ratio.toFixed(2).padStart(7),
      change(ratio, before[name]?.ratio).padStart(16),
      (before[name]?.ratio?.toFixed(2) ?? '').padStart(16),
      change(route.p99, before[name]?.p99, true).padStart(16),
      twoProcesses.padStart(18),
    );
  }
  await two?.stop();
  await app.close();
}

// The authorization header of an hour's token for `claims`, signed with this process's secret.
async function bearer(claims: TokenClaims): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await signToken(config.jwtSecret, claims, 3600)}` };
}

// The admin lists' URLs with an admin's token: the first page, and a page at the far end of the list (its
// cursor made from the rows there), so that "any page" is measured.
async function adminRoutes(
  app: Awaited<ReturnType<typeof buildApp>>,
  base: string,
): Promise<[string, string, Record<string, string>][]> {
  const [admin] = await queryRows<{ id: string; token_version: number }>(app.db, {
    text: `select id, token_version from admins where email = 'bench-admin@bench.oja.ng'`,
    values: [],
  });
  if (!admin) return [];
  const headers = await bearer({ subject: admin.id, audience: 'admin', version: admin.token_version });
  const far = async (table: string, order: 'asc' | 'desc') => {
    const [row] = await queryRows<{ key: string; id: string }>(app.db, {
      text: `select ${microTime('created_at')} as key, id from ${table}
        order by created_at ${order}, id ${order} offset 60 limit 1`,
      values: [],
    });
    return row ? encodeCursor([row.key, row.id]) : '';
  };
  return [
    ['admin products, first page (GET /api/adminProduct)', `${base}/api/adminProduct`, headers],
    [
      'admin products, last pages',
      `${base}/api/adminProduct?cursor=${await far('products', 'asc')}`,
      headers,
    ],
    ['admin users, first page (GET /api/admin/users)', `${base}/api/admin/users`, headers],
    ['admin users, last pages', `${base}/api/admin/users?cursor=${await far('users', 'desc')}`, headers],
    ['admin transactions, first page', `${base}/api/admin/all-transactions`, headers],
    [
      'admin transactions, last pages',
      `${base}/api/admin/all-transactions?cursor=${await far('transactions', 'asc')}`,
      headers,
    ],
    // Buyer protection's lists (issue 29): every payout, the held and the due ones, and the disputes.
    ['admin payouts, first page (GET /api/admin/payouts)', `${base}/api/admin/payouts`, headers],
    ['admin payouts, last pages', `${base}/api/admin/payouts?cursor=${await far('payouts', 'asc')}`, headers],
    ['admin payouts, held', `${base}/api/admin/payouts?status=held`, headers],
    ['admin payouts, due', `${base}/api/admin/payouts?status=due`, headers],
    ['admin disputes, first page (GET /api/admin/disputes)', `${base}/api/admin/disputes`, headers],
    ...(await offerRoutes(app, base)),
  ];
}

// My offers (GET /api/offers): the buying side of the user who made the most offers, the selling side of the
// one who received the most.
async function offerRoutes(
  app: Awaited<ReturnType<typeof buildApp>>,
  base: string,
): Promise<[string, string, Record<string, string>][]> {
  const routes: [string, string, Record<string, string>][] = [];
  for (const role of ['buying', 'selling'] as const) {
    const [user] = await queryRows<{ id: string; token_version: number }>(app.db, {
      text: `select u.id, u.token_version from offers o join users u on u.id = o.${role === 'buying' ? 'buyer_id' : 'seller_id'}
        group by u.id order by count(*) desc limit 1`,
      values: [],
    });
    if (!user) continue;
    routes.push([
      `my offers, ${role} (GET /api/offers?role=${role})`,
      `${base}/api/offers?role=${role}`,
      await bearer({ subject: user.id, audience: 'user', version: user.token_version }),
    ]);
  }
  return routes;
}

// The page's weight: the JavaScript the home page loads (entry and the chunks index.html preloads),
// gzipped, and each chunk of the heavy routes. Built here, for production, so a stale or development
// build is never what gets weighed.
function weighWebApp() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  execFileSync('npm', ['run', 'build', '--workspace', '@marketplace/web'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...serverEnv, NODE_ENV: 'production' },
  });
  const dist = path.join(root, 'apps/web/dist');
  const indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
  const loaded = [...indexHtml.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(
    (match) => match[1] as string,
  );
  const total = loaded.reduce((sum, file) => sum + gz(file), 0);
  console.log(
    `\nhome page JavaScript loaded up front: ${(total / 1024).toFixed(1)} KB gzipped (${loaded.length} files; target 150 KB)`,
  );
  const chunks = readdirSync(path.join(dist, 'assets')).filter(
    (file) => file.endsWith('.js') && !loaded.includes(`assets/${file}`),
  );
  const heavy = chunks
    .map((file) => ({ file, size: gz(`assets/${file}`) }))
    .sort((a, b) => b.size - a.size)
    .slice(0, 12);
  console.log('largest lazily loaded chunks (gzipped):');
  for (const chunk of heavy) console.log(`  ${chunk.file.padEnd(48)} ${(chunk.size / 1024).toFixed(1)} KB`);
}

await main();
