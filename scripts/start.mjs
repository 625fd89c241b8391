// `npm start`: builds the web app and the API if their sources changed, then runs the compiled server in
// this same process (one Node start, not two), from apps/api as before, so the default DATA_DIR is
// apps/api/data.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfChanged } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildIfChanged(['web', 'api']);
process.setSourceMapsEnabled(true);
process.chdir(path.join(root, 'apps/api'));
await import(pathToFileURL(path.join(root, 'apps/api/dist/server.js')).href);
