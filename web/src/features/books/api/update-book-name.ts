import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workspaceApi } from '@common/api/workspace';
import { call } from '../../../lib/api';
import { userSessionsQueryKey } from '../../../lib/user-sessions';

/**
 * My Books' rename: the spec's POST updateBookAttribute {id, attribute: 'book_name', value}, with the
 * name the dialog started from: 409 when the name was changed elsewhere since the list was read.
 */
export function updateBookName(input: { id: number; book_name: string; previous_book_name: string }) {
  const body = { id: input.id, attribute: 'book_name' as const, value: input.book_name, previous_value: input.previous_book_name };
  return call(workspaceApi.updateBookAttribute, { body }, { quiet: true });
}

export function useUpdateBookName() {
  const client = useQueryClient();
  // settled, not only success: after a 409 the list shows the name saved elsewhere while the dialog keeps what was typed
  return useMutation({ mutationFn: updateBookName, onSettled: () => client.invalidateQueries({ queryKey: userSessionsQueryKey }) });
}
