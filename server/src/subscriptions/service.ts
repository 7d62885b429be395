import type { Expression, Selectable } from 'kysely';
import { addMonth } from '@common/rules/prices';
import type { Db } from '../db';
import type { SubscriptionsTable } from '../db/schema';
import type { OrderRow } from '../payments/orders';

export type SubscriptionRow = Selectable<SubscriptionsTable>;

/**
 * A user's subscription (spec section 4): active while `current_period_end` is ahead and it has
 * no `cancel_date`; `cancel_request` = pending cancellation (access kept to the end of the paid
 * period); `cancel_date` = over.
 */
export function currentSubscription(db: Db, userId: number) {
  return db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/**
 * The user's current subscription (their latest) when it is active at `now` (an ISO time): no `cancel_date`
 * and `current_period_end` ahead. A query, so that a list or a book can read it beside its rows (`exists`);
 * `userId` may be a column of that outer query (`sql.ref('service_sessions.user_id')`).
 */
export function activeSubscription(db: Db, userId: number | Expression<number | null>, now: string) {
  return db
    .selectFrom('subscriptions as current')
    .select('current.id')
    .where(
      'current.id',
      '=',
      db
        .selectFrom('subscriptions')
        .select((eb) => eb.fn.max('id').as('latest'))
        .where('user_id', '=', userId),
    )
    .where('current.cancel_date', 'is', null)
    .where('current.current_period_end', '>', now);
}

export async function hasActiveSubscription(db: Db, userId: number, now = new Date()): Promise<boolean> {
  return (await activeSubscription(db, userId, now.toISOString()).executeTakeFirst()) !== undefined;
}

/** The first month is paid (inside the transaction that marks the order paid): the subscription starts. */
export async function activateSubscription(
  trx: Db,
  order: OrderRow,
  card: { token: string | null; expiry: string | null },
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const row = await trx
    .insertInto('subscriptions')
    .values({
      user_id: order.user_id!,
      plan_id: order.plan_id!,
      provider: order.provider,
      provider_subscription_id: null,
      payment_method_token: card.token,
      card_expiry: card.expiry,
      current_period_end: addMonth(now).toISOString(),
      cancel_request: null,
      cancel_date: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A renewal was paid: one more month from the end of the paid one. */
export async function extendSubscription(trx: Db, subscriptionId: number, now: Date): Promise<void> {
  const sub = await trx.selectFrom('subscriptions').selectAll().where('id', '=', subscriptionId).executeTakeFirstOrThrow();
  const from = new Date(Math.max(new Date(sub.current_period_end).getTime(), now.getTime()));
  await trx
    .updateTable('subscriptions')
    .set({ current_period_end: addMonth(from).toISOString(), updated_at: now.toISOString() })
    .where('id', '=', subscriptionId)
    .execute();
}

/** A renewal was declined (or the subscription refunded): it ends now. */
export async function lapseSubscription(trx: Db, subscriptionId: number, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const result = await trx
    .updateTable('subscriptions')
    .set({ cancel_date: at, current_period_end: at, updated_at: at })
    .where('id', '=', subscriptionId)
    .where('cancel_date', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The user asks to stop: nothing more is charged; access lasts to the end of the paid period. */
export async function requestCancellation(db: Db, subscriptionId: number, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable('subscriptions')
    .set({ cancel_request: at, updated_at: at })
    .where('id', '=', subscriptionId)
    .where('cancel_request', 'is', null)
    .where('cancel_date', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What the header and /manage-subscriptions read (spec section 4). */
export function subscriptionState(sub: SubscriptionRow | undefined): 'unsubscribed' | 'pending_cancellation' | 'subscribed' {
  if (!sub || sub.cancel_date) return 'unsubscribed';
  if (sub.cancel_request) return 'pending_cancellation';
  return 'subscribed';
}
