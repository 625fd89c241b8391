// `npm run typecheck`: every TypeScript project, two at a time. Each `tsc` is single-threaded and the two
// largest (the API and the web app) take about a minute each, so on a two-core machine running them side by
// side halves the wait. Each project's output is shown whole once it finishes; the exit code is non-zero when
// any project has errors.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
// The largest first, so the small ones fill in beside them.
const projects = ['apps/web', 'apps/api', 'e2e', 'apps/web/src/sw', 'packages/shared', '.'];
const parallel = Math.max(1, Math.min(2, availableParallelism()));

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) =>
      resolve({ project, ok: false, text: `could not start tsc: ${error.message}\n` }),
    );
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const text = Buffer.concat(output).toString();
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'ok' : 'errors'} (${seconds} s)\n${text}`);
      resolve({ project, ok: code === 0 });
    });
  });
}

const queue = [...projects];
const results = [];
await Promise.all(
  Array.from({ length: parallel }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) results.push(await check(project));
  }),
);
const failed = results.filter((result) => !result.ok).map((result) => result.project);
if (failed.length > 0) {
  process.stderr.write(`typecheck failed in: ${failed.join(', ')}\n`);
  process.exit(1);
}
