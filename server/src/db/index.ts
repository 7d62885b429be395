import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration, type MigrationProvider } from 'kysely';
import type PgModule from 'pg';
import type { Config } from '../config';
import type { Database } from './schema';
import { watchPostgres, type PostgresConnection } from './postgres-changes';

export type Db = Kysely<Database>;

const require = createRequire(import.meta.url);

/** SQLite's page cache, in KB: the pages of ~500 books of 40 KB. It grows only as pages are read. */
const SQLITE_CACHE_KB = 32 * 1024;

/**
 * How much of the database file SQLite reads through a memory map instead of a read() call (and a copy)
 * per page its cache misses: My Books over many readers reads pages the 32 MB cache does not hold (issue
 * 17 item 5). The mapped pages are the kernel's page cache, shared and reclaimable; those read count in
 * the process's RSS as file pages.
 */
const SQLITE_MMAP_BYTES = 1024 ** 3;

/** SQLite's commit mode: every commit is fsynced before it returns (group-commit.ts lowers it for one batch of counters). */
export const DURABLE_SYNCHRONOUS = 'FULL';

/**
 * PostgreSQL's text cannot hold U+0000 (SQLite's can): a query given a string with one fails, and the call with it.
 * No text of ours means anything by it (it shows as nothing, and a book's texts lose their control characters when
 * typeset), so the pool's connections drop it from every string a query is given, wherever the string came from: a
 * client's field, a provider's answer, an imported file.
 */
function nulDroppingClient(pg: typeof PgModule) {
  return class extends pg.Client {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads return a promise or nothing
    override query(text: unknown, values?: unknown, ...rest: unknown[]): any {
      const cleaned = Array.isArray(values)
        ? values.map((value) => (typeof value === 'string' && value.includes('\0') ? value.replaceAll('\0', '') : value))
        : values;
      return (super.query as (...args: unknown[]) => unknown)(text, cleaned, ...rest);
    }
  };
}

/** SQLite in DATA_DIR by default; PostgreSQL when DATABASE_URL is set. */
export function createDb(config: Pick<Config, 'DATABASE_URL' | 'dataDir'>): Db {
  if (config.DATABASE_URL) {
    const pg = require('pg') as typeof PgModule; // loaded only for PostgreSQL, not at every start
    // Integers come back as numbers, not strings (our ids and counts fit in 53 bits).
    pg.types.setTypeParser(20, (value) => Number(value));
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 10, Client: nulDroppingClient(pg) });
    // An idle connection the database ends (restart, failover, a dropped database) is an 'error' event on
    // the pool, which replaces that connection; unheard, the event would crash the process.
    pool.on('error', () => undefined);
    const watched = watchPostgres(pg, pool, config.DATABASE_URL);
    const ending = {
      connect: () => pool.connect(),
      end: async () => {
        await watched.end();
        await pool.end();
      },
    };
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: ending }) });
    postgresConnections.set(db, watched.connection);
    return db;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const database = new SQLite(path.join(config.dataDir, 'plume.sqlite'));
  database.pragma('journal_mode = WAL');
  // Every commit is on disk before it is acknowledged, power loss included; saves share their commits
  // (and fsyncs) through group commit (db/group-commit.ts).
  database.pragma(`synchronous = ${DURABLE_SYNCHRONOUS}`);
  // The page cache (2 MB by default) holds the books being written: a save reads its book's pages
  // (~10 of 4 KB for a 40 KB checkpoint) from here instead of from the WAL and the file again.
  database.pragma(`cache_size = -${SQLITE_CACHE_KB}`);
  database.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const cached = withStatementCache(database);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cached }) });
  const dataVersion = database.prepare('pragma data_version').pluck();
  sqliteConnections.set(db, {
    prepare: (query) => cached.prepare(query),
    inTransaction: () => database.inTransaction,
    watchWrites: (tables) => cached.watchWrites(tables),
    dataVersion: () => dataVersion.get() as number,
  });
  return db;
}

/** The one SQLite connection under a database made by `createDb`: what db/prepared.ts reads from directly. */
export interface SqliteConnection {
  /** A statement of the statement cache (the one Kysely's driver uses). */
  prepare(query: string): SQLite.Statement;
  /** Whether a transaction is open on the connection (Kysely's, group commit's), whatever holds it. */
  inTransaction(): boolean;
  /**
   * A count of the statements this connection has run that change the database and name one of `tables`
   * (in their SQL, counted as they start): while it reads the same, nothing here wrote to them.
   */
  watchWrites(tables: readonly string[]): () => number;
  /** SQLite's `data_version`: changes when another connection (another process) commits. */
  dataVersion(): number;
}
const sqliteConnections = new WeakMap<Db, SqliteConnection>();

/** The SQLite connection of a database made by `createDb` (not of a transaction, a plugin's copy, or PostgreSQL). */
export const sqliteConnectionOf = (db: Db): SqliteConnection | undefined => sqliteConnections.get(db);

const postgresConnections = new WeakMap<Db, PostgresConnection>();

/** What the process knows of changes to PostgreSQL's tables, for a database made by `createDb` (db/postgres-changes.ts). */
export const postgresConnectionOf = (db: Db): PostgresConnection | undefined => postgresConnections.get(db);

const CACHED_STATEMENTS = 500;

/**
 * Kysely prepares every query anew; better-sqlite3 statements can be reused, which saves parsing and
 * planning the same SQL on every request (queries run one at a time on the one connection). The least
 * recently used statement is dropped past CACHED_STATEMENTS (`IN (…)` lists make distinct SQL).
 */
function withStatementCache(database: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  const watches: Array<{ names: RegExp; writes: number }> = [];
  return {
    close: () => database.close(),
    prepare(query: string) {
      let statement = statements.get(query);
      if (statement) statements.delete(query);
      else statement = database.prepare(query);
      statements.set(query, statement);
      if (statements.size > CACHED_STATEMENTS) statements.delete(statements.keys().next().value!);
      // every statement Kysely runs is asked for here first (an INSERT … RETURNING is a reader, not readonly)
      if (!statement.readonly) for (const watch of watches) if (watch.names.test(query)) watch.writes += 1;
      return statement;
    },
    watchWrites(tables: readonly string[]) {
      const watch = { names: new RegExp(`\\b(?:${tables.join('|')})\\b`, 'i'), writes: 0 };
      watches.push(watch);
      return () => watch.writes;
    },
  };
}

/**
 * Of our two dialects, only PostgreSQL runs DDL inside transactions. Not `instanceof PostgresAdapter`: the built
 * migrations (dist/server/migrations) take Kysely from node_modules while the built server carries its own copy,
 * and an adapter of one copy is no instance of the other's class: every migration took PostgreSQL for SQLite, and
 * the built server never started on a new PostgreSQL database (0330 failed, and all of them were rolled back).
 */
export function isPostgres(db: Pick<Kysely<unknown>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter.supportsTransactionalDdl;
}

/** An auto-increment primary key on either dialect. */
export function idColumnType(db: Kysely<unknown>) {
  return isPostgres(db) ? sql`serial` : sql`integer`;
}

const MIGRATIONS_FOLDER = path.join(import.meta.dirname, 'migrations');

/** The migration files of db/migrations in name order; a migration's name is its file's, without the extension. */
function migrationFiles(): string[] {
  return fs
    .readdirSync(MIGRATIONS_FOLDER)
    .filter((f) => /^\d{4}_.*\.[jt]s$/.test(f) && !/\.test\.ts$/.test(f))
    .sort();
}
const migrationName = (file: string) => file.replace(/\.[jt]s$/, '');

/**
 * Every file in db/migrations, in name order; each area adds its own `NNNN_area.ts` (compiled to `.js` in dist/server).
 * Not Kysely's FileMigrationProvider: it imports from inside node_modules, where Vitest does not compile
 * TypeScript (tried: ERR_UNKNOWN_FILE_EXTENSION for 0001_core.ts on Node 20); imported from here, the
 * files go through the same loader as the rest of the server, in tests, `npm run dev` and dist alike.
 */
class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const file of migrationFiles()) {
      migrations[migrationName(file)] = (await import(pathToFileURL(path.join(MIGRATIONS_FOLDER, file)).href)) as Migration;
    }
    return migrations;
  }
}

/** Whether Kysely's table of run migrations already names every migration file (false on a new database). */
async function everyMigrationRun(db: Db): Promise<boolean> {
  let run: Set<string>;
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    run = new Set(rows.map((row) => row.name));
  } catch {
    return false; // no such table yet
  }
  return migrationFiles().every((file) => run.has(migrationName(file)));
}

export async function migrateToLatest(db: Db): Promise<void> {
  // A restart usually has nothing to run: one query says so, instead of importing every migration and
  // taking the migrator's lock in a transaction (0.2–0.4 s of a start on a loaded machine).
  if (await everyMigrationRun(db)) return;
  // Areas are built on parallel branches, each numbering its migrations in its own range: a database that
  // already ran a later area's migration must still accept an earlier-numbered one that lands afterwards.
  const migrator = new Migrator({ db, provider: new FolderMigrationProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

export const nowIso = () => new Date().toISOString();
export const toBool = (value: number | boolean | null | undefined) => value === true || value === 1;
export const fromBool = (value: boolean) => (value ? 1 : 0);
