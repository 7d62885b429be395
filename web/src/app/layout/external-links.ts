import type { Language } from '@common/constants';

/**
 * Addresses outside the app, built in one place: the marketing site (one page per language) and the
 * product's social accounts.
 */
export const MARKETING_SITE_URL = 'https://plume.example';

const marketingSlugs = {
  solution: 'solution',
  faq: 'faq',
  blog: 'blog',
  contact: 'contact',
  terms: 'terms-of-service',
  privacy: 'data-protection-policy',
  legal: 'legal-notice',
} as const;
export type MarketingPage = keyof typeof marketingSlugs;

export function marketingUrl(lng: Language, page: MarketingPage): string {
  return `${MARKETING_SITE_URL}/${lng}/${marketingSlugs[page]}`;
}

export const SOCIAL_LINKS = [
  { network: 'facebook', name: 'Facebook', url: 'https://www.facebook.com/plume.example' },
  { network: 'instagram', name: 'Instagram', url: 'https://www.instagram.com/plume.example' },
  { network: 'youtube', name: 'YouTube', url: 'https://www.youtube.com/@plume.example' },
  { network: 'linkedin', name: 'LinkedIn', url: 'https://www.linkedin.com/company/plume-example' },
] as const;
export type SocialNetwork = (typeof SOCIAL_LINKS)[number]['network'];
