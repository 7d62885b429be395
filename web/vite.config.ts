import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { apiViews } from './api-views';

const root = import.meta.dirname;
const serverPort = Number(process.env.PORT ?? 8000);

/**
 * Preloads the face above the fold on every page (the header's brand name, 600) from the built index.html,
 * with its hashed name: it is otherwise found only once the CSS has arrived and the page has rendered. The
 * titles' faces differ by page (the story choice 500; the options, login and workspace pages 700): one
 * preloaded for all would be a download the others wait beside without using it.
 */
function preloadFonts(faces: RegExp): Plugin {
  return {
    name: 'plume-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx) =>
        Object.keys(ctx.bundle ?? {})
          .filter((file) => faces.test(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
            injectTo: 'head' as const,
          })),
    },
  };
}

export default defineConfig(({ command }) => ({
  root,
  plugins: [react(), apiViews(root), preloadFonts(/eb-garamond-latin-600-normal-[\w-]+\.woff2$/)],
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
    // dist/web/.vite/manifest.json: the server names each route's chunks in the HTML it serves (server/src/http/spa-page.ts)
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The entry's whole static graph in one file. Left to itself, rolldown puts each module the entry
          // shares with a route's chunk (react, the JSX runtime, i18next, the API client…) in a chunk of its
          // own: 15 files to download before the first render, on HTTP/1.1's six connections, ahead of the
          // route's own. The route chunks import them from the entry's file instead.
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
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
