import { useQuery } from '@tanstack/react-query';
import { getSuccess } from '../lib/api';
import { useAuth } from './auth';

/** What `GET /api/userSubscription` answers (spec section 3: id, cancel_date, cancel_request; plan). */
export interface UserSubscription {
  id?: number | null;
  cancel_date?: string | null;
  cancel_request?: string | null;
  plan?: { id?: number; name?: string | null } | null;
}

export type SubscriptionState = 'subscribed' | 'pending_cancellation' | 'unsubscribed';

/**
 * The header's reading of a subscription (spec section 4): unsubscribed if cancel_date is present;
 * pending_cancellation if cancel_request is present; subscribed if an id is present; unsubscribed on
 * no data (and on error, which the hook maps to no data).
 */
export function headerSubscriptionState(subscription: UserSubscription | null | undefined): SubscriptionState {
  if (!subscription) return 'unsubscribed';
  if (subscription.cancel_date) return 'unsubscribed';
  if (subscription.cancel_request) return 'pending_cancellation';
  if (subscription.id !== null && subscription.id !== undefined) return 'subscribed';
  return 'unsubscribed';
}

/** Query key of the user's subscription: invalidate it after subscribing or cancelling. */
export const userSubscriptionQueryKey = (userId: number | null | undefined) => ['user-subscription', userId ?? 'me'] as const;

export async function fetchUserSubscription(): Promise<UserSubscription | null> {
  return (await getSuccess<UserSubscription | null>('/userSubscription', { quiet: true })) ?? null;
}

/** The signed-in user's subscription state, fetched only when logged in; errors count as unsubscribed. */
export function useSubscriptionState(): { state: SubscriptionState; subscription: UserSubscription | null; isLoading: boolean } {
  const { isLoggedIn, user } = useAuth();
  const query = useQuery({
    queryKey: userSubscriptionQueryKey(user?.id),
    queryFn: fetchUserSubscription,
    enabled: isLoggedIn,
    retry: false,
    staleTime: 60_000,
  });
  const subscription = isLoggedIn && !query.isError ? (query.data ?? null) : null;
  return { state: headerSubscriptionState(subscription), subscription, isLoading: isLoggedIn && query.isLoading };
}
