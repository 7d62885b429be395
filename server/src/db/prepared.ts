import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import { sqliteConnectionOf, type Db } from './index';

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
  /** The query compiled with these values, to be run by someone else (a write handed to db/group-commit.ts). */
  compile(db: Db, ...args: A): CompiledQuery<R>;
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
 * plugins may rewrite every query. On SQLite a read outside any transaction runs its cached statement
 * directly (`run`); in a transaction, and on PostgreSQL, it goes through Kysely's executor.
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

  function compile(db: Db, args: A): CompiledQuery<R> {
    if (db.getExecutor().plugins.length > 0) return build(db, ...args).compile();
    const query = compiledFor(db);
    return { ...query, parameters: query.parameters.map((value) => (value instanceof Slot ? args[value.index] : value)) };
  }

  function run(db: Db, args: A): Promise<QueryResult<R>> {
    try {
      if (db.getExecutor().plugins.length > 0) return db.executeQuery(build(db, ...args));
      const query = compile(db, args);
      const sqlite = sqliteConnectionOf(db);
      // A read on SQLite's one connection while no transaction is open on it runs at once, as Kysely's driver would run it
      // (`all` of the cached statement) but without its connection lock and promises around each query (issue 17 item 5).
      // While a transaction is open (group commit's, or another request's across its awaits), the read waits for it through
      // Kysely as before: run now, it would see that transaction's uncommitted writes.
      if (sqlite && !sqlite.inTransaction()) {
        const statement = sqlite.prepare(query.sql);
        if (statement.reader) return Promise.resolve({ rows: statement.all(query.parameters) as R[] });
      }
      return db.executeQuery<R>(query);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  return {
    execute: (db, ...args) => run(db, args).then((result) => result.rows),
    executeTakeFirst: (db, ...args) => run(db, args).then((result) => result.rows[0]),
    executeResult: (db, ...args) => run(db, args),
    compile: (db, ...args) => compile(db, args),
  };
}
