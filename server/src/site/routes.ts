import fs from 'node:fs';
import path from 'node:path';
import { siteApi } from '@common/api/site';
import type { Language } from '@common/constants';
import { escapeHtml } from '@common/rules/book-text';
import type { SitePage } from '@common/schemas/site';
import type { Config } from '../config';
import { badRequest, AppError } from '../http/errors';
import { clientAddress } from '../http/client-address';
import { routesOf } from '../http/routes';
import { captchaSecret, createCaptcha } from '../providers/captcha';
import { limitByIp } from '../rate-limit';
import { parseMarkdown } from './markdown';
import { siteSettings } from './settings';

export const LIMITS = {
  /** Contact messages per address: a person writes a few; a script is stopped here and by the captcha. */
  contactPerIp: { max: 5, windowMs: 60 * 60_000 },
} as const;

/** The values a page may quote: `{{operator_name}}`… A line naming one that is not configured is left out. */
function pageValues(config: Config, lng: Language): Record<string, string | undefined> {
  return {
    lang: lng,
    operator_name: config.OPERATOR_NAME,
    operator_address: config.OPERATOR_ADDRESS,
    operator_email: config.OPERATOR_EMAIL,
    support_phone: config.SUPPORT_PHONE,
    public_url: config.PUBLIC_URL,
  };
}

export function fillPage(source: string, values: Record<string, string | undefined>): string {
  return source
    .split('\n')
    .filter((line) => [...line.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].every((m) => values[m[1]!]))
    .map((line) => line.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? ''))
    .join('\n');
}

/** Read at each request, so the operator's edits show without a restart (the files are a few KB). */
async function readPage(contentDir: string, lng: Language, page: SitePage): Promise<string> {
  try {
    return await fs.promises.readFile(path.join(contentDir, 'legal', lng, `${page}.md`), 'utf8');
  } catch {
    throw new AppError(404, 'site.page_missing');
  }
}

/** One line of a header: no line breaks from a visitor. */
const oneLine = (text: string) => text.replace(/\p{Cc}+/gu, ' ').trim();

export const siteRoutes = routesOf(siteApi, (ctx) => {
  const { config, db, translate } = ctx;
  const { mailer } = ctx;
  const captcha = createCaptcha(config, db, captchaSecret(config));

  return {
    getSiteSettings: async () => ({ success: siteSettings(config) }),

    getSitePage: async (request, reply) => {
      const { lang, page } = request.params;
      const source = fillPage(await readPage(config.contentDir, lang, page), pageValues(config, lang));
      void reply.header('cache-control', 'no-cache');
      return { success: parseMarkdown(source) };
    },

    sendContactMessage: {
      limit: [limitByIp(db, 'contact', LIMITS.contactPerIp)],
      handler: async (request) => {
        const { name, email, message, captcha: solution } = request.body;
        if (!(await captcha.verify(solution, clientAddress(request)))) throw badRequest('site.captcha_failed');
        const t = (key: string) => translate(request.lng, key, { name: oneLine(name), email }, 'mail');
        const intro = t('contact.intro');
        await mailer.send({
          to: config.OPERATOR_EMAIL,
          replyTo: email,
          subject: oneLine(t('contact.subject')),
          text: `${intro}\n\n${message}\n`,
          html: `<!doctype html><html lang="${request.lng}"><body><p>${escapeHtml(intro)}</p><p style="white-space:pre-wrap">${escapeHtml(message)}</p></body></html>`,
        });
        return { success: true as const };
      },
    },
  };
});
