import type { Kysely } from 'kysely';
import { idColumnType } from '../index';

/**
 * Single-use account tickets, stored hashed: password resets (1 h), e-mail confirmations (24 h)
 * and registration tickets (minutes; let `verifyRegistrationWithoutOtp` sign in once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_tickets')
    .addColumn('id', idColumnType(db), (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_tickets_user').on('account_tickets').columns(['user_id', 'purpose']).execute();
  await db.schema.createIndex('auth_tokens_user').on('auth_tokens').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('auth_tokens_user').execute();
  await db.schema.dropTable('account_tickets').execute();
}
