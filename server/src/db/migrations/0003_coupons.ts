import { sql, type Kysely } from 'kysely';
import { idColumnType } from '../index';

/**
 * Coupons (created by operators with `npm run coupon`) and their redemptions. A code is stored
 * upper-case so it is unique whatever the case it is typed in. A redemption is unique per coupon and
 * book: a retried request finds it and never counts a second use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('coupons')
    .addColumn('id', idColumnType(db), (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('grants', 'text', (c) => c.notNull().defaultTo('book'))
    .addColumn('max_redemptions', 'integer', (c) => c.notNull())
    .addColumn('redemptions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('coupons_redemptions_within_max', sql`redemptions >= 0 and redemptions <= max_redemptions`)
    .execute();
  await db.schema
    .createTable('coupon_redemptions')
    .addColumn('id', idColumnType(db), (c) => c.primaryKey())
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('service_session_id', 'integer', (c) => c.notNull().references('service_sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('plan_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('coupon_redemptions_once_per_book', ['coupon_id', 'service_session_id'])
    .execute();
  await db.schema.createIndex('coupon_redemptions_session').on('coupon_redemptions').column('service_session_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('coupon_redemptions').execute();
  await db.schema.dropTable('coupons').execute();
}
