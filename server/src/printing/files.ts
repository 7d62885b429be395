import { printFilesInUse } from '@common/rules/printing';
import type { AppContext } from '../app';
import type { PrintOrderRow } from './repository';

/** Where a print order's files live: the interior and cover its printer fetches, and the cover's photo it was ordered with. */
const orderFolder = (reference: string) => `printing/orders/${reference}/`;
export const orderFileKey = (reference: string, file: 'interior.pdf' | 'cover.pdf' | 'cover-photo') => `${orderFolder(reference)}${file}`;

/**
 * The print files a book or an account owns (issue 18 item 4): every quote's interior PDF and every
 * print order's folder. Their rows go with the account (print_quotes cascade from the user, print_orders
 * from their quote); the files in storage would stay behind without this. A book's own leave out the
 * orders whose printer may still fetch their files (`printFilesInUse`): they go when the order ends.
 */
async function printFilesOf(
  ctx: Pick<AppContext, 'db'>,
  owner: { userId: number } | { sessionId: number },
): Promise<{ quoteKeys: string[]; orderFolders: string[] }> {
  const quotes = ctx.db.selectFrom('print_quotes');
  const ofOwner =
    'userId' in owner
      ? quotes.where('print_quotes.user_id', '=', owner.userId)
      : quotes.where('print_quotes.service_session_id', '=', owner.sessionId);
  const quoteKeys = await ofOwner.select('print_quotes.interior_key').execute();
  const orders = await ofOwner
    .innerJoin('print_orders', 'print_orders.quote_id', 'print_quotes.id')
    .innerJoin('orders', 'orders.id', 'print_orders.order_id')
    .select(['orders.reference', 'print_orders.status', 'print_orders.updated_at'])
    .execute();
  const now = new Date();
  const done = 'sessionId' in owner ? orders.filter((order) => !printFilesInUse(order, now)) : orders;
  return { quoteKeys: quoteKeys.map((row) => row.interior_key), orderFolders: done.map((row) => orderFolder(row.reference)) };
}

/** Deletes from storage every print file of a book (its quotes' and its ended orders') or of an account (all of its quotes'). */
export async function deletePrintFiles(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  owner: { userId: number } | { sessionId: number },
): Promise<void> {
  const { quoteKeys, orderFolders } = await printFilesOf(ctx, owner);
  for (const key of quoteKeys) await ctx.storage.delete(key);
  for (const folder of orderFolders) await ctx.storage.deleteAll(folder);
}

/** An ended print order's files, once its book has been deleted: they were kept only for its printer. */
export async function deletePrintFilesOfDeletedBook(ctx: Pick<AppContext, 'db' | 'storage'>, order: PrintOrderRow): Promise<void> {
  const found = await ctx.db
    .selectFrom('orders')
    .innerJoin('print_quotes', 'print_quotes.id', 'orders.print_quote_id')
    .innerJoin('service_sessions', 'service_sessions.id', 'print_quotes.service_session_id')
    .select(['orders.reference', 'service_sessions.deleted_at'])
    .where('orders.id', '=', order.order_id)
    .executeTakeFirst();
  if (found?.deleted_at) await ctx.storage.deleteAll(orderFolder(found.reference));
}

/** Whether one of an account's print orders still has files its printer may fetch (the account cannot go yet). */
export async function hasPrintOrderInUse(ctx: Pick<AppContext, 'db'>, userId: number): Promise<boolean> {
  const orders = await ctx.db.selectFrom('print_orders').select(['status', 'updated_at']).where('user_id', '=', userId).execute();
  const now = new Date();
  return orders.some((order) => printFilesInUse(order, now));
}
