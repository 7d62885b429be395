import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../index';

/** Moved to the end of the row, in this order: the book's long texts, the checkpoint last of all. */
export const LONG_BOOK_COLUMNS = ['introduction', 'book_summary', 'checkpoint_data'] as const;

/**
 * SQLite stores a row's columns in order, and what does not fit on the row's page in a chain of overflow
 * pages: reading a column stored after the ~30 KB checkpoint walks that whole chain. `version`,
 * `updated_at`, `deleted_at` and `list_summary` came after it, so My Books and every book read paid for
 * the checkpoint they did not ask for (My Books' query 32 → 16 µs over 10 000 readers). Each long column is
 * added again at the end, filled, the old one dropped (SQLite rewrites the table) and the new one renamed:
 * ~20 s for 30 000 books of 30 KB (a 900 MB file) on the machine of 28 Nov.
 * Columns added to `service_sessions` later must keep these last (`books/row-layout.test.ts`): their migration
 * calls `moveLongBookColumnsLast`.
 * PostgreSQL keeps long values out of the row (TOAST): the order does not matter there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  // one transaction: Kysely runs SQLite's migrations outside one, and a start stopped halfway must find the table as it was
  await db.transaction().execute(moveLongBookColumnsLast);
}

/** On SQLite, inside the caller's transaction: the long columns added again after every other one (a later migration's too). */
export async function moveLongBookColumnsLast(trx: Kysely<unknown>): Promise<void> {
  const moved = (column: string) => `${column}_moved`;
  for (const column of LONG_BOOK_COLUMNS)
    await trx.schema
      .alterTable('service_sessions')
      .addColumn(moved(column), 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  const copies = LONG_BOOK_COLUMNS.map((column) => sql`${sql.ref(moved(column))} = ${sql.ref(column)}`);
  await sql`update service_sessions set ${sql.join(copies)}`.execute(trx);
  for (const column of LONG_BOOK_COLUMNS) {
    await trx.schema.alterTable('service_sessions').dropColumn(column).execute();
    await trx.schema.alterTable('service_sessions').renameColumn(moved(column), column).execute();
  }
}

/** Nothing to undo: the order of the columns changes no query's answer. */
export async function down(): Promise<void> {}
