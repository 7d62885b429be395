import { addMonth } from '@common/rules/prices';
import { insertOrder, moveOrder } from '../payments/orders';
import { sendRenewalFailedMail } from '../payments/receipts';
import { sandboxChargeStoredCard } from '../payments/sandbox';
import { copyForRenewal, type PaymentsContext } from '../payments/service';
import { lapseSubscription } from './service';

/** A Lyra subscription whose instalment has not been notified this long after its due date lapses. */
const LYRA_GRACE_MS = 3 * 24 * 3_600_000;

/**
 * One pass of the subscription clock, at `now` (tests pass a moved clock): a pending cancellation
 * ends at the end of its paid period; a sandbox subscription due for renewal is charged on its
 * stored card (a new order, paid → one more month, declined → it lapses and the user is e-mailed);
 * Lyra charges its own instalments (IPN), so a Lyra subscription only lapses after a grace period
 * without one. Each subscription is claimed by a conditional UPDATE, so two nodes never charge twice.
 */
export async function runDueSubscriptions(ctx: PaymentsContext, now = ctx.now()): Promise<void> {
  const at = now.toISOString();
  const due = await ctx.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('cancel_date', 'is', null)
    .where('current_period_end', '<=', at)
    .execute();
  for (const sub of due) {
    if (sub.cancel_request) {
      await ctx.db
        .updateTable('subscriptions')
        .set({ cancel_date: sub.current_period_end, updated_at: at })
        .where('id', '=', sub.id)
        .where('cancel_date', 'is', null)
        .execute();
      continue;
    }
    if (sub.provider !== 'sandbox') {
      if (new Date(sub.current_period_end).getTime() + LYRA_GRACE_MS <= now.getTime()) await lapseSubscription(ctx.db, sub.id, now);
      continue;
    }
    const claimed = await ctx.db
      .updateTable('subscriptions')
      .set({ current_period_end: addMonth(new Date(sub.current_period_end)).toISOString(), updated_at: at })
      .where('id', '=', sub.id)
      .where('current_period_end', '=', sub.current_period_end)
      .where('cancel_date', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const first = await ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('subscription_id', '=', sub.id)
      .where('status', '=', 'paid')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!first) continue;
    const charge = sandboxChargeStoredCard(sub.payment_method_token, sub.card_expiry, now);
    const lapsed = await ctx.db.transaction().execute(async (trx) => {
      const renewal = await insertOrder(
        trx,
        { ...copyForRenewal(first), reference: `R${charge.uuid}`, provider: sub.provider, tax_rate_bp: first.tax_rate_bp },
        at,
      );
      if (charge.paid) {
        await moveOrder(trx, renewal.id, 'created', 'paid', at, { transaction_id: charge.uuid, paid_at: at });
        return false;
      }
      await moveOrder(trx, renewal.id, 'created', 'failed', at, { transaction_id: charge.uuid, failure: charge.failure });
      return lapseSubscription(trx, sub.id, now);
    });
    if (lapsed)
      await sendRenewalFailedMail(ctx, sub.user_id, first.language).catch((error: unknown) =>
        ctx.log.error({ err: error }, 'renewal mail not sent'),
      );
  }
}

/** Runs the subscription clock every `intervalMs` (0: never). Returns the stop function. */
export function startSubscriptionScheduler(ctx: PaymentsContext, intervalMs: number): () => void {
  if (intervalMs <= 0) return () => undefined;
  const timer = setInterval(() => {
    runDueSubscriptions(ctx).catch((error: unknown) => ctx.log.error({ err: error }, 'subscription renewals failed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
