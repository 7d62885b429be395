import { useQuery } from '@tanstack/react-query';
import type { Language } from '@common/constants';
import { LookupsSchema, type Lookups } from '@common/schemas/catalog';
import { getSuccess } from '../../../lib/api';

/** GET /api/getGeneralCategoryLookupsById/{id}: the category with its types (and group title rows) and lengths. */
export async function getLookups(generalCategoryId: string): Promise<Lookups> {
  return LookupsSchema.parse(await getSuccess<unknown>(`/getGeneralCategoryLookupsById/${encodeURIComponent(generalCategoryId)}`));
}

export function useLookups(generalCategoryId: string, lng: Language) {
  return useQuery({ queryKey: ['lookups', generalCategoryId, lng], queryFn: () => getLookups(generalCategoryId), staleTime: 5 * 60_000, retry: 0 });
}
