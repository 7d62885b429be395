import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Db } from './index';

/** Where an argument of a prepared query goes in its compiled parameters. */
class Slot {
  constructor(readonly index: number) {}
}

export interface PreparedQuery<A extends unknown[], R> {
  /** Every row. */
  execute(db: Db, ...args: A): Promise<R[]>;
  /** The first row, or undefined. */
  executeTakeFirst(db: Db, ...args: A): Promise<R | undefined>;
  /** The driver's whole result (rows, affected rows). */
  executeResult(db: Db, ...args: A): Promise<QueryResult<R>>;
}

/**
 * A query of the hot paths (every request's token lookup, a book's reads), built and compiled by Kysely
 * once per database and then run with each call's values, instead of building its operation tree and
 * compiling its SQL again for every request (issue 17 item 5: ~15 % of a read's CPU).
 *
 * `build` receives stand-ins for its arguments: it must use each one only as a value of the query
 * (`where('id', '=', id)`, `${value}` in `sql`), never look at it (no branches on it, no method calls,
 * no `in` lists). A query that needs another shape is another prepared query. An argument that does
 * not reach the compiled parameters (looked at instead) is refused at the first call.
 *
 * The compiled query is kept per dialect (the database's adapter: SQLite and PostgreSQL each get their
 * own SQL) and reused by its transactions; a database with Kysely plugins builds each query anew, as
 * plugins may rewrite every query.
 */
export function preparedQuery<A extends unknown[], R>(build: (db: Db, ...args: A) => Compilable<R>): PreparedQuery<A, R> {
  const compiled = new WeakMap<object, CompiledQuery<R>>();

  function compiledFor(db: Db): CompiledQuery<R> {
    const adapter = db.getExecutor().adapter;
    const known = compiled.get(adapter);
    if (known) return known;
    const slots = Array.from({ length: build.length - 1 }, (_, index) => new Slot(index));
    const query = build(db, ...(slots as unknown as A)).compile();
    const unused = slots.filter((slot) => !query.parameters.includes(slot));
    if (unused.length > 0) throw new Error(`preparedQuery: argument ${unused[0].index} is not a value of the query (${query.sql})`);
    compiled.set(adapter, query);
    return query;
  }

  function run(db: Db, args: A): Promise<QueryResult<R>> {
    try {
      if (db.getExecutor().plugins.length > 0) return db.executeQuery(build(db, ...args));
      const query = compiledFor(db);
      return db.executeQuery<R>({
        ...query,
        parameters: query.parameters.map((value) => (value instanceof Slot ? args[value.index] : value)),
      });
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  return {
    execute: (db, ...args) => run(db, args).then((result) => result.rows),
    executeTakeFirst: (db, ...args) => run(db, args).then((result) => result.rows[0]),
    executeResult: (db, ...args) => run(db, args),
  };
}
