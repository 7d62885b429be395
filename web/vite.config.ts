import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = import.meta.dirname;
const serverPort = Number(process.env.PORT ?? 8000);

export default defineConfig({
  root,
  plugins: [react()],
  resolve: { alias: { '@common': path.resolve(root, '../common') } },
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
});
