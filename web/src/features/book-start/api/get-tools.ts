import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@common/constants';
import { catalogApi } from '@common/api/catalog';
import { call } from '../../../lib/api';

/** The writing tools (also asked for by the router on a first visit of the options page). */
export const toolsQuery = (lng: Language) =>
  queryOptions({ queryKey: ['tools', lng], queryFn: () => call(catalogApi.tools, {}), staleTime: 5 * 60_000 });

export const useTools = (lng: Language) => useQuery(toolsQuery(lng));
