/** The product's social accounts (the site's own pages and their overrides: lib/site-links.ts). */
export const SOCIAL_LINKS = [
  { network: 'facebook', name: 'Facebook', url: 'https://www.facebook.com/plume.example' },
  { network: 'instagram', name: 'Instagram', url: 'https://www.instagram.com/plume.example' },
  { network: 'youtube', name: 'YouTube', url: 'https://www.youtube.com/@plume.example' },
  { network: 'linkedin', name: 'LinkedIn', url: 'https://www.linkedin.com/company/plume-example' },
] as const;
export type SocialNetwork = (typeof SOCIAL_LINKS)[number]['network'];
