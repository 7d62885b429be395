import type { CompiledQuery, QueryResult } from 'kysely';
import { DURABLE_SYNCHRONOUS, sqliteConnectionOf, type Db, type SqliteConnection } from './index';

/**
 * Group commit (issue 17 item 4). On SQLite with `synchronous = FULL`, every commit waits for its
 * fsync, on the one connection. Writes handed to `inGroupCommit` during the same turn of the event
 * loop run together in one transaction, so they share one commit and one fsync; each caller is
 * answered only once that commit is on disk. A write that fails is undone alone (SQLite undoes a failed
 * statement and keeps the transaction) and its caller gets the error; the others still commit.
 *
 * A write is one compiled statement (the conditional UPDATE of a save, a counter's upsert): the batch runs
 * them one after another on SQLite's connection directly, with no promise per statement (Kysely's executor
 * cost a save about as much again as the statements themselves). Checks that read other rows or build
 * answers run before or after it.
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
  query: CompiledQuery;
  durable: boolean;
  resolve: (result: QueryResult<unknown>) => void;
  reject: (error: unknown) => void;
}
type Outcome = { ok: true; result: QueryResult<unknown> } | { ok: false; error: unknown };

const queues = new WeakMap<Db, Pending[]>();

export function inGroupCommit<R>(db: Db, query: CompiledQuery<R>, { durable = true }: { durable?: boolean } = {}): Promise<QueryResult<R>> {
  const sqlite = sqliteConnectionOf(db);
  // PostgreSQL, or inside a transaction (which commits once anyway): run as it is
  if (!sqlite) return db.executeQuery(query);
  return new Promise<QueryResult<R>>((resolve, reject) => {
    let queue = queues.get(db);
    if (!queue) {
      queue = [];
      queues.set(db, queue);
      setImmediate(() => void commitTogether(db, sqlite));
    }
    queue.push({ query, durable, resolve: resolve as Pending['resolve'], reject });
  });
}

async function commitTogether(db: Db, sqlite: SqliteConnection): Promise<void> {
  const batch = queues.get(db)!;
  queues.delete(db);
  let outcomes: Outcome[];
  try {
    // the connection taken as Kysely's queries take it: a transaction another request holds open across its awaits ends first
    outcomes = await db.connection().execute(() => Promise.resolve(runTogether(sqlite, batch)));
  } catch (error) {
    // the commit itself failed: nothing of this batch is stored
    for (const pending of batch) pending.reject(error);
    return;
  }
  batch.forEach((pending, index) => {
    const outcome = outcomes[index];
    if (outcome.ok) pending.resolve(outcome.result);
    else pending.reject(outcome.error);
  });
}

function runTogether(sqlite: SqliteConnection, batch: Pending[]): Outcome[] {
  const run = (statement: string) => sqlite.prepare(statement).run();
  const durable = batch.some((pending) => pending.durable);
  // the mode is the connection's: set for this commit only, and nothing else runs on the connection meanwhile
  if (!durable) run('pragma synchronous = NORMAL');
  try {
    run('begin');
    try {
      const outcomes = batch.map(({ query }): Outcome => {
        try {
          return { ok: true, result: execute(sqlite, query) };
        } catch (error) {
          // SQLite undoes a failed statement alone (a constraint's ABORT), but some errors (a full disk, an I/O
          // error) end the whole transaction: then the statements after it would commit one by one, so none runs
          if (!sqlite.inTransaction()) throw error;
          return { ok: false, error };
        }
      });
      run('commit');
      return outcomes;
    } catch (error) {
      if (sqlite.inTransaction()) run('rollback');
      throw error;
    }
  } finally {
    if (!durable) run(`pragma synchronous = ${DURABLE_SYNCHRONOUS}`);
  }
}

/** Runs one statement as Kysely's SQLite driver would: its rows if it returns any, else how many rows it changed. */
function execute(sqlite: SqliteConnection, { sql, parameters }: CompiledQuery): QueryResult<unknown> {
  const statement = sqlite.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) };
  return { rows: [], numAffectedRows: BigInt(statement.run(parameters).changes) };
}
