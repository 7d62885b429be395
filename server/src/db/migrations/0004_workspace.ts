import type { Kysely } from 'kysely';

/** Images of a book (cover and chapter photos); the bytes live in storage under sessions/{id}/{key}. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('session_files')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('service_sessions.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('session_files_pk', ['session_id', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('session_files').execute();
}
