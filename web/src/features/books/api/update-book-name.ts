import { useMutation, useQueryClient } from '@tanstack/react-query';
import { booksApi } from '@common/api/books';
import { call } from '../../../lib/api';
import { userSessionsQueryKey } from './get-user-sessions';

/**
 * POST /api/updateBookName {id, book_name, previous_book_name} (our name for the spec's book-name update
 * call): 409 when the name was changed elsewhere since the list was read.
 */
export function updateBookName(input: { id: number; book_name: string; previous_book_name: string }) {
  return call(booksApi.updateBookName, { body: input }, { quiet: true });
}

export function useUpdateBookName() {
  const client = useQueryClient();
  // settled, not only success: after a 409 the list shows the name saved elsewhere while the dialog keeps what was typed
  return useMutation({ mutationFn: updateBookName, onSettled: () => client.invalidateQueries({ queryKey: userSessionsQueryKey }) });
}
