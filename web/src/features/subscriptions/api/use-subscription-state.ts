import { useQuery } from '@tanstack/react-query';
import type { SubscriptionInfo } from '@common/schemas/payments';
import { readBeforeUserNamed, UNNAMED_USER, useAuth } from '../../../app/auth';
import { call } from '../../../lib/api';
import { headerSubscriptionState, type SubscriptionState } from '../lib/subscription-state';

/** Every query about the user's subscription starts with this key: invalidate it after subscribing or cancelling. */
export const SUBSCRIPTION_QUERY_ROOT = 'subscription';

/**
 * The signed-in user's subscription as the header reads it (`GET /api/userSubscription`), fetched
 * only when logged in; an error counts as unsubscribed (spec section 4).
 */
export function useSubscriptionState(): { state: SubscriptionState; subscription: SubscriptionInfo | null; isLoading: boolean } {
  const { isLoggedIn, user } = useAuth();
  const query = useQuery({
    queryKey: [SUBSCRIPTION_QUERY_ROOT, 'user', user?.id ?? UNNAMED_USER],
    placeholderData: readBeforeUserNamed,
    // the header is part of the first load: the declaration (and zod with it) is loaded on first use
    queryFn: async () => call((await import('@common/api/payments')).subscriptionsApi.userSubscription, {}, { quiet: true }),
    enabled: isLoggedIn,
    retry: false,
    staleTime: 60_000,
  });
  const subscription = isLoggedIn && !query.isError ? (query.data ?? null) : null;
  return { state: headerSubscriptionState(subscription), subscription, isLoading: isLoggedIn && query.isLoading };
}
