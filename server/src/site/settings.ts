import type { SiteLink, SiteSettings } from '@common/schemas/site';
import type { Config } from '../config';

/** Which setting points each footer link elsewhere. */
const LINK_SETTINGS = {
  'how-it-works': 'HOW_IT_WORKS_URL',
  faq: 'FAQ_URL',
  blog: 'BLOG_URL',
  contact: 'CONTACT_URL',
  terms: 'TERMS_URL',
  privacy: 'PRIVACY_URL',
  'legal-notice': 'LEGAL_URL',
} as const satisfies Record<SiteLink, keyof Config>;

/** The operator's settings the footer shows (getSiteSettings, and the served page: http/spa-page.ts). */
export function siteSettings(config: Config): SiteSettings {
  return {
    links: Object.fromEntries(Object.entries(LINK_SETTINGS).map(([link, setting]) => [link, config[setting] ?? null])) as Record<
      SiteLink,
      string | null
    >,
    support_phone: config.SUPPORT_PHONE ?? null,
    social: {
      facebook: config.FACEBOOK_URL ?? null,
      instagram: config.INSTAGRAM_URL ?? null,
      youtube: config.YOUTUBE_URL ?? null,
      linkedin: config.LINKEDIN_URL ?? null,
    },
  };
}
