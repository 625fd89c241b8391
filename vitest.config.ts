import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { wordsFiles } from './apps/web/words-plugin.ts';

// One runner for every suite. The API suite runs on PGlite by default and on PostgreSQL when
// TEST_DATABASE_URL is set; the e2e suite drives the system Chromium against a built app.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, with the main
    // process mostly idle. Two keep both cores busy (decision 034).
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', root: './packages/shared', environment: 'node' } },
      {
        test: {
          name: 'api',
          root: './apps/api',
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          // A worker loads the packages (Fastify, PGlite, sharp…) once for all its test files instead of once
          // per file; test/setup.ts makes our own modules start afresh for each file (decision 034).
          isolate: false,
          setupFiles: ['./test/setup.ts'],
          // On PostgreSQL one file at a time: the files' databases share one server, whose snapshot horizon
          // (live events hold back what an older open transaction may still write, decision 023) spans them.
          maxWorkers: process.env.TEST_DATABASE_URL ? 1 : 2,
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The words' addresses (virtual:oja-words), as the web build has them.
        plugins: [react(), wordsFiles(fileURLToPath(new URL('./apps/web', import.meta.url)))],
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          // A worker keeps jsdom, React, Testing Library, MSW… for all its test files instead of setting them
          // up once per file; test/fresh-modules.ts makes our own modules and the document start afresh for each
          // file (decision 037).
          isolate: false,
          setupFiles: ['./src/test/fresh-modules.ts', './src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          root: './e2e',
          environment: 'node',
          include: ['**/*.spec.ts'],
          globalSetup: ['./global-setup.ts'],
          setupFiles: ['./support/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Three journey files at a time, on the one server (decision 085): a journey mostly waits on Chromium
          // and the server, and each makes its own users and listings and looks only at them. Each worker
          // loads playwright-core once (isolate: false; the support modules keep no per-file state: each file
          // launches its own browser). After the other projects (groupOrder 2) under `npx vitest run`; beside
          // them under `npm test` (scripts/test.mjs).
          maxWorkers: 3,
          // A journey that fails is run once more, and both results are printed: a real browser on a loaded
          // two-core machine has timing races a rerun tells apart from a broken journey (decision 068); a
          // journey that fails twice fails the run.
          retry: 1,
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
