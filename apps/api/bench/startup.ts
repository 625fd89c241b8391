// How fast `npm start` serves on a built tree: the time from spawning it to the first answer of
// /api/health, on the embedded database, for a first start (the database is created and migrated, demo
// data seeded) and for a restart on the same data directory. The builds happen before the clock starts.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnv } from './env';
import { freePort } from '../test/free-port';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// CPU seconds the start's processes (npm and node) used so far, from /proc (Linux): on a busy shared
// machine the wall clock measures the neighbours too, the CPU time what an idle core would take.
function cpuSecondsOfGroup(groupId: number): number | undefined {
  if (!existsSync('/proc')) return undefined;
  const ticksPerSecond = 100;
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== groupId) continue;
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / ticksPerSecond;
}

async function timeOneStart(dataDir: string): Promise<{ wall: number; cpu: number | undefined }> {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...env } = serverEnv;
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}`);
      if (performance.now() - started > 120_000) throw new Error('npm start did not answer in 120 s');
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.ok)
          return {
            wall: (performance.now() - started) / 1000,
            cpu: child.pid ? cpuSecondsOfGroup(child.pid) : undefined,
          };
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
  }
}

export async function measureStartup() {
  execFileSync('node', ['scripts/build.mjs', 'web', 'api'], { cwd: root, stdio: 'ignore' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'oja-bench-start-'));
  try {
    const first = await timeOneStart(dataDir);
    const again = await timeOneStart(dataDir);
    const cpu = (run: { cpu: number | undefined }) =>
      run.cpu === undefined ? '' : `, ${run.cpu.toFixed(2)} s of CPU`;
    console.log(
      '\n`npm start` on a built tree, embedded database: spawn → first /api/health answer (wall clock)',
    );
    console.log(
      `  first start (creates the database, seeds demo data): ${first.wall.toFixed(2)} s${cpu(first)}`,
    );
    console.log(
      `  restart on the same data directory:                  ${again.wall.toFixed(2)} s${cpu(again)} (target 3 s)`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
