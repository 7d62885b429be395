import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@common/constants';
import { catalogApi } from '@common/api/catalog';
import { call } from '../../../lib/api';

/** The options page's lookups of a category (also asked for by the router on a first visit). */
export const lookupsQuery = (generalCategoryId: string, lng: Language) =>
  queryOptions({
    queryKey: ['lookups', generalCategoryId, lng],
    // `?lng=` as the options page's HTML names this read (common/first-visit.ts): the browser answers it from that preload
    queryFn: () => call(catalogApi.getGeneralCategoryLookupsById, { params: { general_category_id: generalCategoryId }, query: { lng } }),
    staleTime: 5 * 60_000,
    retry: 0,
  });

export const useLookups = (generalCategoryId: string, lng: Language) => useQuery(lookupsQuery(generalCategoryId, lng));
