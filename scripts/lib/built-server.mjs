// Starts the compiled server (as `npm start` runs it) on a free port with the demo listings and a data
// directory of its own, for the scripts that drive a browser against it (bench:web, screenshots).
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function startBuiltServer() {
  execFileSync('node', ['scripts/build.mjs', 'web', 'api'], { cwd: root, stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'oja-built-server-'));
  const port = await freePort();
  // The compiled production build, with the demo listings (which a NODE_ENV=production server refuses), on
  // the embedded database.
  const { DATABASE_URL: _databaseUrl, ...env } = process.env;
  const server = spawn('node', ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) throw new Error('the server did not start in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    stop() {
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
