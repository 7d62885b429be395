import { type Kysely } from 'kysely';
import { idColumnType } from '../index';

/**
 * Printed copies (issue 14). A `print_quotes` row is one priced typesetting (file hash, pages,
 * copies, price, expiry; its interior PDF in storage); an order of kind `printing` pays exactly
 * that quote (`orders.print_quote_id`); `print_orders` is what the printer receives once paid:
 * the shipping address, the provider (e-mail or Lulu), its job id and the status the author sees.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('print_quotes')
    .addColumn('id', idColumnType(db), (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('service_session_id', 'integer', (c) => c.references('service_sessions.id').onDelete('set null'))
    .addColumn('file_hash', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('content_pages', 'integer', (c) => c.notNull())
    .addColumn('page_count', 'integer', (c) => c.notNull())
    .addColumn('copies', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('interior_key', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('print_quotes_user').on('print_quotes').column('user_id').execute();

  await db.schema.alterTable('orders').addColumn('print_quote_id', 'integer').execute();

  await db.schema
    .createTable('print_orders')
    .addColumn('id', idColumnType(db), (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('quote_id', 'integer', (c) => c.notNull().references('print_quotes.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('recipient_name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('interior_key', 'text', (c) => c.notNull())
    .addColumn('cover_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_job_id', 'text')
    .addColumn('provider_status', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('print_orders_job').on('print_orders').column('provider_job_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('print_orders').execute();
  await db.schema.alterTable('orders').dropColumn('print_quote_id').execute();
  await db.schema.dropTable('print_quotes').execute();
}
