import type { AppContext } from '../app';

/**
 * The print files a book or an account owns (issue 18 item 4): every quote's interior PDF and every
 * print order's interior and cover. Their rows go with the account (print_quotes cascade from the
 * user, print_orders from their quote); the files in storage would stay behind without this.
 */
async function printFileKeys(ctx: Pick<AppContext, 'db'>, owner: { userId: number } | { sessionId: number }): Promise<string[]> {
  const quotes = ctx.db.selectFrom('print_quotes');
  const ofOwner =
    'userId' in owner
      ? quotes.where('print_quotes.user_id', '=', owner.userId)
      : quotes.where('print_quotes.service_session_id', '=', owner.sessionId);
  const quoteKeys = await ofOwner.select('print_quotes.interior_key').execute();
  const orderKeys = await ofOwner
    .innerJoin('print_orders', 'print_orders.quote_id', 'print_quotes.id')
    .select(['print_orders.interior_key', 'print_orders.cover_key'])
    .execute();
  return [...quoteKeys.map((row) => row.interior_key), ...orderKeys.flatMap((row) => [row.interior_key, row.cover_key])];
}

/** Deletes from storage every print file of a book (its quotes' and orders') or of an account (all of its quotes'). */
export async function deletePrintFiles(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  owner: { userId: number } | { sessionId: number },
): Promise<void> {
  for (const key of await printFileKeys(ctx, owner)) await ctx.storage.delete(key);
}
