import type { Kysely } from 'kysely';

/**
 * A printing order keeps the address it is paid for (JSON of a ShippingAddress): once paid, the server hands it to the
 * printer itself, whether or not the buyer's page is still open to submit it (printing/service.ts, handOverPrintOrder).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('shipping_address', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('shipping_address').execute();
}
