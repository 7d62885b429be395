import { useQuery } from '@tanstack/react-query';
import { booksApi } from '@common/api/books';
import { call } from './api';

export const userSessionsQueryKey = ['user-sessions'] as const;

/** GET /api/getUserSessions: my books, newest-updated first. */
export function useUserSessions() {
  return useQuery({ queryKey: userSessionsQueryKey, queryFn: () => call(booksApi.getUserSessions, {}), staleTime: 0 });
}
