import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
// Note: by path, so that the config's bundler includes it (the shared package is TypeScript source).
import { LANGUAGES } from '../../packages/shared/src/constants';
import { pickFirstViewWords } from '../../packages/shared/src/languages';

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

const distDir = fileURLToPath(new URL('./dist', import.meta.url));

// The service worker keeps only the app shell ahead of time: index.html and the files it loads itself.
// Every other page's script, and every picture, is kept once the user has seen it (src/sw/sw.ts), so a
// first visit on paid data downloads nothing the user did not ask for.
function onlyTheShell<Entry extends { url: string }>(entries: Entry[]) {
  const indexHtml = readFileSync(`${distDir}/index.html`, 'utf8');
  const manifest = entries.filter(
    (entry) => entry.url === 'index.html' || indexHtml.includes(`/${entry.url}`),
  );
  return { manifest, warnings: [] };
}

// The pages a visitor often opens cold (the home page; a product shared on WhatsApp). The server names
// their scripts and styles in the HTML so they download beside the entry script instead of after it
// (apps/api first-view.ts, decision 022), and draws their first view with the words of first-view-words.json.
const firstViewRoutes = {
  home: 'src/features/products/routes/home.tsx',
  product: 'src/features/products/routes/product.tsx',
};

function routeChunks(): Plugin {
  return {
    name: 'oja-route-chunks',
    apply: 'build',
    // After Vite's own CSS step, which removes the chunks that only carried a stylesheet: the pages named a
    // script that did not exist (products.js of products.scss, answered with a 404 on every first view).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const result: Record<string, { scripts: string[]; styles: string[] }> = {};
        for (const [name, source] of Object.entries(firstViewRoutes)) {
          const route = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(source));
          if (!route) throw new Error(`route-chunks: no chunk for ${source}`);
          // The route's chunk and every chunk it imports statically, except the entry (already in the page).
          const scripts: string[] = [];
          const styles = new Set<string>();
          const visit = (fileName: string) => {
            const chunk = byFile.get(fileName);
            if (!chunk || chunk.isEntry || scripts.includes(fileName)) return;
            scripts.push(fileName);
            for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
            chunk.imports.forEach(visit);
          };
          visit(route.fileName);
          result[name] = { scripts, styles: [...styles] };
        }
        this.emitFile({
          type: 'asset',
          fileName: 'route-chunks.json',
          source: JSON.stringify(result, null, 2),
        });
        // The few words the server draws into those pages' first view, in each language, from the bundles
        // the app itself uses (decision 027).
        const words = Object.fromEntries(
          LANGUAGES.map((language) => [
            language,
            pickFirstViewWords(
              JSON.parse(readFileSync(new URL(`./src/i18n/${language}.json`, import.meta.url), 'utf8')),
            ),
          ]),
        );
        this.emitFile({
          type: 'asset',
          fileName: 'first-view-words.json',
          source: JSON.stringify(words, null, 2),
        });
      },
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

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    routeChunks(),
    bootPreloads(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // Registered by src/lib/service-worker.ts, after the page has loaded.
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg}'],
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
  resolve: { alias: command === 'build' ? reactRouterProduction : {} },
  build: { outDir: 'dist', emptyOutDir: true },
  // The word bundles (en.json is in the first view's i18n chunk, 40 KB) as JSON.parse of a string, which a
  // phone parses several times faster than the same object written as JavaScript (decision 036).
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
