import { useQuery } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { z } from 'zod';
import { GeneralCategorySchema, type GeneralCategory } from '@common/schemas/catalog';
import type { Language } from '@common/constants';
import { getSuccess } from '../../../lib/api';

/** GET /api/getGeneralCategoriesById/{service_id}: the categories of a service, in the request's language. */
export async function getGeneralCategories(serviceId: string): Promise<GeneralCategory[]> {
  return z.array(GeneralCategorySchema).parse(await getSuccess<unknown>(`/getGeneralCategoriesById/${encodeURIComponent(serviceId)}`));
}

export const generalCategoriesQueryKey = (serviceId: string, lng: Language) => ['general-categories', serviceId, lng] as const;

export function useGeneralCategories(serviceId: string, lng: Language) {
  return useQuery({
    queryKey: generalCategoriesQueryKey(serviceId, lng),
    queryFn: () => getGeneralCategories(serviceId),
    staleTime: 5 * 60_000,
    // an unknown or malformed service id will not get better by asking again
    retry: (failures, error) => failures < 1 && !(isAxiosError(error) && error.response && error.response.status < 500),
  });
}
