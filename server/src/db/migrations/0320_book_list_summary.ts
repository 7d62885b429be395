import { type Kysely } from 'kysely';
import { listColumnsOf } from '../../books/list-summary';
import { eachBookRow } from '../each-book-row';

/**
 * `service_sessions.list_summary`: what My Books shows of a book (chapter ids, names, excerpts), written
 * with every checkpoint so getUserSessions reads a few hundred bytes per book instead of parsing whole
 * checkpoints (issue 17 item 5). Filled here for the books that exist.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('service_sessions')
    .addColumn('list_summary', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const books = db as unknown as Kysely<{ service_sessions: { id: number; list_summary: string } }>;
  await eachBookRow<{ id: number; checkpoint_data: string; general_category_id: number }>(
    db,
    ['checkpoint_data', 'general_category_id'],
    async (row) => {
      await books
        .updateTable('service_sessions')
        .set({ list_summary: listColumnsOf(row.checkpoint_data, row.general_category_id).list_summary })
        .where('id', '=', row.id)
        .execute();
    },
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('service_sessions').dropColumn('list_summary').execute();
}
