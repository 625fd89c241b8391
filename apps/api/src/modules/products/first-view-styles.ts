import { existsSync } from 'node:fs';
import path from 'node:path';
import Beasties from 'beasties';

// The styles a first view needs to be drawn, written into its HTML, so that the page paints as soon as the
// HTML is in, without waiting for the stylesheets (issue #12, decision 029). Computed once at boot from
// sample pages drawn with the server's own markup: Beasties keeps every rule of the page's stylesheets
// whose selector matches an element of the sample (media queries and the variables of `:root` included),
// in the stylesheets' order.
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

export function deferScripts(html: string): string {
  return html
    .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"');
}
