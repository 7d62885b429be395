import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postSuccess } from '../../../lib/api';
import { userSessionsQueryKey } from './get-user-sessions';

/** POST /api/deleteSessionById {id}. */
export function deleteBook(id: number) {
  return postSuccess<{ id: number }>('/deleteSessionById', { id });
}

export function useDeleteBook() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteBook, onSuccess: () => client.invalidateQueries({ queryKey: userSessionsQueryKey }) });
}
