import crypto from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db';
import type { PrintOrdersTable, PrintQuotesTable } from '../db/schema';

/** SQL of print quotes and print orders; every function takes the database first. */

export type QuoteRow = Selectable<PrintQuotesTable>;
export type PrintOrderRow = Selectable<PrintOrdersTable>;

export const newQuoteReference = () => `PQ${crypto.randomBytes(12).toString('base64url')}`;

export const insertQuote = (db: Db, quote: Insertable<PrintQuotesTable>) =>
  db.insertInto('print_quotes').values(quote).returningAll().executeTakeFirstOrThrow();

export const findQuoteOfUser = (db: Db, reference: string, userId: number) =>
  db.selectFrom('print_quotes').selectAll().where('reference', '=', reference).where('user_id', '=', userId).executeTakeFirst();

export const findQuote = (db: Db, id: number) => db.selectFrom('print_quotes').selectAll().where('id', '=', id).executeTakeFirst();

export const findPrintOrderOfOrder = (db: Db, orderId: number) =>
  db.selectFrom('print_orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();

export const findPrintOrderByJob = (db: Db, provider: string, jobId: string) =>
  db.selectFrom('print_orders').selectAll().where('provider', '=', provider).where('provider_job_id', '=', jobId).executeTakeFirst();

/** Inserts the print order of a paid order once: a second submit finds the first (null). */
export async function insertPrintOrder(db: Db, row: Insertable<PrintOrdersTable>): Promise<PrintOrderRow | null> {
  const inserted = await db
    .insertInto('print_orders')
    .values(row)
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted ?? null;
}

export const updatePrintOrder = (
  db: Db,
  id: number,
  fields: Partial<Pick<PrintOrderRow, 'status' | 'provider' | 'provider_job_id' | 'provider_status'>>,
  now: string,
) =>
  db
    .updateTable('print_orders')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .execute();

/** A user's print orders by order id, for My orders. */
export async function printOrdersOfUser(db: Db, userId: number) {
  return db
    .selectFrom('print_orders')
    .innerJoin('print_quotes', 'print_quotes.id', 'print_orders.quote_id')
    .select(['print_orders.order_id', 'print_orders.status', 'print_quotes.title', 'print_quotes.copies', 'print_quotes.page_count'])
    .where('print_orders.user_id', '=', userId)
    .execute();
}
