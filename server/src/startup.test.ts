import path from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Libraries only some requests need, each taking tens to hundreds of milliseconds to load (pdfkit with
 * fontkit ~0.3 s, jszip ~0.1 s): imported on first use, so the server answers sooner after it starts.
 */
const ON_FIRST_USE = [
  'pdfkit',
  'fontkit',
  'jszip',
  'node-id3',
  'music-metadata',
  'sharp',
  'mammoth',
  'word-extractor',
  'nodemailer',
  'pg',
  'docx',
  'epub-gen-memory',
  'hyphen',
];

const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Every package server.ts loads before it listens: static imports followed from it (not `await import()`). */
async function packagesLoadedAtStart(): Promise<Set<string>> {
  const { metafile } = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ['server/src/server.ts'],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    outdir: 'unused',
    logLevel: 'silent',
  });
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of metafile.inputs[file].imports) {
      if (imported.kind !== 'import-statement') continue;
      if (imported.external) packages.add(packageOf(imported.path));
      else visit(imported.path);
    }
  };
  visit('server/src/server.ts');
  return packages;
}

describe('the server’s start', () => {
  it('loads the libraries only some requests need on their first use, not before listening', async () => {
    const loaded = await packagesLoadedAtStart();
    expect(loaded).toContain('fastify'); // the walk does follow the server's imports
    expect(ON_FIRST_USE.filter((name) => loaded.has(name))).toEqual([]);
  });
});
