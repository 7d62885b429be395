import path from 'node:path';
import { Piscina } from 'piscina';
import type { ReadSectionJob, ReadSectionResult } from './worker';

/**
 * Speech synthesis and MP3 encoding run in one worker thread, never on the request thread (a
 * book is minutes of CPU). From the sources (tsx, vitest) the worker is the TypeScript file; built,
 * it is dist/server/audio-worker.js (scripts/build.mjs). One thread: a server makes one audiobook
 * at a time, in the order they were asked for.
 */
const fromSources = import.meta.url.endsWith('.ts');
const audioPool = new Piscina<ReadSectionJob, ReadSectionResult>({
  filename: fromSources ? path.join(import.meta.dirname, 'worker.ts') : path.join(import.meta.dirname, 'audio-worker.js'),
  name: 'readSection',
  execArgv: fromSources ? ['--import', 'tsx'] : [],
  minThreads: 0,
  maxThreads: 1,
  idleTimeout: 5_000,
  resourceLimits: { maxOldGenerationSizeMb: 256 },
});

export async function readSectionInWorker(job: ReadSectionJob, signal?: AbortSignal): Promise<ReadSectionResult & { mp3: Buffer }> {
  const result = await audioPool.run(job, { signal });
  return { ...result, mp3: Buffer.from(result.mp3.buffer, result.mp3.byteOffset, result.mp3.byteLength) };
}
