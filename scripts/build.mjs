/**
 * Builds what production runs: the SPA (Vite, into WEB_DIST_DIR) and the server (esbuild, into
 * dist/server, run with plain node). Each output keeps the hash of its sources in `.source-hash`, so
 * `npm start` rebuilds only what changed. `node scripts/build.mjs` alone builds both, unconditionally;
 * with `--if-changed`, only those whose sources changed.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_DIR = path.join(ROOT, 'dist/server');
export const webDir = () => path.resolve(ROOT, process.env.WEB_DIST_DIR ?? 'dist/web');

const HASH_FILE = '.source-hash';
/** Sources each output is made from (folders are read recursively). */
const SOURCES = {
  web: ['web', 'common', 'package-lock.json', 'scripts/build.mjs'],
  server: ['server/src', 'common', 'package-lock.json', 'scripts/build.mjs'],
};

function files(entry) {
  const full = path.join(ROOT, entry);
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && !/\.test\.tsx?$/.test(d.name))
    .map((d) => path.relative(ROOT, path.join(d.parentPath, d.name)))
    .sort();
}

/** Hash of the contents of every source file of one output. */
export function sourceHash(kind) {
  const hash = createHash('sha256');
  for (const file of SOURCES[kind].flatMap(files))
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(ROOT, file)));
  return hash.digest('hex');
}

export function isCurrent(kind, outDir) {
  try {
    return fs.readFileSync(path.join(outDir, HASH_FILE), 'utf8') === sourceHash(kind);
  } catch {
    return false;
  }
}

/** Every text file of the build, also as .br and .gz, served as such by the server (@fastify/static preCompressed). */
function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(js|css|html|svg|json|txt)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const data = fs.readFileSync(file);
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(data, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  }
}

export async function buildWeb() {
  const { build } = await import('vite');
  await build({ configFile: path.join(ROOT, 'web/vite.config.ts'), logLevel: 'warn' });
  precompress(webDir());
  fs.writeFileSync(path.join(webDir(), HASH_FILE), sourceHash('web'));
}

/** Packages left to node_modules: native addons, and those that read their own files or start workers. */
const NOT_BUNDLED = [
  'better-sqlite3',
  'pg',
  'pg-native',
  '@node-rs/argon2',
  'sharp',
  'piscina',
  'pdfkit',
  'fontkit',
  'hyphen',
  'docx',
  'epub-gen-memory',
  'mammoth',
  'word-extractor',
  'nodemailer',
  'jszip',
  '@echogarden/svoxpico-wasm',
  '@echogarden/espeak-ng-emscripten',
  'wasm-media-encoders',
  'node-id3',
];

/** The server into `outDir` (dist/server; a test builds it elsewhere inside the repository, where node_modules is found). */
export async function buildServer(outDir = SERVER_DIR) {
  const esbuild = await import('esbuild');
  fs.rmSync(outDir, { recursive: true, force: true });
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    absWorkingDir: ROOT,
  };
  // The server with its pure-JS dependencies in one file: node starts it without resolving and
  // compiling a thousand modules. `require` is defined for the CommonJS packages inside.
  await esbuild.build({
    ...common,
    entryPoints: { server: 'server/src/server.ts' },
    outdir: outDir,
    external: NOT_BUNDLED,
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  // The export process (server/src/exports/pool.ts), the audiobook worker and the migrations, read from a folder at run
  // time (server/src/db/index.ts): their packages stay in node_modules.
  await esbuild.build({
    ...common,
    packages: 'external',
    entryPoints: { 'export-process': 'server/src/exports/export-process.ts', 'audio-worker': 'server/src/audiobook/worker.ts' },
    outdir: outDir,
  });
  const migrations = files('server/src/db/migrations').filter((f) => /\/\d{4}_[^/]*\.ts$/.test(f));
  await esbuild.build({ ...common, packages: 'external', entryPoints: migrations, outdir: path.join(outDir, 'migrations') });
  fs.writeFileSync(path.join(outDir, HASH_FILE), sourceHash('server'));
}

// `--if-changed` skips an output whose sources did not change (the e2e run on PostgreSQL reuses the SQLite run's build)
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const ifChanged = process.argv.includes('--if-changed');
  if (!ifChanged || !isCurrent('web', webDir())) await buildWeb();
  if (!ifChanged || !isCurrent('server', SERVER_DIR)) await buildServer();
}
