import { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, createBook, createUser, type TestApp } from '../../test/helpers';
import { multipart } from '../../test/fixtures/books/forms';
import { sampleBook } from '../../test/sample-books';
import { EXPORT_NICE, EXPORT_PROCESS_EXIT, ExportPool, exportPool } from './pool';
import type { ExportJob } from './worker';

/**
 * Exports run in child processes (docs/decisions/0050-export-processes.md): a process's exit gives the system
 * back all the memory of the export, and a process dying under an export refuses that export only.
 */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('export processes', () => {
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    app = await buildTestApp();
    owner = await createUser(app);
  });
  afterAll(async () => app?.close());

  async function book(chapters: number, wordsPerChapter: number) {
    const source = sampleBook('en', { chapters, wordsPerChapter });
    return (await createBook(app, { userId: owner.id }, { checkpoint: source.checkpoint, bookName: source.book_name })).id;
  }
  const generate = (id: number) => {
    const form = multipart({ service_session_id: String(id) });
    return app.inject({
      method: 'POST',
      url: '/api/postGenerateBook',
      payload: form.payload,
      headers: { ...form.headers, ...owner.headers },
    });
  };

  it('runs an export in a child process, at a lower priority than the server, that exits once idle (its memory goes back to the system); the next export starts a new one', async () => {
    const id = await book(2, 100);
    expect((await generate(id)).statusCode).toBe(200);
    const [first] = exportPool.pids;
    expect(exportPool.pids).toHaveLength(1);
    expect(first).not.toBe(process.pid);
    expect(alive(first)).toBe(true);
    // it yields the CPU to the server's requests
    expect(os.getPriority(first)).toBe(EXPORT_NICE);
    await vi.waitFor(() => expect([exportPool.pids, alive(first)]).toEqual([[], false]), { timeout: 15_000, interval: 50 });

    expect((await generate(id)).statusCode).toBe(200);
    expect(exportPool.pids).toHaveLength(1);
    expect(exportPool.pids[0]).not.toBe(first);
  }, 60_000);

  it('refuses an export whose process dies under it (413 exports.too_heavy); the server keeps answering and the next export is made', async () => {
    const id = await book(30, 1500);
    const answer = generate(id);
    await vi.waitFor(() => expect(exportPool.running).toHaveLength(1), { timeout: 15_000, interval: 5 });
    process.kill(exportPool.running[0], 'SIGKILL');
    const refused = await answer;
    expect([refused.statusCode, refused.json().code]).toEqual([413, 'exports.too_heavy']);

    expect((await app.inject({ method: 'GET', url: '/api/tools' })).statusCode).toBe(200);
    expect((await generate(await book(2, 100))).statusCode).toBe(200);
  }, 120_000);

  it('never hands an export to a process it is ending (idle, not yet exited): the export goes to a new process', async () => {
    const pool = new ExportPool({ max: 1, idleMs: 50, heapMb: 512 });
    const job: ExportJob = {
      kind: 'pdf+epub',
      source: { ...sampleBook('en', { chapters: 2, wordsPerChapter: 100 }), author: 'Ada' },
      language: 'en',
      images: new Map(),
      trim: 'a5',
      identifier: 'urn:plume:test',
    };
    await pool.run(job);
    const [idle] = pool.pids;
    // the next export is asked for just as the idle process is told to end, before it has exited
    let next: ReturnType<ExportPool['run']> | undefined;
    const kill = ChildProcess.prototype.kill;
    const asked = vi.spyOn(ChildProcess.prototype, 'kill').mockImplementation(function (this: ChildProcess, signal) {
      const sent = kill.call(this, signal);
      // that process's end only: the earlier tests' export processes may be ended meanwhile, and a run asked for then
      // would rightly go to this pool's idle process
      if (this.pid === idle) next ??= pool.run(job);
      return sent;
    });
    try {
      await vi.waitFor(() => expect(next).toBeDefined(), { timeout: 5_000, interval: 10 });
    } finally {
      asked.mockRestore();
    }
    expect((await next!).files['book.pdf'].byteLength).toBeGreaterThan(0);
    expect(pool.completed).toBe(2);
    expect(pool.pids).not.toContain(idle);
    await vi.waitFor(() => expect(pool.pids).toEqual([]), { timeout: 15_000, interval: 50 });
  }, 60_000);

  it('stops an export past its heap limit by ending its process only; the same pool makes the next export', async () => {
    const pool = new ExportPool({ max: 1, idleMs: 100, heapMb: 32 });
    const job = (chapters: number, wordsPerChapter: number): ExportJob => ({
      kind: 'pdf+epub',
      source: { ...sampleBook('en', { chapters, wordsPerChapter }), author: 'Ada' },
      language: 'en',
      images: new Map(),
      trim: 'a5',
      identifier: 'urn:plume:test',
    });
    // 100 000 words do not fit in 32 MB of heap (they do in the 512 MB an export is given).
    await expect(pool.run(job(40, 2500))).rejects.toMatchObject({ code: EXPORT_PROCESS_EXIT });
    expect((await pool.run(job(2, 100))).files['book.pdf'].byteLength).toBeGreaterThan(0);
    expect(pool.completed).toBe(1);
    await vi.waitFor(() => expect(pool.pids).toEqual([]), { timeout: 15_000, interval: 50 });
  }, 120_000);
});
