import os from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import type { ExportJob, ExportResult } from './worker';

/** Heap allowed to one export (a worker past it is stopped and its export refused, the server keeps running). */
const EXPORT_HEAP_MB = 512;
/** An idle worker exits after this, so the memory of the last export goes back to the system. */
const IDLE_MS = 2_000;

/**
 * Typesetting and EPUB/DOCX building run in worker threads, never on the request thread: as many
 * threads as the machine has cores but one (at least one), created on demand. From the sources
 * (tsx, vitest) the worker is the TypeScript file, loaded through tsx; built, it is
 * dist/server/export-worker.js beside server.js (scripts/build.mjs).
 */
const fromSources = import.meta.url.endsWith('.ts');
export const exportPool = new Piscina<ExportJob, ExportResult>({
  filename: fromSources ? path.join(import.meta.dirname, 'worker.ts') : path.join(import.meta.dirname, 'export-worker.js'),
  name: 'runExport',
  execArgv: fromSources ? ['--import', 'tsx'] : [],
  minThreads: 0,
  maxThreads: Math.max(1, os.availableParallelism() - 1),
  idleTimeout: IDLE_MS,
  resourceLimits: { maxOldGenerationSizeMb: EXPORT_HEAP_MB },
});

/** Runs one export in the pool; the files come back as Buffers. */
export async function runExport(job: ExportJob): Promise<Omit<ExportResult, 'files'> & { files: Record<string, Buffer> }> {
  const result = await exportPool.run(job);
  const files = Object.fromEntries(
    Object.entries(result.files).map(([name, bytes]) => [name, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
  );
  return { ...result, files };
}

/**
 * Once the last export worker has exited, one full collection hands the export's garbage back (its files'
 * Buffers, the young generation it grew) instead of leaving it to an idle server that never needs the
 * space: ~35 MB measured (docs/performance.md, "Memory after an export"). `gc` exists only when node runs
 * with --expose-gc, as `npm start` and the README's systemd unit run it.
 */
exportPool.on('workerDestroy', () =>
  setImmediate(() => {
    if (exportPool.threads.length === 0) globalThis.gc?.();
  }),
);
