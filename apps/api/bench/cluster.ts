// The same server as WEB_CONCURRENCY=2 runs it: the real entry (src/server.ts through tsx; the bundle runs the
// same code) as a cluster of two API processes on the bench's PostgreSQL. PGlite cannot be shared by two
// processes, so there is no such column on it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnv } from './env';
import { freePort } from '../test/free-port';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function startTwoProcesses({
  databaseUrl,
  publicCacheMs,
}: {
  databaseUrl: string;
  publicCacheMs: number;
}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'oja-bench-cluster-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...serverEnv,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_DATA: '0',
      PUBLIC_CACHE_MS: String(publicCacheMs),
      // The benchmark is one address sending as fast as it can: the general limit (600 a minute) becomes
      // 600 million, which no run reaches (1,000 let two fast processes run into it, and 429s were measured).
      RATE_LIMIT_MULTIPLIER: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 250) {
    const ready = await fetch(`${base}/api/ready`).catch(() => undefined);
    if (ready?.status === 200) break;
    if (waited > 60_000 || child.exitCode !== null) throw new Error('the two-process server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    base,
    async stop() {
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
