import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { LANGUAGES } from '@marketplace/shared/constants';
import { pickFirstViewWords } from '@marketplace/shared/languages';

// A built web app as far as the server's first view needs it (apps/web/vite.config.ts): index.html with the
// frame's markers, the page scripts and styles the build names (route-chunks.json), the first view's words
// taken from the app's own bundles, and any other files (stylesheets). Written before the file's app is
// built (call this before useTestApp), removed after its tests. Returns the folder, for webDistDir.
export function useWebDist(build: {
  indexHtml: string;
  routeChunks: object;
  files?: Record<string, string>;
}): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'oja-web-dist-'));
  beforeAll(() => {
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), build.indexHtml);
    writeFileSync(path.join(dist, 'route-chunks.json'), JSON.stringify(build.routeChunks));
    const bundle = (language: string) =>
      JSON.parse(
        readFileSync(new URL(`../../web/src/i18n/${language}.json`, import.meta.url), 'utf8'),
      ) as unknown;
    writeFileSync(
      path.join(dist, 'first-view-words.json'),
      JSON.stringify(
        Object.fromEntries(LANGUAGES.map((language) => [language, pickFirstViewWords(bundle(language))])),
      ),
    );
    for (const [name, text] of Object.entries(build.files ?? {})) writeFileSync(path.join(dist, name), text);
  });
  afterAll(() => {
    rmSync(dist, { recursive: true, force: true });
  });
  return dist;
}
