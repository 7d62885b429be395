import { useQuery } from '@tanstack/react-query';
import { siteApi } from '@common/api/site';
import type { Language } from '@common/constants';
import type { ContactMessageBody, SitePage } from '@common/schemas/site';
import { call } from '../../../lib/api';

export function useSitePage(lng: Language, page: SitePage) {
  return useQuery({
    queryKey: ['site-page', lng, page],
    queryFn: () => call(siteApi.getSitePage, { params: { lang: lng, page } }, { quiet: true }),
    staleTime: 5 * 60_000,
    retry: 1,
  });
}

/** The page handles failures itself (quiet): a message under the form, once. */
export const sendContactMessage = (body: ContactMessageBody) => call(siteApi.sendContactMessage, { body }, { quiet: true });
