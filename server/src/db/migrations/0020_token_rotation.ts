import type { Kysely } from 'kysely';

/**
 * Token rotation and cookie persistence: `replaced_at` marks a token that refreshToken already
 * replaced (it lives out a short grace but can never mint another one); `remember` says whether its
 * session cookie lasts 30 days (remember me) or ends with the browser.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_tokens').addColumn('replaced_at', 'text').execute();
  await db.schema
    .alterTable('auth_tokens')
    .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_tokens').dropColumn('remember').execute();
  await db.schema.alterTable('auth_tokens').dropColumn('replaced_at').execute();
}
