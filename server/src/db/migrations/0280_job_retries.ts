import { type Kysely } from 'kysely';
import { idColumnType } from '../index';

/**
 * Issue 13 item 5: printing and e-mail join the job queue.
 * `jobs.run_after`: a job that failed and will be tried again waits until then (the in-process queue;
 * on PostgreSQL pg-boss keeps its own tables). `mail_outbox`: a message the mail server did not take at
 * once, kept until a `mail` job delivers it (attachments base64 in the JSON), so an outage loses none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('run_after', 'text').execute();
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', idColumnType(db), (c) => c.primaryKey())
    .addColumn('message_json', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.alterTable('jobs').dropColumn('run_after').execute();
}
