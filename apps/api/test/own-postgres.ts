import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { testEnv } from './env';
import { freePort } from './free-port';

// A PostgreSQL server of a test's own (a fresh cluster in a temporary folder, on a free port), for the tests
// that must stop or restart the server itself: the shared test server cannot be restarted under the other
// files. It needs PostgreSQL 15's server programs on this machine (as CI has them): without them the test
// fails and says so; it never skips.

const run = promisify(execFile);
const BIN = testEnv.POSTGRES_BIN;

export type OwnPostgres = {
  url: string;
  // `pg_ctl restart -m immediate`: every backend is killed at once, as in a crash, and the server comes
  // back after crash recovery.
  restartImmediately: () => Promise<void>;
  // Stops the server and removes its folder (safe to call twice, and after a failed start).
  destroy: () => Promise<void>;
  log: () => string;
};

export async function startOwnPostgres(): Promise<OwnPostgres> {
  for (const program of ['initdb', 'pg_ctl']) {
    if (!existsSync(path.join(BIN, program))) {
      throw new Error(
        `${path.join(BIN, program)} is missing: this test starts and restarts a PostgreSQL 15 of its own (apt-get install postgresql-15, or set POSTGRES_BIN to the folder holding initdb and pg_ctl).`,
      );
    }
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'oja-own-pg-'));
  const dataDir = path.join(folder, 'data');
  const logFile = path.join(folder, 'server.log');
  // PostgreSQL refuses to run as root: as root (the CI container), its programs run as `postgres`.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(folder, Number(stdout.trim()), Number(group.trim()));
  }
  const pg = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(BIN, program), ...args])
      : run(path.join(BIN, program), args);

  const port = await freePort();
  const serverOptions = [
    `-p ${port}`,
    `-k ${folder}`,
    '-c listen_addresses=127.0.0.1',
    // A throwaway cluster: nothing needs to survive a crash of the machine.
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c synchronous_commit=off',
  ].join(' ');
  const pgCtl = (command: string, extra: string[] = []) =>
    pg('pg_ctl', [command, '-D', dataDir, '-w', '-t', '30', '-l', logFile, '-o', serverOptions, ...extra]);

  let started = false;
  // Also when the test process ends without the test's own clean-up (a hook that timed out, an interrupted
  // run): no server is left running, no folder left behind.
  const onExit = () => {
    if (started) {
      const args = ['stop', '-D', dataDir, '-m', 'immediate', '-w', '-t', '10'];
      try {
        if (asRoot)
          execFileSync('runuser', ['-u', 'postgres', '--', path.join(BIN, 'pg_ctl'), ...args], {
            stdio: 'ignore',
          });
        else execFileSync(path.join(BIN, 'pg_ctl'), args, { stdio: 'ignore' });
      } catch {
        // Already stopped.
      }
    }
    rmSync(folder, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  const destroy = async () => {
    process.removeListener('exit', onExit);
    if (started) {
      started = false;
      await pg('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w', '-t', '10']).catch(() => undefined);
    }
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await pg('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '-N']);
    started = true;
    await pgCtl('start');
  } catch (error) {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
    await destroy();
    throw new Error(`could not start a PostgreSQL of the test's own: ${String(error)}\n${log}`);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restartImmediately: async () => {
      await pgCtl('restart', ['-m', 'immediate']);
    },
    destroy,
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
  };
}
