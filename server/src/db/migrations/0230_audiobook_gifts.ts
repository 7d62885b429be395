import { type Kysely } from 'kysely';

/**
 * A gift card whose plan includes an audiobook pays for it (issue 13 item 3, issue 12 item 7).
 * `plans.audiobook_characters`: how many characters of reading the plan grants (null: none).
 * `audiobooks.gift_card_id`: the redeemed gift card that paid for this audiobook; a card redeemed on
 * a book is an audiobook credit of that book until an audiobook carries its id (unique: used once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('plans').addColumn('audiobook_characters', 'integer').execute();
  await db.schema.alterTable('audiobooks').addColumn('gift_card_id', 'integer').execute();
  await db.schema.createIndex('audiobooks_gift_card').unique().on('audiobooks').column('gift_card_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audiobooks_gift_card').execute();
  await db.schema.alterTable('audiobooks').dropColumn('gift_card_id').execute();
  await db.schema.alterTable('plans').dropColumn('audiobook_characters').execute();
}
