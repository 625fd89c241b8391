import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { findChromium } from './support/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    chromiumPath: string;
    admin: { email: string; password: string };
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
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

async function waitForHealth(baseUrl: string, server: ChildProcess, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not become healthy in time');
}

// Builds the web app and the API when their sources changed since their last build, then runs the real
// server (the compiled API, as `npm start` does) on a free port with a data directory of its own, and on a
// fresh PostgreSQL database when TEST_DATABASE_URL is set.
export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  // Note: the build script builds for production whatever NODE_ENV Vitest set: the journeys test what users get.
  execFileSync('node', ['scripts/build.mjs', 'web', 'api'], { cwd: root, stdio: 'inherit' });

  const dataDir = mkdtempSync(path.join(tmpdir(), 'oja-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const admin = { email: 'admin@e2e.oja.ng', password: 'e2e-admin-password' };

  let databaseUrl: string | undefined;
  let databaseName: string | undefined;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    databaseName = `oja_e2e_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`create database ${databaseName}`);
    await client.end();
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }

  const server = spawn('node', ['--enable-source-maps', 'apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      // Every journey registers its users from 127.0.0.1: the per-address limits would stop the later ones.
      RATE_LIMIT_MULTIPLIER: '50',
      // A sandbox shipment moves a step every second (the shortest the config allows) and is tracked every
      // second, so a journey sees it delivered a few seconds after booking (3 s and 2 s before decision 041).
      SANDBOX_SHIPMENT_STEP_SECONDS: '1',
      SHIPMENT_TRACK_SECONDS: '1',
      JOB_POLL_MS: '500',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  await waitForHealth(baseUrl, server);

  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('chromiumPath', chromiumPath);
  project.provide('admin', admin);

  return async () => {
    if (server.pid && server.exitCode === null) {
      process.kill(-server.pid, 'SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    if (serverUrl && databaseName) {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${databaseName} with (force)`);
      await client.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
