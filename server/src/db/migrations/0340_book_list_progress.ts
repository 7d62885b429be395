import { type Kysely } from 'kysely';
import { progressPercent } from '@common/rules/progress';
import type { ListSummary } from '../../books/list-summary';
import { eachBookRow } from '../each-book-row';
import { isPostgres } from '../index';
import { moveLongBookColumnsLast } from './0330_checkpoint_last';

/**
 * `service_sessions.list_progress`: the progress My Books shows, written with every checkpoint beside
 * `list_summary`, so the list sends each stored summary as it is, without parsing it (issue 17 item 5).
 * Filled here from the stored summaries. On SQLite the long columns then go last again (0330): a column
 * added after the ~30 KB checkpoint would be read through its overflow pages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return addProgress(db);
  // one transaction (Kysely runs SQLite's migrations outside one): a start stopped halfway finds the table as it was
  await db.transaction().execute(async (trx) => {
    await addProgress(trx);
    await moveLongBookColumnsLast(trx);
  });
}

async function addProgress(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('service_sessions')
    .addColumn('list_progress', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const books = db as unknown as Kysely<{ service_sessions: { id: number; list_progress: number } }>;
  await eachBookRow<{ id: number; list_summary: string }>(db, ['list_summary'], async (row) => {
    const progress = progressOf(row.list_summary);
    if (progress > 0) await books.updateTable('service_sessions').set({ list_progress: progress }).where('id', '=', row.id).execute();
  });
}

/** Leniently: a summary that is not one (empty, or a test's '[]') counts as no progress. */
function progressOf(listSummary: string): number {
  try {
    const { data } = JSON.parse(listSummary) as Partial<ListSummary>;
    return Array.isArray(data) ? progressPercent(data) : 0;
  } catch {
    return 0;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('service_sessions').dropColumn('list_progress').execute();
}
