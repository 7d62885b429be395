import type { Kysely } from 'kysely';
import { idColumnType } from '../index';

export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idColumnType(db);
  await db.schema
    .createTable('services')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('translations', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('general_categories')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('image_key', 'text', (c) => c.notNull())
    .addColumn('translations', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('tools')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('icon_key', 'text', (c) => c.notNull())
    .addColumn('forces_one_length', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('for_new_book', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('for_existing_book', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('translations', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('plans')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('service_id', 'integer', (c) => c.references('services.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('EUR'))
    .addColumn('payed_per', 'text', (c) => c.notNull())
    .addColumn('is_service', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_gift_card', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('translations', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('users')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coupon_code', 'text')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('google_sub', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('service_sessions')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('guest_token_hash', 'text')
    .addColumn('service_id', 'integer', (c) => c.notNull())
    .addColumn('general_category_id', 'integer', (c) => c.notNull())
    .addColumn('book_name', 'text', (c) => c.notNull())
    .addColumn('is_payed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('introduction', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('book_summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('checkpoint_data', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('service_sessions_user').on('service_sessions').columns(['user_id', 'updated_at']).execute();
  await db.schema.createIndex('service_sessions_guest').on('service_sessions').column('guest_token_hash').execute();
  await db.schema
    .createTable('counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['counters', 'service_sessions', 'auth_tokens', 'users', 'plans', 'tools', 'general_categories', 'services']) {
    await db.schema.dropTable(table).execute();
  }
}
