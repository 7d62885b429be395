import { type Kysely } from 'kysely';
import { idColumnType } from '../index';

/**
 * Voice models (issue 13 item 2): what was made from an author's voice sample — a voice cloned at
 * a provider (ElevenLabs, a speech server: `provider_voice_id`) or the offline voice's pitch and
 * pace matched to the sample. Personal data: listed on the profile, deleted with the cloned voice.
 * An audiobook remembers the model that read it, and the hash of each chapter's text it read
 * (regeneration after edits is priced on the chapters that changed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('voice_models')
    .addColumn('id', idColumnType(db), (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('service_session_id', 'integer', (c) => c.references('service_sessions.id').onDelete('set null'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_voice_id', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('pitch', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('speed', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('voice_models_user').on('voice_models').column('user_id').execute();
  await db.schema.alterTable('audiobooks').addColumn('voice_model_id', 'integer').execute();
  await db.schema.alterTable('audiobooks').addColumn('chapter_hashes', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audiobooks').dropColumn('chapter_hashes').execute();
  await db.schema.alterTable('audiobooks').dropColumn('voice_model_id').execute();
  await db.schema.dropTable('voice_models').execute();
}
