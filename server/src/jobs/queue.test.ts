import { spawn } from 'node:child_process';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { createQueue, type JobHandler, type Queue, type QueueOptions } from './queue';

/**
 * The queue's semantics on the database the tests run on: pg-boss with DATABASE_URL (PostgreSQL),
 * the in-process table queue on SQLite (issue 13 item 5, docs/decisions/0030-job-queue.md).
 */
let app: TestApp;
const queues: Queue[] = [];
const log = pino({ level: 'silent' });
const onPostgres = Boolean(process.env.DATABASE_URL);
let kindCounter = 0;
const newKind = () => `test_${++kindCounter}_${Date.now().toString(36)}`;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await app.close();
});

/** One more server node on the test's database. */
function node(options: Partial<QueueOptions> = {}) {
  const queue = createQueue(app.ctx.db, { log, databaseUrl: app.ctx.config.DATABASE_URL, pollMs: 50, leaseMs: 2_000, ...options });
  queues.push(queue);
  return queue;
}

function recorder(overrides: Partial<JobHandler> & { run: JobHandler['run'] }) {
  const failed: Array<[number, string]> = [];
  const handler: JobHandler = { failed: async (refId, reason) => void failed.push([refId, reason]), ...overrides };
  return { handler, failed };
}

describe(`the job queue on ${onPostgres ? 'PostgreSQL (pg-boss)' : 'SQLite (in-process)'}`, () => {
  it('runs an enqueued job once; idle() waits for it', async () => {
    const kind = newKind();
    const ran: number[] = [];
    const queue = node();
    queue.handle(kind, recorder({ run: async (refId) => void ran.push(refId) }).handler);
    queue.start();
    await queue.enqueue(kind, 7);
    await queue.enqueue(kind, 8);
    await queue.idle();
    expect(ran.sort()).toEqual([7, 8]);
  });

  it('tries a job that threw again after the retry delay, and it goes through once the outage ends', async () => {
    const kind = newKind();
    let down = true;
    const attempts: boolean[] = [];
    const { handler, failed } = recorder({
      retries: 3,
      run: async () => {
        attempts.push(down);
        if (down) throw new Error('connect ECONNREFUSED');
      },
    });
    const queue = node({ retryDelayMs: 1_000 });
    queue.handle(kind, handler);
    queue.start();
    await queue.enqueue(kind, 1);
    // tried once, failed, waiting for its retry: nothing runnable now
    await queue.idle();
    expect(attempts).toEqual([true]);
    down = false;
    await expect.poll(() => attempts, { timeout: 15_000, interval: 100 }).toEqual([true, false]);
    await queue.idle();
    expect(failed).toEqual([]);
  });

  it('fails a job for good once its retries are spent, and tells the handler why', async () => {
    const kind = newKind();
    let runs = 0;
    const { handler, failed } = recorder({
      retries: 1,
      run: async () => {
        runs += 1;
        throw new Error('the mail server said no');
      },
    });
    const queue = node({ retryDelayMs: 0 });
    queue.handle(kind, handler);
    queue.start();
    await queue.enqueue(kind, 42);
    await expect.poll(() => failed, { timeout: 15_000, interval: 100 }).toEqual([[42, 'the mail server said no']]);
    expect(runs).toBe(2);
  });

  it('a job without retries fails at its first error', async () => {
    const kind = newKind();
    let runs = 0;
    const { handler, failed } = recorder({
      run: async () => {
        runs += 1;
        throw new Error('boom');
      },
    });
    const queue = node({ retryDelayMs: 0 });
    queue.handle(kind, handler);
    queue.start();
    await queue.enqueue(kind, 5);
    await expect.poll(() => failed, { timeout: 15_000, interval: 100 }).toEqual([[5, 'boom']]);
    expect(runs).toBe(1);
  });

  it('a graceful stop hands the running job back: the next start runs it again at once', async () => {
    const kind = newKind();
    const runs: string[] = [];
    let started!: () => void;
    const startedOnce = new Promise<void>((resolve) => (started = resolve));
    // a lease far longer than the test: only the hand-back lets the second node have the job
    const first = node({ leaseMs: 600_000 });
    first.handle(kind, {
      failed: async () => undefined,
      run: (_refId, { signal }) =>
        new Promise<void>((_resolve, reject) => {
          runs.push('first');
          started();
          signal.addEventListener('abort', () => reject(signal.reason as Error));
        }),
    });
    first.start();
    await first.enqueue(kind, 3);
    await startedOnce;
    await first.stop();

    const second = node({ leaseMs: 600_000 });
    const { handler, failed } = recorder({ run: async () => void runs.push('second') });
    second.handle(kind, handler);
    second.start();
    await expect.poll(() => runs, { timeout: 15_000, interval: 100 }).toEqual(['first', 'second']);
    expect(failed).toEqual([]);
  });
});

describe.runIf(onPostgres)('several server nodes on one PostgreSQL database (pg-boss)', () => {
  it('share the work: while one node is busy, the other takes the next job', async () => {
    const kind = newKind();
    const byNode: Record<string, number[]> = { a: [], b: [] };
    let bDidOne!: () => void;
    const bBusy = new Promise<void>((resolve) => (bDidOne = resolve));
    const a = node();
    const b = node();
    // a holds its first job until b has done one: both must have taken work
    a.handle(kind, {
      failed: async () => undefined,
      run: async (refId) => {
        byNode.a.push(refId);
        await bBusy;
      },
    });
    b.handle(kind, {
      failed: async () => undefined,
      run: async (refId) => {
        byNode.b.push(refId);
        bDidOne();
      },
    });
    a.start();
    b.start();
    for (const refId of [1, 2, 3, 4]) await a.enqueue(kind, refId);
    await expect.poll(() => [...byNode.a, ...byNode.b].sort(), { timeout: 15_000, interval: 100 }).toEqual([1, 2, 3, 4]);
    expect(byNode.a.length).toBeGreaterThan(0);
    expect(byNode.b.length).toBeGreaterThan(0);
  });

  it('picks up the job of a node that died (SIGKILL) once its lease lapses', async () => {
    const kind = newKind();
    const survivor = node({ leaseMs: 1_000 });
    const ran: number[] = [];
    const { handler, failed } = recorder({ run: async (refId) => void ran.push(refId) });
    survivor.handle(kind, handler);
    // the survivor only starts working once the other node has the job
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, '../../test/queue-node.ts'), app.ctx.config.DATABASE_URL!, kind, '1000'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const sender = node();
    sender.handle(kind, handler);
    await sender.enqueue(kind, 99);
    await expect.poll(() => out, { timeout: 30_000, interval: 100 }).toContain('started 99');
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    survivor.start();
    await expect.poll(() => ran, { timeout: 20_000, interval: 100 }).toEqual([99]);
    expect(failed).toEqual([]);
  }, 60_000);
});
