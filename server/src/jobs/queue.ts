import type { Db } from '../db';
import { createPgBossQueue } from './pg-boss-queue';
import { createTableQueue } from './table-queue';
import type { Queue, QueueOptions } from './types';

export type { JobControl, JobHandler, Queue, QueueOptions } from './types';

/**
 * One queue interface for background work: audiobooks, print orders Lulu did not take at once, and
 * e-mail the mail server did not take at once. Two implementations with the same semantics
 * (docs/decisions/0030-job-queue.md):
 * - PostgreSQL: pg-boss (pg-boss-queue.ts), so several server nodes share the work and a crashed node's
 *   job is picked up again by another once its lease (pg-boss's expiry) lapses;
 * - SQLite: our `jobs` table worked in-process (table-queue.ts), one server node.
 * A job is a kind and the id of the row it works on (`ref_id`); the row holds the payload.
 * createQueue: pg-boss when the database is PostgreSQL (its URL given), the in-process table queue on SQLite.
 */
export function createQueue(db: Db, options: QueueOptions & { databaseUrl?: string }): Queue {
  const { databaseUrl, ...rest } = options;
  return databaseUrl ? createPgBossQueue(databaseUrl, rest) : createTableQueue(db, rest);
}
