import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One runner for every suite. The API suite runs on PGlite by default and on PostgreSQL when
// TEST_DATABASE_URL is set; the e2e suite drives the system Chromium against a built app.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: './packages/shared', environment: 'node' } },
      {
        test: {
          name: 'api',
          root: './apps/api',
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
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
          fileParallelism: false,
        },
      },
    ],
  },
});
