import { type Kysely } from 'kysely';

/**
 * Issue 19 item 4: the author chooses, relative by relative, whether the book names them on its
 * contributors' page (1, the default) or keeps their memories without a name there (0).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('family_invitations')
    .addColumn('credited', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('family_invitations').dropColumn('credited').execute();
}
