import { useQuery } from '@tanstack/react-query';
import type { Language } from '@common/constants';
import { catalogApi } from '@common/api/catalog';
import { call } from '../../../lib/api';

export function useTools(lng: Language) {
  return useQuery({ queryKey: ['tools', lng], queryFn: () => call(catalogApi.tools, {}), staleTime: 5 * 60_000 });
}
