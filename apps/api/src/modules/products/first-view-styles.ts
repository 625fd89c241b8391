import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The styles a first view needs to be drawn, written into its HTML, so that the page paints as soon as the
// HTML is in, without waiting for the stylesheets (issue #12, decision 029). Computed once at boot from
// sample pages drawn with the server's own markup: Beasties keeps every rule of the page's stylesheets
// whose selector matches an element of the sample (media queries and the variables of `:root` included),
// in the stylesheets' order. Computed once per build, not at every boot (decision 033): the result is kept
// in the web build's directory (first-view-styles.json), named by a hash of the sample pages and of the
// stylesheets they name, which `npm start` writes right after a build (cli/first-view-styles.ts) and a server
// reads at boot; Beasties (and its CSS parser) is loaded only when that file is missing or stale.
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g;
const STYLE_BLOCK = /<style>([\s\S]*?)<\/style>/g;

// Every stylesheet a sample page names must be in the build; a build without them (or a test's dist)
// gets no inlined styles and keeps its stylesheets as they are.
function stylesheetsBuilt(webDistDir: string, html: string): boolean {
  const hrefs = [...html.matchAll(STYLESHEET_LINK)].map((match) => match[1] ?? '');
  return (
    hrefs.length > 0 &&
    hrefs.every((href) => href.startsWith('/') && existsSync(path.join(webDistDir, href.slice(1))))
  );
}

export async function criticalStyles(webDistDir: string, sampleHtml: string): Promise<string | null> {
  if (!stylesheetsBuilt(webDistDir, sampleHtml)) return null;
  const { default: Beasties } = await import('beasties');
  const beasties = new Beasties({
    path: webDistDir,
    publicPath: '/',
    // Reads only: the built files are never changed.
    pruneSource: false,
    mergeStylesheets: true,
    reduceInlineStyles: false,
    inlineFonts: false,
    preloadFonts: false,
    compress: true,
    logLevel: 'silent',
  });
  const processed = await beasties.process(sampleHtml);
  const css = [...processed.matchAll(STYLE_BLOCK)].map((match) => match[1] ?? '').join('');
  return css.length > 0 ? css : null;
}

const CACHE_FILE = 'first-view-styles.json';
type CachedStyles<Page extends string> = { key: string; styles: Record<Page, string | null> };

// What the inlined styles depend on: the sample pages (the server's markup and the build's index.html) and
// the content of every stylesheet they name (hashed file names alone would miss a test's rewritten file).
function stylesKey(webDistDir: string, samples: Record<string, string>): string {
  const hash = createHash('sha256');
  for (const [page, html] of Object.entries(samples).sort(([a], [b]) => a.localeCompare(b))) {
    hash.update(`${page}\0${html}\0`);
    for (const [, href = ''] of html.matchAll(STYLESHEET_LINK)) {
      const file = path.join(webDistDir, href.slice(1));
      hash.update(existsSync(file) ? readFileSync(file) : 'missing');
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

function readCache<Page extends string>(file: string, key: string): Record<Page, string | null> | null {
  try {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as CachedStyles<Page>;
    return cached.key === key ? cached.styles : null;
  } catch {
    return null;
  }
}

// The styles of each sample page, from the build's kept copy when it matches, else computed (and kept for
// the next boot when the directory is writable; several processes may write it at once, hence the rename).
export async function cachedCriticalStyles<Page extends string>(
  webDistDir: string,
  samples: Record<Page, string>,
  onWriteError: (error: unknown) => void = () => undefined,
): Promise<Record<Page, string | null>> {
  const file = path.join(webDistDir, CACHE_FILE);
  const key = stylesKey(webDistDir, samples);
  const cached = readCache<Page>(file, key);
  if (cached) return cached;
  const styles = {} as Record<Page, string | null>;
  for (const page of Object.keys(samples) as Page[]) {
    styles[page] = await criticalStyles(webDistDir, samples[page]);
  }
  try {
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ key, styles } satisfies CachedStyles<Page>));
    renameSync(temporary, file);
  } catch (error) {
    onWriteError(error);
  }
  return styles;
}

// The page's stylesheets and scripts, fetched at once but not waited for, after the first pictures
// (low priority): the first view is drawn with the inlined styles; the web app turns the stylesheets'
// preloads into stylesheets when it starts and draws itself once they have loaded (apps/web
// lib/first-view-styles.ts).
export function deferStylesheets(html: string): string {
  return html.replace(
    STYLESHEET_LINK,
    (_tag, href: string) =>
      `<link rel="preload" as="style" crossorigin href="${href}" fetchpriority="low" data-first-view-style>`,
  );
}

// The scripts the app imports (modulepreloads) are not asked for by the HTML at all: they wait, inert, in a
// <template> that the entry script moves into the page once the first pictures have been painted (apps/web
// main.tsx, decision 036). Asked for with the page, they shared the line with those pictures (on 3G) and
// Lighthouse counted every one that had arrived before the largest picture was painted as needed for it.
const DEFERRED_SCRIPTS_TEMPLATE_ID = 'first-view-scripts';
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;

export function deferScripts(html: string): string {
  const preloads = (html.match(MODULE_PRELOAD) ?? []).map((tag) => tag.trim());
  const withoutPreloads = html
    .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
    .replace(MODULE_PRELOAD, '');
  if (preloads.length === 0) return withoutPreloads;
  return withoutPreloads.replace(
    '</head>',
    () => `<template id="${DEFERRED_SCRIPTS_TEMPLATE_ID}">${preloads.join('')}</template></head>`,
  );
}
