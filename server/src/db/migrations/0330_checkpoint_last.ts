import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../index';

/** Moved to the end of the row, in this order: the book's long texts, the checkpoint last of all. */
export const LONG_BOOK_COLUMNS = ['introduction', 'book_summary', 'checkpoint_data'] as const;

/**
 * SQLite stores a row's columns in order, and what does not fit on the row's page in a chain of overflow
 * pages: reading a column stored after the ~30 KB checkpoint walks that whole chain. `version`,
 * `updated_at`, `deleted_at` and `list_summary` came after it, so My Books and every book read paid for
 * the checkpoint they did not ask for (the list query 24 → 10 µs in a like-for-like test). Each long column is
 * added again at the end, filled, the old one dropped (SQLite rewrites the table) and the new one renamed.
 * Columns added to `service_sessions` later must keep these last (`books/row-layout.test.ts`).
 * PostgreSQL keeps long values out of the row (TOAST): the order does not matter there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const column of LONG_BOOK_COLUMNS) {
    const moved = `${column}_moved`;
    await db.schema
      .alterTable('service_sessions')
      .addColumn(moved, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await sql`update service_sessions set ${sql.ref(moved)} = ${sql.ref(column)}`.execute(db);
    await db.schema.alterTable('service_sessions').dropColumn(column).execute();
    await db.schema.alterTable('service_sessions').renameColumn(moved, column).execute();
  }
}

/** Nothing to undo: the order of the columns changes no query's answer. */
export async function down(): Promise<void> {}
