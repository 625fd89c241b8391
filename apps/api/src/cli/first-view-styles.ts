import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { keepFirstViewStyles } from '../modules/products/first-view';

// node apps/api/dist/first-view-styles.js [web dist directory]: computes the styles the first views write
// into their HTML and keeps them in the web build (first-view-styles.json), so that no boot computes them
// (decision 033). `npm start` (scripts/build.mjs) runs it after building the web app or the API.
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDistDir = path.resolve(process.argv[2] ?? path.join(apiRoot, '../web/dist'));
const started = performance.now();
if (await keepFirstViewStyles(webDistDir)) {
  console.log(
    `first view: styles kept in ${path.relative(process.cwd(), webDistDir)} (${Math.round(performance.now() - started)} ms)`,
  );
} else {
  console.log(`first view: no first view in ${webDistDir} (no route-chunks.json or first-view-words.json)`);
}
