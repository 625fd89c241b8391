import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: { alias: command === 'build' ? reactRouterProduction : {} },
  build: { outDir: 'dist', emptyOutDir: true },
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
