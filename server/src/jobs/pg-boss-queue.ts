import { createRequire } from 'node:module';
import type PgBossModule from 'pg-boss';
import { DEFAULT_LEASE_MS, DEFAULT_MAX_ATTEMPTS, DEFAULT_RETRY_DELAY_MS, type JobHandler, type Queue, type QueueOptions } from './types';
import { createWorkerLoop } from './worker-loop';

const require = createRequire(import.meta.url);
type PgBoss = PgBossModule;

/** pg-boss's schema in our database. */
const SCHEMA = 'pgboss';
/** Where pg-boss puts a job that failed for good (its dead letter queue); its handler's failed() is told there. */
const deadLetterOf = (kind: string) => `${kind}__failed`;

interface Payload {
  refId: number;
}

/**
 * The PostgreSQL queue on pg-boss 10 (docs/decisions/0030-job-queue.md): jobs are rows of pg-boss's
 * tables, fetched with FOR UPDATE SKIP LOCKED, so any number of server nodes share them. We fetch
 * ourselves (rather than boss.work) to keep the Queue semantics:
 * - lease: a job expires `leaseMs` after it started; while it runs, its expiry is pushed on every
 *   leaseMs/3. A node that dies stops renewing; pg-boss's maintenance (every node supervises) fails the
 *   expired job into `retry`, and the next node that polls takes it;
 * - a run that throws is failed with pg-boss's retry (delay, doubled) while the handler's `retries`
 *   last; then — or after `maxAttempts` lost workers — pg-boss fails it for good and copies it to the
 *   kind's dead letter queue, whose job calls the handler's failed();
 * - a graceful stop hands the running job back at once (state `created`, not counted as an attempt).
 * Renewal, hand-back and idle() read or write pg-boss's job table directly (three statements below):
 * the pg-boss version is pinned exactly, and the two-node test runs them.
 */
export function createPgBossQueue(connectionString: string, options: QueueOptions): Queue {
  const {
    log,
    leaseMs = DEFAULT_LEASE_MS,
    pollMs = 2_000,
    maxAttempts = DEFAULT_MAX_ATTEMPTS,
    retryDelayMs = DEFAULT_RETRY_DELAY_MS,
  } = options;
  const leaseSeconds = Math.max(1, Math.ceil(leaseMs / 1000));
  const handlers = new Map<string, JobHandler>();
  let ready: Promise<PgBoss> | null = null;

  const sql = async <T>(text: string, values: unknown[]) => (await (await ready!).getDb().executeSql(text, values)).rows as T[];

  /**
   * One limit for both a crashed worker (expiry) and a run that threw; the loop below fails a job for
   * good sooner when its handler's own retries are spent. A kind without retries is taken up again at
   * once after a crash; one with retries waits its retry delay (doubled each time).
   */
  const jobOptions = (kind: string, retries = 0) => ({
    retryLimit: Math.max(maxAttempts - 1, retries),
    retryDelay: retries ? Math.ceil(retryDelayMs / 1000) : 0,
    retryBackoff: retries > 0,
    expireInSeconds: leaseSeconds,
    deadLetter: deadLetterOf(kind),
  });

  async function open(): Promise<PgBoss> {
    const Boss = require('pg-boss') as typeof PgBossModule; // loaded only for PostgreSQL
    const instance = new Boss({
      connectionString,
      schema: SCHEMA,
      max: 4,
      schedule: false,
      supervise: true,
      // expired jobs (a dead node's) are looked for this often
      maintenanceIntervalSeconds: leaseSeconds,
    });
    instance.on('error', (error) => log.error({ err: error }, 'job queue (pg-boss)'));
    await instance.start();
    for (const [kind, handler] of handlers) {
      for (const name of [deadLetterOf(kind), kind]) {
        const queueOptions = { name, ...(name === kind ? jobOptions(kind, handler.retries) : { retryLimit: 0 }) };
        // nodes starting together may race (a unique violation or a deadlock on pg-boss's partitions): look
        // again after a short random wait, so that the two do not meet again at once
        for (let attempt = 1; !(await instance.getQueue(name)); attempt++) {
          try {
            await instance.createQueue(name, queueOptions);
          } catch (error) {
            if (attempt >= 8) throw error;
            await new Promise((resolve) => setTimeout(resolve, attempt * 25 + Math.random() * 100));
          }
        }
      }
    }
    return instance;
  }

  async function fetchOne(instance: PgBoss) {
    for (const kind of handlers.keys()) {
      const [failed] = await instance.fetch<Payload>(deadLetterOf(kind), { includeMetadata: true });
      if (failed) return { kind, job: failed, dead: true };
      const [job] = await instance.fetch<Payload>(kind, { includeMetadata: true });
      if (job) return { kind, job, dead: false };
    }
    return null;
  }

  async function work() {
    const instance = await ready!;
    for (;;) {
      if (loop.stopped) return;
      const next = await fetchOne(instance);
      if (!next) return;
      const { kind, job, dead } = next;
      const handler = handlers.get(kind)!;
      const refId = job.data.refId;
      if (dead) {
        const output = job.output as { message?: string; value?: { message?: string } } | null;
        const reason = (output?.message ?? output?.value?.message ?? 'failed').slice(0, 500);
        await handler.failed(refId, /timeout/.test(reason) ? 'too many attempts' : reason);
        await instance.complete(job.name, job.id);
        continue;
      }
      const renew = setInterval(() => {
        sql(
          `UPDATE ${SCHEMA}.job SET expire_in = (now() - started_on) + make_interval(secs => $3)
           WHERE name = $1 AND id = $2 AND state = 'active'`,
          [kind, job.id, leaseSeconds],
        ).catch(() => undefined);
      }, leaseMs / 3);
      try {
        await handler.run(refId, { signal: loop.signal });
        await instance.complete(kind, job.id);
      } catch (error) {
        if (loop.signal.aborted) {
          // stopping: hand the job back, so the next start or another node resumes it at once
          await sql(
            `UPDATE ${SCHEMA}.job SET state = 'created', started_on = NULL, start_after = now()
             WHERE name = $1 AND id = $2 AND state = 'active'`,
            [kind, job.id],
          );
          return;
        }
        const attempt = job.retryCount + 1;
        log.error({ err: error, job: job.id, kind, attempt }, 'job failed');
        const message = String((error as Error).message ?? error).slice(0, 500);
        // its own retries spent: no more tries, whatever room the crash allowance leaves
        if (attempt > (handler.retries ?? 0)) {
          await sql(`UPDATE ${SCHEMA}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2`, [kind, job.id]);
        }
        await instance.fail(kind, job.id, { message });
      } finally {
        clearInterval(renew);
      }
    }
  }

  /** Is a job (or a dead letter) waiting to run now? Not before pg-boss was opened. */
  async function waiting(): Promise<boolean> {
    if (!ready) return false;
    const names = [...handlers.keys()].flatMap((kind) => [kind, deadLetterOf(kind)]);
    const [row] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${SCHEMA}.job WHERE name = ANY($1) AND state < 'active' AND start_after < now()`,
      [names],
    );
    return row.n > 0;
  }

  const loop = createWorkerLoop({ work, waiting, pollMs, log });

  return {
    async enqueue(kind, refId) {
      const instance = await (ready ?? (ready = open()));
      await instance.send(kind, { refId } satisfies Payload, jobOptions(kind, handlers.get(kind)?.retries));
      loop.kick();
    },
    handle(kind, handler) {
      handlers.set(kind, handler);
    },
    start() {
      if (!loop.stopped) return;
      ready ??= open();
      ready.catch((error: unknown) => log.error({ err: error }, 'job queue (pg-boss) did not start'));
      loop.start();
    },
    async stop() {
      await loop.stop();
      if (ready) {
        const instance = await ready.catch(() => null);
        ready = null;
        await instance?.stop({ graceful: false, wait: true });
      }
    },
    idle: () => loop.idle(),
  };
}
