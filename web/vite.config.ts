import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { FIRST_VISITS, LANDING_ROUTES } from '../common/first-visit';
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

/**
 * The built index.html carries the favicon (web/public/favicon.svg, 0.25 KB) as a data URI: asked for as its own file,
 * it was one more request, with ~1 KB of headers, on HTTP/1.1's six connections before the first page's largest paint.
 */
function inlineFavicon(): Plugin {
  const svg = fs
    .readFileSync(path.join(root, 'public', 'favicon.svg'), 'utf8')
    .trim()
    .replaceAll('"', "'");
  const dataUri = `data:image/svg+xml,${encodeURIComponent(svg)}`;
  return {
    name: 'plume-inline-favicon',
    apply: 'build',
    transformIndexHtml: (html) => html.replace('href="/favicon.svg"', `href="${dataUri}"`),
  };
}

interface GraphInfo {
  importedIds: readonly string[];
  importers: readonly string[];
  dynamicImporters: readonly string[];
  isEntry: boolean;
}

type ModuleInfoOf = (id: string) => GraphInfo | null;

/**
 * For each module, the landing pages (`LANDING_ROUTES`) whose first render needs it: the static import closure of their
 * page's and first reads' modules, made on the first call.
 */
function landingPagesOf(): (id: string, getModuleInfo: ModuleInfoOf) => string[] | undefined {
  let landingsOf: Map<string, string[]> | undefined;
  return (id, getModuleInfo) => {
    if (!landingsOf) {
      landingsOf = new Map();
      for (const [name, routePath] of Object.entries(LANDING_ROUTES)) {
        const visit = FIRST_VISITS.find((v) => v.path === routePath);
        if (!visit) throw new Error(`No first visit declared for ${routePath}`);
        const seen = new Set<string>();
        const queue = visit.modules.map((m) => path.resolve(root, m));
        while (queue.length) {
          const next = queue.pop()!;
          if (seen.has(next)) continue;
          seen.add(next);
          queue.push(...(getModuleInfo(next)?.importedIds ?? []));
        }
        for (const module of seen) landingsOf.set(module, [...(landingsOf.get(module) ?? []), name]);
      }
    }
    return landingsOf.get(id);
  };
}
const landingPages = landingPagesOf();

const RADIX = /\/node_modules\/(@radix-ui|radix-ui)\//;

/**
 * Our own code that the landing pages' first render needs (their page and first reads' modules' static imports, beyond
 * the entry's) in one chunk per set of landing pages that needs it (`landing-login-options`…), instead of rolldown's own
 * split, one chunk per set of the ~80 dynamic imports (routes, lazy dialogs, menus) that share a module: the login page
 * came in 12 scripts and 5 stylesheets of 0.2–3 KB gzip beside its 14 KB of react-hook-form, each a request with ~1 KB
 * of headers on HTTP/1.1's six connections before its first render. A module that only one dynamic import needs stays
 * in that one's chunk (as before), and so do the page and read modules themselves (the server names them from the
 * manifest). Libraries are left to rolldown, which splits them after tree-shaking, except Radix's: its modules that the
 * landing pages' first render needs (the options page's radio group, the workspace's accordion, My Books' menu) join the
 * group of the landing pages that need them — rolldown split them by the sets of chunks sharing each one, six chunks of
 * 0.3–4 KB gzip on the options page. The web imports each primitive from its own entry point (`radix-ui/radio-group`):
 * radix-ui's barrel imports every primitive, and the graph would find them all needed. Another route, a dialog or a menu
 * that imports a module of such a group downloads the group's chunk whole. `count`: the groups of modules needed by that
 * many landing pages.
 */
function landingGroup(count: number): (id: string, ctx: { getModuleInfo(id: string): GraphInfo | null }) => string | null {
  const pageModules = new Set(FIRST_VISITS.flatMap((v) => v.modules.map((m) => path.resolve(root, m))));
  return (id, ctx) => {
    const landings = landingPages(id, (m) => ctx.getModuleInfo(m));
    if (landings?.length === count && RADIX.test(id)) return `landing-${[...landings].sort().join('-')}`;
    const info = ctx.getModuleInfo(id);
    if (
      !landings ||
      landings.length !== count ||
      !info ||
      id.startsWith('\0') ||
      id.includes('/node_modules/') ||
      info.dynamicImporters.length > 0
    )
      return null;
    // the chunks that import it statically: one only, and it stays in it
    const roots = new Set<string>();
    const seen = new Set<string>();
    const queue = [id];
    while (queue.length) {
      const next = queue.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      const nextInfo = ctx.getModuleInfo(next);
      if (!nextInfo || nextInfo.isEntry || nextInfo.dynamicImporters.length > 0) roots.add(next);
      else queue.push(...nextInfo.importers);
    }
    // a lazy part (a dialog, the chapter list) that shares it: only one loaded by these landing pages' code, else it would
    // download, with the group, code only other landing pages need
    const ownPart = (r: string) =>
      pageModules.has(r) ||
      (ctx.getModuleInfo(r)?.dynamicImporters ?? []).every((d) =>
        landingPages(d, (m) => ctx.getModuleInfo(m))?.some((l) => landings.includes(l)),
      );
    if (roots.size < 2 || ![...roots].every(ownPart)) return null;
    return `landing-${landings.sort().join('-')}`;
  };
}

export default defineConfig(({ command }) => ({
  root,
  plugins: [react(), apiViews(root), preloadFonts(/eb-garamond-600-normal-[\w-]+\.woff2$/), inlineFavicon()],
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
          groups: [
            { name: 'index', tags: ['$initial'], priority: 10 },
            // the entry's group first; then the landing pages' groups, none taking its modules' imports along (rolldown's
            // default would pull the libraries they import, and modules more pages need, into the first group that has an
            // importer): an import goes to its own group or to rolldown's split. No cycle between groups: a module's imports
            // are needed by the same landing pages or more.
            ...Object.keys(LANDING_ROUTES)
              .map((_, i, all) => all.length - i)
              .map((landings) => ({
                name: landingGroup(landings),
                priority: landings,
                includeDependenciesRecursively: false,
              })),
          ],
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
