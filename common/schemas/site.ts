import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { EmailSchema } from './auth';

/**
 * The site's own pages (issue 16 item 2): the footer's links and the register form's terms link.
 * Each is a built-in page under `/{lang}/{slug}` (text in `content/legal/{lng}/{slug}.md`, or the
 * contact form) unless the operator points it elsewhere by configuration (`{PAGE}_URL`).
 */
export const SITE_LINKS = ['how-it-works', 'faq', 'blog', 'contact', 'terms', 'privacy', 'legal-notice'] as const;
export type SiteLink = (typeof SITE_LINKS)[number];

/** The links with a built-in markdown page (the contact link has its form; the blog exists only as an external site). */
export const SITE_PAGES = ['how-it-works', 'faq', 'terms', 'privacy', 'legal-notice'] as const;
export type SitePage = (typeof SITE_PAGES)[number];

/** The footer's social accounts: each shown only when the operator configures its address (`FACEBOOK_URL`…). */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'youtube', 'linkedin'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const SiteSettingsSchema = z.object({
  /** Per link: an external address configured by the operator, or null for the built-in page (the blog is hidden when null). */
  links: z.record(z.enum(SITE_LINKS), z.url().nullable()),
  /** Shown in the footer only when configured. */
  support_phone: z.string().nullable(),
  /** Per network: the operator's account, or null (not shown). No account configured: no "follow us" at all. */
  social: z.record(z.enum(SOCIAL_NETWORKS), z.url().nullable()),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

/** A run of text inside a block: plain, emphasised, strong, or a link (http(s), mailto, tel or a site path only). */
export const InlineSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('em'), text: z.string() }),
  z.object({ kind: z.literal('strong'), text: z.string() }),
  z.object({ kind: z.literal('link'), text: z.string(), href: z.string() }),
]);
export type Inline = z.infer<typeof InlineSchema>;

/** A page is parsed to these blocks on the server and rendered as React elements: no HTML ever travels. */
export const BlockSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('heading'), level: z.union([z.literal(2), z.literal(3)]), content: z.array(InlineSchema) }),
  z.object({ kind: z.literal('paragraph'), content: z.array(InlineSchema) }),
  z.object({ kind: z.literal('list'), ordered: z.boolean(), items: z.array(z.array(InlineSchema)) }),
]);
export type Block = z.infer<typeof BlockSchema>;

export const SitePageParamsSchema = z.object({ lang: z.enum(LANGUAGES), page: z.enum(SITE_PAGES) });

export const SitePageSchema = z.object({ title: z.string(), blocks: z.array(BlockSchema) });
export type SitePageContent = z.infer<typeof SitePageSchema>;

export const CONTACT_MESSAGE_MAX = 5_000;

export const ContactMessageBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  email: EmailSchema,
  message: z.string().trim().min(10).max(CONTACT_MESSAGE_MAX),
  /** ALTCHA payload (base64) or reCAPTCHA response token; ignored when the captcha is off. */
  captcha: z.string().max(20_000).optional(),
});
export type ContactMessageBody = z.infer<typeof ContactMessageBodySchema>;
