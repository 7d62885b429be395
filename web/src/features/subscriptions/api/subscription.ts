import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { subscriptionsApi } from '@common/api/payments';
import { readBeforeUserNamed, UNNAMED_USER, useAuth } from '../../../app/auth';
import { call } from '../../../lib/api';
import { SUBSCRIPTION_QUERY_ROOT } from './use-subscription-state';

/** The monthly offer (name, price, benefits), in the UI language. */
export function useSubscriptionPlan(lng: string) {
  return useQuery({
    queryKey: [SUBSCRIPTION_QUERY_ROOT, 'plan', lng],
    queryFn: () => call(subscriptionsApi.subscriptionPlan, {}),
    staleTime: 5 * 60_000,
  });
}

/** The user's subscription with its state, period end and benefits (null: never subscribed). */
export function useSubscriptionDetails(lng: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [SUBSCRIPTION_QUERY_ROOT, 'details', user?.id ?? UNNAMED_USER, lng],
    queryFn: () => call(subscriptionsApi.subscriptionDetails, {}),
    placeholderData: readBeforeUserNamed,
  });
}

/**
 * Every subscription query (header, details) is read again, e.g. after subscribing or cancelling — also those no
 * screen shows right now: the header's state is read by its profile menu, which is closed while the user pays, and
 * would open on the old state.
 */
export function useRefreshSubscription() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [SUBSCRIPTION_QUERY_ROOT], refetchType: 'all' });
}

/** `POST cancelSubscription`: quiet, the screen shows the spec's 'subscribe.error' itself. */
export function useCancelSubscription() {
  const refresh = useRefreshSubscription();
  return useMutation({
    mutationFn: () => call(subscriptionsApi.cancelSubscription, {}, { quiet: true }),
    onSettled: () => refresh(),
  });
}
