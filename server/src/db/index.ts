import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type Migration, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** SQLite in DATA_DIR by default; PostgreSQL when DATABASE_URL is set. */
export function createDb(config: Pick<Config, 'DATABASE_URL' | 'dataDir'>): Db {
  if (config.DATABASE_URL) {
    // Integers come back as numbers, not strings (our ids and counts fit in 53 bits).
    pg.types.setTypeParser(20, (value) => Number(value));
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 10 });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const database = new SQLite(path.join(config.dataDir, 'plume.sqlite'));
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-increment primary key on either dialect. */
export function idColumnType(db: Kysely<unknown>) {
  return isPostgres(db) ? sql`serial` : sql`integer`;
}

/** Every file in db/migrations, in name order; each area adds its own `NNNN_area.ts`. */
class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const folder = path.join(import.meta.dirname, 'migrations');
    const files = fs.readdirSync(folder).filter((f) => /^\d{4}_.*\.ts$/.test(f) && !f.endsWith('.test.ts')).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      migrations[file.replace(/\.ts$/, '')] = (await import(pathToFileURL(path.join(folder, file)).href)) as Migration;
    }
    return migrations;
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: new FolderMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

export const nowIso = () => new Date().toISOString();
export const toBool = (value: number | boolean | null | undefined) => value === true || value === 1;
export const fromBool = (value: boolean) => (value ? 1 : 0);
