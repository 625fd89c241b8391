import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testEnv } from './env';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The real entry (src/server.ts), as `npm start` runs it, in a data folder of its own: for the tests of
// several processes, shutdown and outages. `env` adds to (or overrides) a quiet development setup.
export function startServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'oja-server-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
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

export type SpawnedServer = ReturnType<typeof startServer>;

// The pids of a process's children (a cluster's workers), sorted.
export function childrenOf(child: ChildProcess): string[] {
  return readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8')
    .split(' ')
    .filter((pid) => pid.trim() !== '')
    .sort();
}
