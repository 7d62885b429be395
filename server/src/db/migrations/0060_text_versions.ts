import type { Kysely } from 'kysely';
import { idColumnType } from '../index';

/**
 * Earlier texts of a chapter (issue 15: no draft is ever lost). The current text stays in the
 * book's checkpoint; each text it replaced (generated or edited by the author) is kept here, fetched
 * only when the author opens a chapter's versions, and never exported.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('text_versions')
    .addColumn('id', idColumnType(db), (c) => c.primaryKey())
    .addColumn('session_id', 'integer', (c) => c.notNull().references('service_sessions.id').onDelete('cascade'))
    .addColumn('chapter_id', 'bigint', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('content_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('text_versions_chapter').on('text_versions').columns(['session_id', 'chapter_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('text_versions').execute();
}
