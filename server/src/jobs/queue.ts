import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';

/**
 * One queue for background work (audiobooks today; printing and mail can join). Jobs are rows of
 * `jobs`: a worker claims one with a single conditional UPDATE that sets a lease, renews the lease
 * while it works, and marks it done or failed. A job whose lease ran out (its server crashed or was
 * restarted) is claimed again by the next worker that looks — on this node after a restart, or on
 * another node sharing the PostgreSQL database. The same code runs on SQLite and PostgreSQL
 * (docs/decisions/0030-job-queue.md says why not pg-boss).
 */
export interface JobControl {
  /** Aborted when the server stops: the job ends early and is picked up again later. */
  signal: AbortSignal;
}
export interface JobHandler {
  run(refId: number, control: JobControl): Promise<void>;
  /** The job failed for good (its error, or too many lost attempts): record it where users see it. */
  failed(refId: number, reason: string): Promise<void>;
}

export interface Queue {
  enqueue(kind: string, refId: number): Promise<void>;
  handle(kind: string, handler: JobHandler): void;
  start(): void;
  /** Stops taking jobs and aborts the running one (its lease lapses; it resumes at the next start). */
  stop(): Promise<void>;
  /** Resolves when no job is waiting or running (tests, shutdown). */
  idle(): Promise<void>;
}

export interface QueueOptions {
  log: FastifyBaseLogger;
  leaseMs?: number;
  pollMs?: number;
  /** A job that keeps losing its worker (a crash each time) is failed after this many claims. */
  maxAttempts?: number;
  now?: () => Date;
}

export function createQueue(db: Db, options: QueueOptions): Queue {
  const { log, leaseMs = 60_000, pollMs = 2_000, maxAttempts = 3, now = () => new Date() } = options;
  const handlers = new Map<string, JobHandler>();
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  let abort = new AbortController();
  const waiters: Array<() => void> = [];

  const claimable = (at: string) =>
    db
      .selectFrom('jobs')
      .select(['id', 'kind', 'ref_id', 'attempts'])
      .where('kind', 'in', [...handlers.keys()])
      .where((eb) => eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('lease_until', '<', at)])]))
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();

  async function claim() {
    const at = now().toISOString();
    const job = await claimable(at);
    if (!job) return null;
    const lease = new Date(now().getTime() + leaseMs).toISOString();
    const result = await db
      .updateTable('jobs')
      .set({ state: 'running', lease_until: lease, attempts: job.attempts + 1, updated_at: at })
      .where('id', '=', job.id)
      .where('attempts', '=', job.attempts)
      .where((eb) => eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('lease_until', '<', at)])]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? { ...job, attempts: job.attempts + 1 } : null;
  }

  const finish = (id: number, state: 'done' | 'failed', error: string | null) =>
    db.updateTable('jobs').set({ state, error, lease_until: null, updated_at: now().toISOString() }).where('id', '=', id).execute();

  async function work() {
    for (;;) {
      if (stopped) return;
      const job = await claim();
      if (!job) return;
      const handler = handlers.get(job.kind)!;
      if (job.attempts > maxAttempts) {
        await finish(job.id, 'failed', 'too many attempts');
        await handler.failed(job.ref_id, 'too many attempts');
        continue;
      }
      const renew = setInterval(() => {
        const lease = new Date(now().getTime() + leaseMs).toISOString();
        db.updateTable('jobs')
          .set({ lease_until: lease })
          .where('id', '=', job.id)
          .where('state', '=', 'running')
          .execute()
          .catch(() => undefined);
      }, leaseMs / 3);
      try {
        await handler.run(job.ref_id, { signal: abort.signal });
        await finish(job.id, 'done', null);
      } catch (error) {
        if (abort.signal.aborted) {
          // stopping: hand the job back, so the next start (or another node) resumes it at once
          await db.updateTable('jobs').set({ state: 'queued', lease_until: null }).where('id', '=', job.id).execute();
          return;
        }
        log.error({ err: error, job: job.id, kind: job.kind }, 'job failed');
        const reason = String((error as Error).message ?? error).slice(0, 500);
        await finish(job.id, 'failed', reason);
        await handler.failed(job.ref_id, reason);
      } finally {
        clearInterval(renew);
      }
    }
  }

  function kick() {
    if (stopped || running) return;
    running = work()
      .catch((error: unknown) => log.error({ err: error }, 'job queue'))
      .finally(() => {
        running = null;
        if (waiters.length) void settleWaiters();
      });
  }

  async function settleWaiters() {
    if (running || (await claimable(now().toISOString()))) return;
    for (const resolve of waiters.splice(0)) resolve();
  }

  return {
    async enqueue(kind, refId) {
      const at = now().toISOString();
      await db.insertInto('jobs').values({ kind, ref_id: refId, state: 'queued', attempts: 0, created_at: at, updated_at: at }).execute();
      kick();
    },
    handle(kind, handler) {
      handlers.set(kind, handler);
    },
    start() {
      if (!stopped) return;
      stopped = false;
      abort = new AbortController();
      timer = setInterval(kick, pollMs);
      timer.unref();
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      abort.abort(new Error('server stopping'));
      await running;
    },
    idle() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        void settleWaiters();
      });
    },
  };
}
