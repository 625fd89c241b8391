import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { WORDS_FILE_PREFIX, wordsFiles } from './words-plugin.ts';

// The API serves the built app and owns /api and /media; in development Vite forwards them to it.
const apiOrigin = 'http://localhost:3000';
const proxy = { '/api': apiOrigin, '/media': apiOrigin };

// React Router 7 points every import at its development build (remix-run/react-router#14102), which keeps
// its development warnings in the bundle; a production build takes the production one, which drops them.
const reactRouterProduction = {
  'react-router/dom': fileURLToPath(
    import.meta.resolve('react-router/dom').replace('/development/', '/production/'),
  ),
  'react-router': fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/')),
};

// The production build (the browser's and the server's) runs the app on Preact instead of React (decision 069):
// preact/compat answers React's and react-dom's imports, a fifth of react-dom's size. Development and the web
// unit tests keep React.
const preactInsteadOfReact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

const distDir = fileURLToPath(new URL('./dist', import.meta.url));

// The service worker keeps only the app shell ahead of time: index.html, the files it loads itself and the
// English words, which every language falls back to (words-plugin.ts). Every other page's script, the other
// languages' words, and every picture, are kept once the user has seen them (src/sw/sw.ts), so a first visit
// on paid data downloads nothing the user did not ask for.
function onlyTheShell<Entry extends { url: string }>(entries: Entry[]) {
  const indexHtml = readFileSync(`${distDir}/index.html`, 'utf8');
  const manifest = entries.filter(
    (entry) =>
      entry.url === 'index.html' ||
      indexHtml.includes(`/${entry.url}`) ||
      entry.url.startsWith(`${WORDS_FILE_PREFIX}en-`),
  );
  return { manifest, warnings: [] };
}

// The server draws each page with the app (src/entry-server.tsx, decision 060) and names the page's scripts
// and stylesheets from the browser build's manifest. Its build rewrites router.tsx's `import('…')` as
// `pageSource(import('…'), 'src/…')`, so that it knows which page module (a key of the manifest) an address
// loaded (src/app/page-sources.ts).
const webRoot = fileURLToPath(new URL('.', import.meta.url));
function pageSources(): Plugin {
  const pageSourcesModule = path.join(webRoot, 'src/app/page-sources.ts');
  return {
    name: 'oja-page-sources',
    apply: (_config, { isSsrBuild }) => Boolean(isSsrBuild),
    transform(code, id) {
      if (!id.endsWith('/src/app/router.tsx')) return null;
      const rewritten = code.replace(/import\((['"])([^'"]+)\1\)/g, (call, _quote, specifier: string) => {
        const base = path.resolve(path.dirname(id), specifier);
        const file = ['.tsx', '.ts'].map((extension) => base + extension).find((name) => existsSync(name));
        if (!file) return call;
        const source = path.relative(webRoot, file).split(path.sep).join('/');
        return `__pageSource(${call}, ${JSON.stringify(source)})`;
      });
      return `import { pageSource as __pageSource } from ${JSON.stringify(pageSourcesModule)};\n${rewritten}`;
    },
  };
}

// main.tsx starts the app in steps, each a dynamic import (React, React Router, the app). index.html names
// their scripts and the scripts they import, as it names the entry's own, so that they download with the
// page instead of after the entry has run.
function bootPreloads(): Plugin {
  return {
    name: 'oja-boot-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        const entry = context.chunk;
        if (!bundle || !entry) return html;
        const files: string[] = [];
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (!chunk || chunk.type !== 'chunk' || chunk.isEntry || files.includes(fileName)) return;
          // Preact's debug module: only for the hydration test (main.tsx), never downloaded by a visitor.
          if (chunk.moduleIds.some((id) => /[\\/]preact[\\/](debug|devtools)[\\/]/.test(id))) return;
          files.push(fileName);
          chunk.imports.forEach(visit);
        };
        entry.dynamicImports.forEach(visit);
        return files
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

// The first view's scripts in a few files rather than twenty: on 3G each request waits a 400 ms round trip for
// one of the browser's six connections, so twenty small files took longer than their bytes (issue 33,
// decision 074). Three groups, each a file: the framework; the app's start with what it imports (every page
// needs it); and what the home and product pages import beyond those (the product cards and their parts),
// the pages keeping their own small files, which the server names by their source (server-render.ts). What
// the entry (main.tsx) imports itself stays in the entry: a group that took it would make the entry import
// that group, and so run the whole app before main.tsx's first line (the staged start, decision 029).
const source = (file: string) => path.join(webRoot, 'src', file);
const entryModule = source('main.tsx');
const startModules = [source('app/start.tsx'), source('app/router-provider.ts')];
const landingPages = [
  source('features/products/routes/home.tsx'),
  source('features/products/routes/product.tsx'),
];
// Each filled with the modules those import, however deeply (themselves included), once the whole graph is
// known: the groups below are formed after it.
const importedBy = { entry: new Set<string>(), start: new Set<string>(), landingPages: new Set<string>() };
function firstViewGroups(): Plugin {
  return {
    name: 'oja-first-view-groups',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    buildEnd() {
      const fill = (set: Set<string>, from: string[]) => {
        set.clear();
        const visit = (id: string) => {
          if (set.has(id)) return;
          set.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
        };
        from.forEach(visit);
      };
      fill(importedBy.entry, [entryModule]);
      fill(importedBy.start, startModules);
      fill(importedBy.landingPages, landingPages);
    },
    // The guard: the entry must not load a group's file before it runs.
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
      const grouped = /^assets\/(start|first-pages)-/;
      const loaded = entry?.type === 'chunk' ? entry.imports.filter((file) => grouped.test(file)) : [];
      if (loaded.length > 0)
        this.error(`the entry imports ${loaded.join(', ')}: it would run the app at once`);
    },
  };
}
const codeSplittingGroups = [
  // Not Preact's debug module, which only the hydration test loads (main.tsx).
  {
    name: 'framework',
    priority: 3,
    test: /node_modules[\\/](preact(?![\\/](debug|devtools))|react-router|@tanstack)[\\/]/,
  },
  // Exactly the modules named (their imports are named already): not the entry's.
  {
    name: 'start',
    priority: 2,
    includeDependenciesRecursively: false,
    test: (id: string) => importedBy.start.has(id) && !importedBy.entry.has(id),
  },
  {
    name: 'first-pages',
    priority: 1,
    includeDependenciesRecursively: false,
    test: (id: string) =>
      importedBy.landingPages.has(id) &&
      !landingPages.includes(id) &&
      !importedBy.start.has(id) &&
      !importedBy.entry.has(id),
  },
];

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    wordsFiles(webRoot),
    pageSources(),
    bootPreloads(),
    firstViewGroups(),
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src/sw',
        filename: 'sw.ts',
        // Registered by src/lib/service-worker.ts, after the page has loaded.
        injectRegister: false,
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg}', `${WORDS_FILE_PREFIX}*.json`],
          manifestTransforms: [onlyTheShell],
        },
        manifest: {
          name: 'Oja: buy, sell or donate used items',
          short_name: 'Oja',
          description: 'Buy, sell or donate used items in Nigeria at giveaway prices.',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          background_color: '#ffffff',
          theme_color: '#2e7d5b',
          icons: [
            { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
            { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        devOptions: { enabled: false },
      }),
  ],
  resolve: {
    alias:
      command === 'build'
        ? [
            ...Object.entries(reactRouterProduction).map(([find, replacement]) => ({
              find: new RegExp(`^${find}$`),
              replacement,
            })),
            ...preactInsteadOfReact,
          ]
        : [],
  },
  // The server's build (`vite build --ssr src/entry-server.tsx`) goes into dist/server, beside the browser's,
  // which the API does not serve (apps/api plugins/web.ts); it bundles every package, so that it runs from
  // there on its own. The browser's build writes its manifest (.vite/manifest.json) for the server.
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: false, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        manifest: true,
        rolldownOptions: { output: { codeSplitting: { groups: codeSplittingGroups } } },
      },
  ssr: { noExternal: true },
  // JSON modules (the legal pages' texts) as JSON.parse of a string, which a phone parses several times
  // faster than the same object written as JavaScript (decision 036).
  json: { stringify: true, namedExports: false },
  server: { proxy },
  preview: { proxy },
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3 still uses @import and global Sass functions; its deprecation warnings are not ours.
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
}));
