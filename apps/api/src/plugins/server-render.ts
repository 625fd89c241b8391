import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RenderResult, ServerEntry } from '@marketplace/shared/server-render';
import { escapeHtml } from '../lib/html';
import { criticalCss } from './critical-css';
import { requestLanguage } from '../lib/page-language';
import { answerNotFound, keepPageToItsReader, type PageRenderer } from './web';

// Every page's first view is the web app itself, rendered here (decision 060): the web build's server
// bundle (apps/web/dist/server/entry-server.js, `vite build --ssr`) draws the address with React, its API
// calls answered by this app through `inject` (no network, the reader's address for the request limits).
// The page names the scripts and stylesheets of its page module (from the browser build's manifest) and
// carries the replies and the words it was drawn with, so that the app hydrates the same markup without
// asking again (decision 072).

type ApiFetch = (input: string, init?: RequestInit) => Promise<Response>;
type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

const APP_MARK = '<!--app-->';
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;
// React writes the page's hoisted tags (<title>, the first pictures' preloads) before its markup when it
// draws no <head>: they go into the head, in the place of index.html's title.
const HOISTED = /^(?:<(?:link|meta)\b[^>]*>|<title>[\s\S]*?<\/title>)+/;

// Note: the state goes into a <script type="application/json"> block, never run; `<` is written as \u003c
// so that a seller's title containing `</script>` cannot close the block and start markup of its own.
function jsonBlock(id: string, value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

// The scripts and stylesheets of the page modules, and of what they import statically; the entry's own
// are in index.html already.
function assetLinks(manifest: Manifest, sources: string[], indexHtml: string): string {
  const scripts: string[] = [];
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || scripts.includes(chunk.file)) return;
    scripts.push(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    chunk.imports?.forEach(visit);
  };
  sources.forEach(visit);
  const named = (file: string) => indexHtml.includes(`/${file}"`);
  return (
    [...styles]
      .filter((file) => !named(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}">`)
      .join('') +
    scripts
      .filter((file) => !named(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`)
      .join('')
  );
}

function apiFetch(app: FastifyInstance, request: FastifyRequest): ApiFetch {
  return async (input, init) => {
    const reply = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: input,
      headers: { accept: 'application/json' },
      remoteAddress: request.ip,
    });
    // A page drawn with a reply refused to this reader (its request limit) or failed is not kept for others
    // (a 401, a signed-in call, is the same for every reader: drawn as loading).
    if (reply.statusCode === 429 || reply.statusCode >= 500) keepPageToItsReader(request);
    return new Response(reply.rawPayload, {
      status: reply.statusCode,
      headers: { 'content-type': String(reply.headers['content-type'] ?? 'application/json') },
    });
  };
}

export function serverRender(app: FastifyInstance): PageRenderer {
  const root = app.config.webDistDir;
  const entryFile = path.join(root, 'server', 'entry-server.js');
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  // A build without the server bundle (an API test's web dist) serves index.html as it is.
  if (!existsSync(entryFile) || !existsSync(manifestFile)) return () => Promise.resolve(null);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  let entry: Promise<ServerEntry<ApiFetch>> | undefined;
  const withCriticalCss = criticalCss(root, app.log);

  return async (request, indexHtml) => {
    if (!indexHtml.includes(APP_MARK)) return null;
    entry ??= import(pathToFileURL(entryFile).href) as Promise<ServerEntry<ApiFetch>>;
    let result: RenderResult;
    try {
      result = await (
        await entry
      ).render({
        url: request.url,
        language: requestLanguage(request),
        fetchApi: apiFetch(app, request),
      });
    } catch (error) {
      // The app then draws the page in the browser, as before the server could.
      request.log.error({ err: error }, 'server render failed');
      keepPageToItsReader(request);
      return null;
    }
    if (result.kind !== 'page') return null;
    if (result.status === 404) answerNotFound(request);
    const hoisted = HOISTED.exec(result.html)?.[0] ?? '';
    const markup = result.html.slice(hoisted.length);
    let html = indexHtml;
    // Preact (the web build's renderer, decision 069) hoists nothing: the page's <title> stays in its markup,
    // where the browser takes it as the document's title once index.html's is gone (the first in the page).
    if (hoisted.includes('<title>') || markup.includes('<title>')) {
      html = html.replace(/<title>[^<]*<\/title>/, () => '');
    }
    html = html.replace(/<meta name="viewport"[^>]*>/, (tag) => `${tag}${hoisted}`);
    const head = assetLinks(manifest, result.sources, indexHtml);
    const state = jsonBlock('app-state', { state: result.state, router: result.router, words: result.words });
    // The page paints from its HTML and stylesheets alone: the app's scripts wait in an inert template until
    // the first frame is painted (main.tsx), instead of sharing a slow line with the stylesheets.
    html = html.replace('</head>', () => `${head}</head>`);
    const preloads = html.match(MODULE_PRELOAD) ?? [];
    // Note: replacement functions, never strings (see open-graph.ts).
    html = html
      .replace(MODULE_PRELOAD, '')
      .replace(APP_MARK, () => markup)
      .replace('</body>', () => `<template id="page-scripts">${preloads.join('')}</template>${state}</body>`);
    // A kind of page is named by its page modules (decision 067).
    return withCriticalCss(html, result.sources.join(' '));
  };
}
