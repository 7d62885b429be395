import { type Kysely } from 'kysely';
import { idColumnType } from '../index';

/**
 * Audiobooks (issue 13) and the job queue every background task shares (server/src/jobs/queue.ts).
 * An `audiobooks` row is one paid reading of a book: paid → queued → running → done | failed; a
 * failed one can be queued again without paying. Its `job` row carries the lease that lets a
 * restarted (or another) server node pick the work up again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', idColumnType(db), (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_waiting').on('jobs').columns(['state', 'lease_until']).execute();

  await db.schema
    .createTable('audiobooks')
    .addColumn('id', idColumnType(db), (c) => c.primaryKey())
    .addColumn('service_session_id', 'integer', (c) => c.notNull().references('service_sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('characters', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('paid'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('voice', 'text', (c) => c.notNull().defaultTo('offline'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('files_json', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('audiobooks_session').on('audiobooks').column('service_session_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audiobooks').execute();
  await db.schema.dropTable('jobs').execute();
}
