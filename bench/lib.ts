/**
 * What every bench script shares: figures printed beside their same-run anchor (collected by
 * bench/run.ts into bench/results.md), medians, the built server started as a child process, RSS.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { makePng, sampleBook } from '../server/test/sample-books';
import { createBook, createUser } from '../server/test/helpers';
import { storeSessionImage } from '../server/src/books/files';
import { normalizeImage } from '../server/src/images/normalize-image';
import { COVER_IMAGE_KEY, chapterPhotoKey } from '@common/image-keys';

export interface Figure {
  name: string;
  value: number;
  anchor: string;
  anchorValue: number;
  unit: string;
  goal: string;
}

/** Prints a figure beside its anchor; bench/run.ts reads the `BENCH ` lines. */
export function figure(f: Figure): void {
  console.log(`${f.name}: ${f.value} ${f.unit} (anchor, ${f.anchor}: ${f.anchorValue} ${f.unit}; goal ${f.goal})`);
  console.log(`BENCH ${JSON.stringify(f)}`);
}

export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
export const median = (values: number[]) => quantile(values, 0.5);
export const round = (n: number, digits = 0) => Number(n.toFixed(digits));

export const ROOT = path.resolve(import.meta.dirname, '..');
export const BARE_SERVER = path.join(ROOT, 'bench/bare-server.mjs');

export interface Child {
  process: ChildProcess;
  url: string;
  /** Milliseconds from spawn to the first 200 on the probe path (/api/tools unless told). */
  readyMs: number;
  stop(): Promise<void>;
}

/** The allocator settings production runs with (README, "Running in production"; `npm start`). */
export const MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' };

// BENCH_PORT: another first port, when 8190 is taken by something outside the bench
let nextPort = Number(process.env.BENCH_PORT ?? 8190);

/** Starts `node args…` with PORT set and waits (polling) for its first answer on `probe` (/api/tools). */
export async function startChild(
  args: string[],
  env: Record<string, string> = {},
  options: { port?: number; probe?: string } = {},
): Promise<Child> {
  const port = options.port ?? nextPort++;
  const probe = options.probe ?? '/api/tools';
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SECRET_KEY: 'bench-secret-key-0123456789-abcdefghijkl',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node ${args.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}${probe}`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const readyMs = performance.now() - started;
  return {
    process: child,
    url,
    readyMs,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident memory of a process and its threads, in MB (Linux). */
export function rssMb(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return round(Number(line.split(/\s+/)[1]) / 1024, 1);
}

/** RSS of a process and of its child processes (Linux), in MB; 0 for a process gone meanwhile. */
export function treeRssMb(pid: number): number {
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    return round(rssMb(pid) + children.reduce((sum, child) => sum + treeRssMb(child), 0), 1);
  } catch {
    return 0; // exited meanwhile
  }
}

/** CPU time a process has used so far (all its threads, user + system), in ms (Linux). */
export function cpuMs(pid: number): number {
  // fields after the command name, which is in parentheses: state is the 3rd field, utime the 14th, stime the 15th
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms (CLK_TCK 100)
}

/**
 * A data folder holding a signed-in user (`token`, `headers`) and their paid book: 30 chapters of 3 333
 * words (100 000 in all) unless told, two photos per chapter and a cover.
 */
export async function prepareBookData({ chapters = 30, wordsPerChapter = 3333 } = {}): Promise<{
  dataDir: string;
  token: string;
  headers: Record<string, string>;
  bookId: number;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plume-bench-'));
  const app = await buildApp(loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, CAPTCHA_PROVIDER: 'none' }), {
    logger: false,
  });
  const user = await createUser(app);
  const source = sampleBook('en', { chapters, wordsPerChapter });
  const row = await createBook(app, { userId: user.id }, { checkpoint: source.checkpoint, bookName: source.book_name, paid: true });
  // stored as an upload is (made safe, then kept and recorded): the book's reads list them
  const attach = async (key: string, png: Buffer) => storeSessionImage(app.ctx, row.id, key, await normalizeImage(png));
  await attach(COVER_IMAGE_KEY, makePng(480, 640, 99));
  for (const [index, chapter] of source.checkpoint.data.entries()) {
    await attach(chapterPhotoKey(chapter.id, 0), makePng(640, 420, index));
    await attach(chapterPhotoKey(chapter.id, 1), makePng(460, 600, index + 50));
  }
  await app.close();
  return { dataDir, token: user.token, headers: user.headers, bookId: row.id };
}

/** postGenerateBook as the workspace sends it (multipart, no new photos). */
export function generateBook(url: string, headers: Record<string, string>, bookId: number): Promise<Response> {
  const form = new FormData();
  form.set('service_session_id', String(bookId));
  return fetch(`${url}/api/postGenerateBook`, { method: 'POST', headers, body: form });
}
