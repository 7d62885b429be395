import { sql, type Kysely } from 'kysely';
import { idColumnType } from '../index';

/**
 * Money (issue 12). One `orders` row per purchase, whatever is bought (book, extra chapter,
 * subscription month, gift card; audiobook and printing reuse it). `status` moves
 * created → paid | failed | cancelled | expired exactly once, and paid → refunded once, each by a
 * conditional UPDATE. `reference` is the order id the provider sees. What a paid order unlocked is
 * recorded beside it (unlocked_chapters, subscriptions, gift_cards) so a refund can take it back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', idColumnType(db), (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('created'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('plan_id', 'integer')
    .addColumn('service_session_id', 'integer', (c) => c.references('service_sessions.id').onDelete('set null'))
    .addColumn('chapter_id', 'bigint')
    .addColumn('subscription_id', 'integer')
    .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id').onDelete('set null'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('tax_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('recipient_email', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('form_token_hash', 'text', (c) => c.unique())
    .addColumn('form_expires_at', 'text')
    .addColumn('transaction_id', 'text')
    .addColumn('payment_method_token', 'text')
    .addColumn('failure', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addCheckConstraint('orders_status_known', sql`status in ('created', 'paid', 'failed', 'cancelled', 'expired', 'refunded')`)
    .addCheckConstraint('orders_amount_positive', sql`amount_cents > 0`)
    .execute();
  await db.schema.createIndex('orders_user').on('orders').column('user_id').execute();
  await db.schema.createIndex('orders_session').on('orders').column('service_session_id').execute();

  await db.schema
    .createTable('unlocked_chapters')
    .addColumn('service_session_id', 'integer', (c) => c.notNull().references('service_sessions.id').onDelete('cascade'))
    .addColumn('chapter_id', 'bigint', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('unlocked_chapters_pk', ['service_session_id', 'chapter_id'])
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', idColumnType(db), (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'integer', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_subscription_id', 'text')
    .addColumn('payment_method_token', 'text')
    .addColumn('card_expiry', 'text')
    .addColumn('current_period_end', 'text', (c) => c.notNull())
    .addColumn('cancel_request', 'text')
    .addColumn('cancel_date', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_user').on('subscriptions').column('user_id').execute();

  await db.schema
    .createTable('gift_cards')
    .addColumn('id', idColumnType(db), (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('plan_id', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('redeemed_at', 'text')
    .addColumn('redeemed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('redeemed_session_id', 'integer', (c) => c.references('service_sessions.id').onDelete('set null'))
    .addColumn('voided_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // Percentage coupons (grants 'percent'): the price in the payment form is reduced, nothing is unlocked.
  await db.schema.alterTable('coupons').addColumn('percent_off', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('coupons').dropColumn('percent_off').execute();
  await db.schema.dropTable('gift_cards').execute();
  await db.schema.dropTable('subscriptions').execute();
  await db.schema.dropTable('unlocked_chapters').execute();
  await db.schema.dropTable('orders').execute();
}
