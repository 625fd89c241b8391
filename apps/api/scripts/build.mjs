// Compiles the API to one JavaScript file, apps/api/dist/server.js, that plain `node` runs (tsx is for
// development). The shared package is bundled in (it exports TypeScript sources); every other package stays
// in node_modules, as installed. The migrations are copied next to the bundle, where the database client
// looks for them. `node apps/api/scripts/build.mjs <folder>` builds into that folder instead (the API suite's
// spawned servers, test/global-setup.ts); it must lie inside the repository, where node_modules is found.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(apiRoot, 'dist');

// Every bare import but the workspace's own packages stays an import, resolved from node_modules at run time.
const packagesExternal = {
  name: 'packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@marketplace/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    server: path.join(apiRoot, 'src/server.ts'),
    'create-admin': path.join(apiRoot, 'src/cli/create-admin.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [packagesExternal],
  logLevel: 'warning',
});
cpSync(path.join(apiRoot, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
console.log(`api: built ${path.relative(process.cwd(), outdir)}`);
