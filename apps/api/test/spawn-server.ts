import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase } from '../src/db/client';
import { pgliteTemplate } from './helper';
import { testEnv } from './env';

// The real server, built as `npm start` runs it (test/global-setup.ts), in a data folder of its own: for the
// tests of several processes, shutdown and outages. `env` adds to (or overrides) a quiet development setup.
// `migrated`: the embedded database (no DATABASE_URL) starts already migrated, the suite's template written
// into the data folder (about 1.3 CPU-seconds instead of about 6 for migrating a new one), for a test not about
// migrating.
export async function startServer(env: Record<string, string>, { migrated = false } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'oja-server-'));
  if (migrated && !env.DATABASE_URL) {
    const database = await openDatabase({ databaseUrl: undefined, dataDir, loadDataDir: pgliteTemplate() });
    await database.close();
  }
  const child = spawn(process.execPath, [inject('serverBundle')], {
    env: {
      PATH: testEnv.PATH,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      JWT_SECRET: 'spawned-test-secret-long-enough-for-hs256',
      LOG_LEVEL: 'warn',
      DEMO_DATA: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    cleanUp: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export type SpawnedServer = Awaited<ReturnType<typeof startServer>>;

// The pids of a cluster's workers, sorted: the processes in /proc whose parent is `child` and which run the
// server's entry. (Not /proc/<pid>/task/<pid>/children, which the kernel documents as reliable only while the
// children are stopped.)
export function childrenOf(child: ChildProcess): string[] {
  const parent = String(child.pid);
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // `pid (name) state ppid …`: the name may hold spaces and parentheses, so read after the last ')'.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] !== parent) return false;
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(inject('serverBundle'));
      } catch {
        return false; // ended meanwhile
      }
    })
    .sort();
}
