import type { Db } from '../db';
import { DEFAULT_LEASE_MS, DEFAULT_MAX_ATTEMPTS, DEFAULT_RETRY_DELAY_MS, type JobHandler, type Queue, type QueueOptions } from './types';
import { createWorkerLoop } from './worker-loop';

/**
 * The in-process queue (SQLite; see queue.ts). Jobs are rows of `jobs`: a worker claims one with a
 * single conditional UPDATE that sets a lease, renews the lease while it works, and marks it done or
 * failed. A job whose lease ran out (the server crashed or was killed) is claimed again at the next
 * start. A run that throws is queued again after `retryDelayMs` (doubled each time) while the
 * handler's `retries` last.
 */
export function createTableQueue(db: Db, options: QueueOptions): Queue {
  const {
    log,
    leaseMs = DEFAULT_LEASE_MS,
    pollMs = 2_000,
    maxAttempts = DEFAULT_MAX_ATTEMPTS,
    retryDelayMs = DEFAULT_RETRY_DELAY_MS,
    now = () => new Date(),
  } = options;
  const handlers = new Map<string, JobHandler>();

  const claimable = (at: string) =>
    db
      .selectFrom('jobs')
      .select(['id', 'kind', 'ref_id', 'attempts'])
      .where('kind', 'in', [...handlers.keys()])
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'queued'), eb.or([eb('run_after', 'is', null), eb('run_after', '<=', at)])]),
          eb.and([eb('state', '=', 'running'), eb('lease_until', '<', at)]),
        ]),
      )
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
      if (loop.stopped) return;
      const job = await claim();
      if (!job) return;
      const handler = handlers.get(job.kind)!;
      const retries = handler.retries ?? 0;
      if (job.attempts > Math.max(maxAttempts, retries + 1)) {
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
        await handler.run(job.ref_id, { signal: loop.signal });
        await finish(job.id, 'done', null);
      } catch (error) {
        if (loop.signal.aborted) {
          // stopping: hand the job back, so the next start resumes it at once
          await db.updateTable('jobs').set({ state: 'queued', lease_until: null }).where('id', '=', job.id).execute();
          return;
        }
        log.error({ err: error, job: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
        const reason = String((error as Error).message ?? error).slice(0, 500);
        if (job.attempts <= retries) {
          const runAfter = new Date(now().getTime() + retryDelayMs * 2 ** (job.attempts - 1)).toISOString();
          await db
            .updateTable('jobs')
            .set({ state: 'queued', lease_until: null, run_after: runAfter, error: reason, updated_at: now().toISOString() })
            .where('id', '=', job.id)
            .execute();
          continue;
        }
        await finish(job.id, 'failed', reason);
        await handler.failed(job.ref_id, reason);
      } finally {
        clearInterval(renew);
      }
    }
  }

  const loop = createWorkerLoop({
    work,
    waiting: async () => Boolean(await claimable(now().toISOString())),
    pollMs,
    log,
  });

  return {
    async enqueue(kind, refId) {
      const at = now().toISOString();
      await db.insertInto('jobs').values({ kind, ref_id: refId, state: 'queued', attempts: 0, created_at: at, updated_at: at }).execute();
      loop.kick();
    },
    handle(kind, handler) {
      handlers.set(kind, handler);
    },
    start: () => loop.start(),
    stop: () => loop.stop(),
    idle: () => loop.idle(),
  };
}
