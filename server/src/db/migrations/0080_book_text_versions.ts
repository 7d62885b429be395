import type { Kysely } from 'kysely';

/**
 * Versions of the introduction and the summary beside those of the chapters (issue 15): one table,
 * `part` saying which text ('chapter' with its `chapter_id`, else 'introduction' or 'book_summary'
 * with chapter_id 0).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('text_versions')
    .addColumn('part', 'text', (c) => c.notNull().defaultTo('chapter'))
    .execute();
  await db.schema.dropIndex('text_versions_chapter').execute();
  await db.schema.createIndex('text_versions_text').on('text_versions').columns(['session_id', 'part', 'chapter_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('text_versions_text').execute();
  await db.schema.createIndex('text_versions_chapter').on('text_versions').columns(['session_id', 'chapter_id']).execute();
  await db.schema.alterTable('text_versions').dropColumn('part').execute();
}
