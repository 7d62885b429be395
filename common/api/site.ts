import { z } from 'zod';
import { defineCall } from './contract';
import { ContactMessageBodySchema, SitePageParamsSchema, SitePageSchema, SiteSettingsSchema } from '../schemas/site';

/** The site's own pages: footer links, legal and help pages, the contact form (issue 16 item 2). */
export const siteApi = {
  /** Which footer links go to an external site, and the support phone when one is configured. */
  getSiteSettings: defineCall({ method: 'GET', path: '/siteSettings', scope: 'public', response: SiteSettingsSchema }),
  /** A built-in page (terms, privacy, legal notice, FAQ, how it works) in one language, as blocks. */
  getSitePage: defineCall({
    method: 'GET',
    path: '/sitePage/:lang/:page',
    scope: 'public',
    params: SitePageParamsSchema,
    response: SitePageSchema,
  }),
  /** The contact form: e-mails the operator (captcha, rate limited per address). */
  sendContactMessage: defineCall({
    method: 'POST',
    path: '/sendContactMessage',
    scope: 'public',
    body: ContactMessageBodySchema,
    response: z.literal(true),
  }),
};
