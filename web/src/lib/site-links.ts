import { useQuery } from '@tanstack/react-query';
import type { Language } from '@common/constants';
import { SITE_SETTINGS_ELEMENT } from '@common/first-visit';
import type { SiteLink, SiteSettings } from '@common/schemas/site';
import { call } from './api';
import { paths } from './paths';

/** A footer (or terms) link: the operator's external address when configured, else the built-in page. */
export type SiteHref = { href: string; external: boolean };

/**
 * Where `link` goes: the configured address (external), else `/{lng}/{link}`. The blog has no
 * built-in page: without BLOG_URL it is null (not shown). Before the settings arrive, the built-in
 * page is used (the blog waits).
 */
export function siteHref(settings: SiteSettings | undefined, lng: Language, link: SiteLink): SiteHref | null {
  const configured = settings?.links[link];
  if (configured) return { href: configured, external: true };
  if (link === 'blog') return null;
  return { href: paths.site(lng, link), external: false };
}

/** `siteHref` for the current settings (asked once per visit). */
export function useSiteHref(lng: Language, link: SiteLink): SiteHref | null {
  const { data } = useSiteSettings();
  return siteHref(data, lng, link);
}

/** The settings the served page carries (server/src/http/spa-page.ts); none in the development server's page. */
function settingsInPage(): SiteSettings | undefined {
  const json = document.getElementById(SITE_SETTINGS_ELEMENT)?.textContent;
  if (!json) return undefined;
  try {
    return JSON.parse(json) as SiteSettings;
  } catch {
    return undefined;
  }
}

/**
 * Where the footer links go and the support phone (the operator's settings, which change with a restart): read from
 * the served page, else asked for once per visit.
 */
export function useSiteSettings() {
  return useQuery({
    queryKey: ['site-settings'],
    // the footer is part of the first load: the declaration (and zod with it) is loaded on first use
    queryFn: async () => call((await import('@common/api/site')).siteApi.getSiteSettings, {}, { quiet: true }),
    initialData: settingsInPage,
    staleTime: Infinity,
    retry: 1,
  });
}
