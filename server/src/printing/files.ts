import { printFilesInUse } from '@common/rules/printing';
import type { AppContext } from '../app';
import type { PrintOrderRow } from './repository';

/**
 * The print files a book or an account owns (issue 18 item 4): every quote's interior PDF and every
 * print order's interior and cover. Their rows go with the account (print_quotes cascade from the
 * user, print_orders from their quote); the files in storage would stay behind without this. A book's
 * own leave out those its printer may still fetch (`printFilesInUse`): they go when the order ends.
 */
async function printFileKeys(ctx: Pick<AppContext, 'db'>, owner: { userId: number } | { sessionId: number }): Promise<string[]> {
  const quotes = ctx.db.selectFrom('print_quotes');
  const ofOwner =
    'userId' in owner
      ? quotes.where('print_quotes.user_id', '=', owner.userId)
      : quotes.where('print_quotes.service_session_id', '=', owner.sessionId);
  const quoteKeys = await ofOwner.select('print_quotes.interior_key').execute();
  const orders = await ofOwner
    .innerJoin('print_orders', 'print_orders.quote_id', 'print_quotes.id')
    .select(['print_orders.interior_key', 'print_orders.cover_key', 'print_orders.status', 'print_orders.updated_at'])
    .execute();
  const now = new Date();
  const done = 'sessionId' in owner ? orders.filter((order) => !printFilesInUse(order, now)) : orders;
  return [...quoteKeys.map((row) => row.interior_key), ...done.flatMap((row) => [row.interior_key, row.cover_key])];
}

/** Deletes from storage every print file of a book (its quotes' and its ended orders') or of an account (all of its quotes'). */
export async function deletePrintFiles(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  owner: { userId: number } | { sessionId: number },
): Promise<void> {
  for (const key of await printFileKeys(ctx, owner)) await ctx.storage.delete(key);
}

/** An ended print order's files, once its book has been deleted: they were kept only for its printer. */
export async function deletePrintFilesOfDeletedBook(ctx: Pick<AppContext, 'db' | 'storage'>, order: PrintOrderRow): Promise<void> {
  const book = await ctx.db
    .selectFrom('print_quotes')
    .innerJoin('service_sessions', 'service_sessions.id', 'print_quotes.service_session_id')
    .select('service_sessions.deleted_at')
    .where('print_quotes.id', '=', order.quote_id)
    .executeTakeFirst();
  if (book?.deleted_at) for (const key of [order.interior_key, order.cover_key]) await ctx.storage.delete(key);
}

/** Whether one of an account's print orders still has files its printer may fetch (the account cannot go yet). */
export async function hasPrintOrderInUse(ctx: Pick<AppContext, 'db'>, userId: number): Promise<boolean> {
  const orders = await ctx.db.selectFrom('print_orders').select(['status', 'updated_at']).where('user_id', '=', userId).execute();
  const now = new Date();
  return orders.some((order) => printFilesInUse(order, now));
}
