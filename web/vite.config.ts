import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = import.meta.dirname;
const serverPort = Number(process.env.PORT ?? 8000);

export default defineConfig(({ command }) => ({
  root,
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@common', replacement: path.resolve(root, '../common') },
      // react-router 7 exports its development build (warnings and checks) under every condition; the
      // built SPA takes the production one, ~10 KB gzip less on the entry route. `vite` (dev) keeps the warnings.
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: path.resolve(root, '../node_modules/react-router/dist/production/index.mjs') }]
        : []),
    ],
  },
  build: {
    outDir: path.resolve(root, '..', process.env.WEB_DIST_DIR ?? 'dist/web'),
    emptyOutDir: true,
    // No source maps in the build: they would be served to everyone.
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://localhost:${serverPort}`,
      '/locales': `http://localhost:${serverPort}`,
      '/files': `http://localhost:${serverPort}`,
    },
  },
}));
