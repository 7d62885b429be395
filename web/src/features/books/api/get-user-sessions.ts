import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { BookListItemSchema, type BookListItem } from '@common/schemas/books';
import { getSuccess } from '../../../lib/api';

/** GET /api/getUserSessions: my books, newest-updated first. */
export async function getUserSessions(): Promise<BookListItem[]> {
  return z.array(BookListItemSchema).parse(await getSuccess<unknown>('/getUserSessions'));
}

export const userSessionsQueryKey = ['user-sessions'] as const;

export function useUserSessions() {
  return useQuery({ queryKey: userSessionsQueryKey, queryFn: getUserSessions, staleTime: 0 });
}
