// `node scripts/build.mjs web api [--force]`: builds the web app and/or the API, each only when its sources
// changed since its last build. A build ends by writing a stamp (the hash of every input file) into its
// output directory; a start on a built tree then only hashes files, which takes milliseconds.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = [
  'packages/shared/src',
  'packages/shared/package.json',
  'package-lock.json',
  'scripts/build.mjs',
];

const targets = {
  web: {
    inputs: [
      ...shared,
      'apps/web/src',
      'apps/web/public',
      'apps/web/scripts',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/words-plugin.ts',
      'apps/web/tsconfig.json',
      'apps/web/package.json',
    ],
    output: 'apps/web/dist',
    // Note: a NODE_ENV=test (Vitest) or development shell would make Vite bundle React's development build.
    build: () => run('npm', ['run', 'build', '--workspace', '@marketplace/web']),
  },
  api: {
    inputs: [...shared, 'apps/api/src', 'apps/api/scripts', 'apps/api/package.json'],
    output: 'apps/api/dist',
    build: () => run('node', ['apps/api/scripts/build.mjs']),
  },
};

function run(command, args) {
  execFileSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

function listFiles(relative) {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return [];
  if (statSync(absolute).isFile()) return [relative];
  return readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules' && entry.name !== 'dist')
    .flatMap((entry) => listFiles(path.join(relative, entry.name)));
}

function hashInputs(inputs) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(listFiles).sort()) {
    hash.update(file);
    hash.update('\0');
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function buildIfChanged(names, { force = false } = {}) {
  for (const name of names) {
    const target = targets[name];
    if (!target) throw new Error(`unknown build target: ${name} (web, api)`);
    const stampFile = path.join(root, target.output, '.build-stamp');
    const digest = hashInputs(target.inputs);
    const previous = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
    if (!force && previous === digest) {
      console.log(`${name}: up to date (${target.output})`);
      continue;
    }
    target.build();
    writeFileSync(stampFile, `${digest}\n`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  buildIfChanged(
    args.filter((arg) => !arg.startsWith('--')),
    { force: args.includes('--force') },
  );
}
