import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@common/constants';
import { catalogApi } from '@common/api/catalog';
import { call } from '../../../lib/api';

/** The writing tools (also asked for by the router on a first visit of the options page). */
export const toolsQuery = (lng: Language) =>
  queryOptions({
    queryKey: ['tools', lng],
    // `?lng=` as the options page's HTML names this read (common/first-visit.ts): the browser answers it from that preload
    queryFn: () => call(catalogApi.tools, { query: { lng } }),
    staleTime: 5 * 60_000,
  });

export const useTools = (lng: Language) => useQuery(toolsQuery(lng));
