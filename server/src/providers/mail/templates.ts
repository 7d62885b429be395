import { escapeHtml } from '@common/rules/book-text';
import type { Language } from '@common/constants';
import type { Translate } from '../../http/messages';
import type { MailMessage } from './index';

export type MailKind =
  | 'reset'
  | 'confirm'
  | 'welcome'
  | 'receipt'
  | 'gift'
  | 'renewal_failed'
  | 'print_order'
  | 'print_refunded'
  | 'refund'
  | 'audiobook_ready'
  | 'family_invitation'
  | 'family_contribution';

/**
 * One of the account messages in the reader's language (locales/{lng}/mail.json), as text and
 * HTML. `link` is the button's target; `params` fill {{placeholders}}.
 */
export function composeMail(
  translate: Translate,
  lng: Language,
  kind: MailKind,
  to: string,
  link: string,
  params: Record<string, string | number> = {},
): MailMessage {
  const t = (key: string) => translate(lng, key, params, 'mail');
  const subject = t(`${kind}.subject`);
  const greeting = t(`${kind}.greeting`).replace(/\s+([,:])/, '$1');
  const body = t(`${kind}.body`).split('\n');
  const action = t(`${kind}.action`);
  const after = t(`${kind}.after`);
  const signature = t('signature');
  const text = [greeting, '', ...body, '', `${action}: ${link}`, '', after, '', signature].join('\n');
  const paragraphs = body.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const html = `<!doctype html><html lang="${lng}"><body style="margin:0;background:#fdf8f1;font-family:Georgia,'Times New Roman',serif;color:#2b2420;font-size:18px;line-height:1.6">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="font-size:26px;margin:0 0 24px;color:#7a3e2b">Plume</p>
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>${paragraphs}
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#7a3e2b;color:#ffffff;text-decoration:none;padding:14px 28px;border-radius:999px;font-family:Arial,sans-serif;font-weight:bold">${escapeHtml(action)}</a></p>
<p style="margin:0 0 16px;font-size:16px;color:#5c514a">${escapeHtml(after)}</p>
<p style="margin:0 0 16px;font-size:16px;color:#5c514a;word-break:break-all">${escapeHtml(link)}</p>
<p style="margin:24px 0 0">${escapeHtml(signature).replace(/\n/g, '<br>')}</p>
</div></body></html>`;
  return { to, subject, text, html };
}
