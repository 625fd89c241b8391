// `npm test`: every suite, with the browser journeys running beside the others instead of after them
// (decision 037). The journeys mostly wait on Chromium and the server; one Vitest run keeps its groups in
// sequence and cannot give one project a single worker beside two for the others, so this starts two runs:
// the shared, web and API suites (their output shown as it comes), and the journeys (their output kept and
// shown once the first run has finished, then as it comes). The exit code is non-zero when either failed, and
// the end of the output repeats what each failed run said about its failed tests.
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

// A Vitest run whose output goes to this terminal as it comes, or is held until show() when `held`. Its text
// is kept too: failures() gives its "Failed Tests" part, printed again at the end of `npm test`.
function run(args, { held = false } = {}) {
  const child = spawn(process.execPath, [vitest, 'run', ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let kept = held ? [] : null;
  let text = '';
  const forward = (stream, target) =>
    stream.on('data', (chunk) => {
      text += chunk.toString();
      if (kept) kept.push([target, chunk]);
      else target.write(chunk);
    });
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
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
    // What Vitest printed about the failed tests (its "Failed Tests" part, at most 150 lines), or its last lines.
    failures() {
      const lines = text.split('\n');
      const start = lines.findIndex((line) => /Failed Tests \d+/.test(line));
      return (start >= 0 ? lines.slice(start, start + 150) : lines.slice(-40)).join('\n');
    },
  };
}

const started = Date.now();
const args = process.argv.slice(2);
// The runs that failed, by name, and what each said about its failures: printed again at the end, as a CI log
// may keep only its end.
const failedRuns = [];
const check = async (name, vitestRun) => {
  if ((await vitestRun.done) !== 0) failedRuns.push({ name, failures: vitestRun.failures() });
};
if (args.length > 0) {
  await check('vitest', run(args));
} else if (process.env.TEST_DATABASE_URL) {
  const journeys = run(projects(['e2e']), { held: true });
  await check('shared and web', run(projects(['shared', 'web'])));
  journeys.show();
  await check('journeys', journeys);
  await check('api', run(projects(['api'])));
} else {
  const journeys = run(projects(['e2e']), { held: true });
  await check('shared, web and api', run(projects(['shared', 'web', 'api'])));
  process.stdout.write('\n');
  journeys.show();
  await check('journeys', journeys);
}
for (const { name, failures } of failedRuns) process.stdout.write(`\n${name}, failed:\n${failures}\n`);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
const failed = failedRuns.length > 0;
const verdict = failed ? `FAILED (${failedRuns.map((run) => run.name).join('; ')})` : 'passed';
process.stdout.write(`\nnpm test: ${verdict} in ${seconds} s (decision 037)\n`);
process.exit(failed ? 1 : 0);
