import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API serves the built app and owns /api and /media; in development Vite forwards them to it.
const apiOrigin = 'http://localhost:3000';
const proxy = { '/api': apiOrigin, '/media': apiOrigin };

export default defineConfig({
  plugins: [react()],
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
});
