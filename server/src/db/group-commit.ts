import { sql } from 'kysely';
import { DURABLE_SYNCHRONOUS, isPostgres, type Db } from './index';

/**
 * Group commit (issue 17 item 4). On SQLite with `synchronous = FULL`, every commit waits for its
 * fsync, on the one connection. Writes handed to `inGroupCommit` during the same turn of the event
 * loop run together in one transaction, so they share one commit and one fsync; each caller is
 * answered only once that commit is on disk. Each write runs in its own savepoint: one that throws is
 * rolled back alone and its caller gets the error, the others still commit.
 *
 * A write given here must use the transaction it receives (never `db`: the connection is held by the
 * batch) and be short: the conditional UPDATE of a save, a counter's upsert. Checks that read other
 * rows or build answers run before or after it.
 *
 * A write whose loss on power failure harms nobody (a rate-limit counter) is given `{ durable: false }`:
 * a batch of only such writes commits without waiting for the disk (`synchronous = NORMAL` for that
 * commit: in WAL mode the next durable commit's fsync carries it to disk too), so it costs no fsync of
 * its own, during which the event loop would wait. A batch with any durable write is durable.
 *
 * On PostgreSQL each write runs as it is: the server commits concurrent transactions of its pool
 * together by itself, and a transaction shared across requests would hold one of its connections.
 */
interface Pending {
  work: (trx: Db) => Promise<unknown>;
  durable: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const queues = new WeakMap<Db, Pending[]>();

export function inGroupCommit<T>(db: Db, work: (trx: Db) => Promise<T>, { durable = true }: { durable?: boolean } = {}): Promise<T> {
  // PostgreSQL, or already inside a transaction (which commits once anyway): run as it is
  if (isPostgres(db) || db.isTransaction) return work(db);
  return new Promise<T>((resolve, reject) => {
    let queue = queues.get(db);
    if (!queue) {
      queue = [];
      queues.set(db, queue);
      setImmediate(() => void commitTogether(db));
    }
    queue.push({ work, durable, resolve: resolve as (value: unknown) => void, reject });
  });
}

async function commitTogether(db: Db): Promise<void> {
  const batch = queues.get(db)!;
  queues.delete(db);
  const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
  const durable = batch.some((pending) => pending.durable);
  const runBatch = (connection: Db) =>
    connection.transaction().execute(async (trx) => {
      for (const { work } of batch) {
        await sql`savepoint group_commit`.execute(trx);
        try {
          outcomes.push({ ok: true, value: await work(trx) });
        } catch (error) {
          await sql`rollback to savepoint group_commit`.execute(trx);
          outcomes.push({ ok: false, error });
        }
        await sql`release savepoint group_commit`.execute(trx);
      }
    });
  try {
    if (durable) await runBatch(db);
    // the mode is the connection's: held from before the batch until it is back, so no other write commits meanwhile
    else
      await db.connection().execute(async (connection) => {
        await sql`pragma synchronous = NORMAL`.execute(connection);
        try {
          await runBatch(connection);
        } finally {
          await sql.raw(`pragma synchronous = ${DURABLE_SYNCHRONOUS}`).execute(connection);
        }
      });
  } catch (error) {
    // the commit itself failed: nothing of this batch is stored
    for (const pending of batch) pending.reject(error);
    return;
  }
  batch.forEach((pending, index) => {
    const outcome = outcomes[index];
    if (outcome.ok) pending.resolve(outcome.value);
    else pending.reject(outcome.error);
  });
}
