import { useQuery } from '@tanstack/react-query';
import type { Language } from '@common/constants';
import { catalogApi } from '@common/api/catalog';
import { call } from '../../../lib/api';

export function useLookups(generalCategoryId: string, lng: Language) {
  return useQuery({
    queryKey: ['lookups', generalCategoryId, lng],
    queryFn: () => call(catalogApi.getGeneralCategoryLookupsById, { params: { general_category_id: generalCategoryId } }),
    staleTime: 5 * 60_000,
    retry: 0,
  });
}
