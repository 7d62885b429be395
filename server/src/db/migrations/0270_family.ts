import { type Kysely } from 'kysely';
import { idColumnType } from '../index';

/**
 * Family contributions (issue 19): an author invites a relative by a random link scoped to one
 * book, one chapter and chosen questions (or memories for the chapter); the relative answers
 * without an account; the author accepts, quotes, edits or dismisses each contribution.
 * `token_hash` finds a link; `token` lets the author copy the link again. Both tables go with the book.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('family_invitations')
    .addColumn('id', idColumnType(db), (c) => c.primaryKey())
    .addColumn('service_session_id', 'integer', (c) => c.notNull().references('service_sessions.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('contributor_name', 'text', (c) => c.notNull())
    .addColumn('relation', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('permission', 'text', (c) => c.notNull())
    .addColumn('chapter_id', 'bigint', (c) => c.notNull())
    .addColumn('question_ids', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('family_invitations_book').on('family_invitations').column('service_session_id').execute();
  await db.schema
    .createTable('family_contributions')
    .addColumn('id', idColumnType(db), (c) => c.primaryKey())
    .addColumn('invitation_id', 'integer', (c) => c.notNull().references('family_invitations.id').onDelete('cascade'))
    .addColumn('service_session_id', 'integer', (c) => c.notNull().references('service_sessions.id').onDelete('cascade'))
    .addColumn('chapter_id', 'bigint', (c) => c.notNull())
    .addColumn('question_id', 'bigint')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('author_text', 'text')
    .addColumn('photo_key', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema.createIndex('family_contributions_book').on('family_contributions').column('service_session_id').execute();
  await db.schema.createIndex('family_contributions_invitation').on('family_contributions').column('invitation_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('family_contributions').execute();
  await db.schema.dropTable('family_invitations').execute();
}
