import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@common/constants';
import { catalogApi } from '@common/api/catalog';
import { call, failureStatus } from '../../../lib/api';

export const generalCategoriesQueryKey = (serviceId: string, lng: Language) => ['general-categories', serviceId, lng] as const;

/** The story choice's categories of a service (also asked for by the router on a first visit). */
export const generalCategoriesQuery = (serviceId: string, lng: Language) =>
  queryOptions({
    queryKey: generalCategoriesQueryKey(serviceId, lng),
    queryFn: () => call(catalogApi.getGeneralCategoriesById, { params: { service_id: serviceId } }),
    staleTime: 5 * 60_000,
    // an unknown or malformed service id will not get better by asking again
    retry: (failures, error) => failures < 1 && !((failureStatus(error) ?? 500) < 500),
  });

export const useGeneralCategories = (serviceId: string, lng: Language) => useQuery(generalCategoriesQuery(serviceId, lng));
