import { useMutation, useQueryClient } from '@tanstack/react-query';
import { booksApi } from '@common/api/books';
import { call } from '../../../lib/api';
import { userSessionsQueryKey } from '../../../lib/user-sessions';

export function useDeleteBook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(booksApi.deleteSessionById, { body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: userSessionsQueryKey }),
  });
}
