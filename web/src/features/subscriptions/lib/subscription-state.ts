import type { SubscriptionInfo } from '@common/schemas/payments';

export type SubscriptionState = 'subscribed' | 'pending_cancellation' | 'unsubscribed';

/**
 * The header's reading of `userSubscription` (spec section 4): unsubscribed if cancel_date is
 * present; pending_cancellation if cancel_request is present; subscribed if an id is present;
 * unsubscribed on no data (and on error, which the hook maps to no data).
 */
export function headerSubscriptionState(subscription: SubscriptionInfo | null | undefined): SubscriptionState {
  if (!subscription) return 'unsubscribed';
  if (subscription.cancel_date) return 'unsubscribed';
  if (subscription.cancel_request) return 'pending_cancellation';
  return 'subscribed';
}

/**
 * The manage-subscriptions reading (spec section 4): unsubscribed if no record or cancel_date
 * present; pending_cancellation if cancel_request is present without cancel_date; else subscribed.
 */
export function manageSubscriptionState(
  subscription: Pick<SubscriptionInfo, 'cancel_date' | 'cancel_request'> | null | undefined,
): SubscriptionState {
  if (!subscription || subscription.cancel_date) return 'unsubscribed';
  if (subscription.cancel_request) return 'pending_cancellation';
  return 'subscribed';
}
