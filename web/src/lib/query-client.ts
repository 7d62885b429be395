import { QueryClient } from '@tanstack/react-query';

/** The app's one query cache: the pages' reads, and those the router starts before a first page renders (app/router.tsx). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/** The first part of the keys of the user's orders (profile, /printing): any payment makes them stale (Checkout). */
export const ORDERS_QUERY_ROOT = 'my-orders';
