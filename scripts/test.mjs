// `npm test`: every suite, with the browser journeys running beside the others instead of after them
// (decision 037). The journeys mostly wait on Chromium and the server; one Vitest run keeps its groups in
// sequence and cannot give one project a single worker beside two for the others, so this starts two runs:
// the shared, web and API suites (their output shown as it comes), and the journeys (their output kept and
// shown once the first run has finished, then as it comes). The exit code is non-zero when either failed.
//
// On PostgreSQL (TEST_DATABASE_URL) the journeys run beside the shared and web suites only, and the API suite
// after both: the journeys' server and the API files would share the PostgreSQL server, whose snapshot
// horizon spans its databases (decision 034).
//
// With arguments (`npm test -- apps/web/src/lib`) this is plain `vitest run` with them.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const env = {
  ...process.env,
  ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}),
};

function projects(names) {
  return names.flatMap((name) => ['--project', name]);
}

// A Vitest run whose output goes straight to this terminal, or is held until show() when `held`.
function run(args, { held = false } = {}) {
  const child = spawn(process.execPath, [vitest, 'run', ...args], {
    cwd: root,
    env,
    stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  let kept = held ? [] : null;
  if (held) {
    const forward = (stream, target) =>
      stream.on('data', (chunk) => (kept ? kept.push([target, chunk]) : target.write(chunk)));
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
  }
  const done = new Promise((resolve) => {
    child.on('error', (error) => {
      process.stderr.write(`could not start Vitest: ${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  return {
    done,
    show() {
      if (!kept) return;
      for (const [target, chunk] of kept) target.write(chunk);
      kept = null;
    },
  };
}

const started = Date.now();
const args = process.argv.slice(2);
// The runs that failed, by name: the last line says which, as a CI log may keep only its end.
let failedRuns = [];
const named = (codes) => Object.keys(codes).filter((name) => codes[name] !== 0);
if (args.length > 0) {
  failedRuns = named({ vitest: await run(args).done });
} else if (process.env.TEST_DATABASE_URL) {
  const journeys = run(projects(['e2e']), { held: true });
  const unit = await run(projects(['shared', 'web'])).done;
  journeys.show();
  const e2e = await journeys.done;
  const api = await run(projects(['api'])).done;
  failedRuns = named({ 'shared and web': unit, journeys: e2e, api });
} else {
  const journeys = run(projects(['e2e']), { held: true });
  const unit = await run(projects(['shared', 'web', 'api'])).done;
  process.stdout.write('\n');
  journeys.show();
  const e2e = await journeys.done;
  failedRuns = named({ 'shared, web and api': unit, journeys: e2e });
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
const failed = failedRuns.length > 0;
const verdict = failed ? `FAILED (${failedRuns.join('; ')})` : 'passed';
process.stdout.write(`\nnpm test: ${verdict} in ${seconds} s (decision 037)\n`);
process.exit(failed ? 1 : 0);
