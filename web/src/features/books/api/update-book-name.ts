import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postSuccess } from '../../../lib/api';
import { userSessionsQueryKey } from './get-user-sessions';

/** POST /api/updateBookName {id, book_name} (our name for the spec's book-name update call). */
export function updateBookName(input: { id: number; book_name: string }) {
  return postSuccess<{ id: number; book_name: string; updated_at: string }>('/updateBookName', input, { quiet: true });
}

export function useUpdateBookName() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateBookName, onSuccess: () => client.invalidateQueries({ queryKey: userSessionsQueryKey }) });
}
