import type { Language } from '@common/constants';
import { formatPrice, fromCents } from '@common/rules/prices';
import { pdfBuffer } from '../exports/pdf/buffer';
import { FONT_FILES } from '../exports/pdf/fonts';
import { loadPdfKit } from '../exports/pdf/load-pdfkit';
import type { Translate } from '../http/messages';

export interface GiftCardPdfInput {
  code: string;
  planName: string;
  priceCents: number;
  currency: string;
  expiresAt: string;
  redeemUrl: string;
}

const CREAM = '#fdf8f1';
const INK = '#2b2420';
const ACCENT = '#7a3e2b';
const MUTED = '#5c514a';

/** The redeem page's address as a person types it: no scheme, no query (the code is printed above). */
export const printedAddress = (url: string) => url.replace(/^https?:\/\//, '').replace(/[?#].*$/, '');

/**
 * A printable gift card (A5 landscape) in the buyer's language: the plan, a ruled field for a
 * personal message written by hand, the code `PLUME-XXXX-XXXX`, its expiry and where to redeem it.
 * EB Garamond, the book's own type.
 */
export async function renderGiftCardPdf(translate: Translate, lng: Language, input: GiftCardPdfInput): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const t = (key: string, params: Record<string, string | number> = {}) => translate(lng, `gift_card.${key}`, params, 'mail');
  const doc = new PDFDocument({ size: 'A5', layout: 'landscape', margin: 0, info: { Title: t('title'), Author: 'Plume' } });
  for (const [key, file] of Object.entries(FONT_FILES)) doc.registerFont(key, file);
  const done = pdfBuffer(doc);

  const { width, height } = doc.page;
  doc.rect(0, 0, width, height).fill(CREAM);
  doc
    .lineWidth(1.5)
    .strokeColor(ACCENT)
    .rect(18, 18, width - 36, height - 36)
    .stroke();
  doc
    .lineWidth(0.5)
    .rect(24, 24, width - 48, height - 48)
    .stroke();

  const left = 56;
  const column = width - 2 * left;
  doc.fillColor(ACCENT).font('semibold').fontSize(30).text('Plume', left, 48, { width: column, align: 'center' });
  doc.fillColor(INK).font('italic').fontSize(17).text(t('title'), left, 88, { width: column, align: 'center' });
  // A small ornament under the title: a rule, a diamond, a rule.
  const middle = width / 2;
  doc.strokeColor(ACCENT).lineWidth(0.6);
  doc
    .moveTo(middle - 70, 117)
    .lineTo(middle - 8, 117)
    .stroke();
  doc
    .moveTo(middle + 8, 117)
    .lineTo(middle + 70, 117)
    .stroke();
  doc.save().translate(middle, 117).rotate(45).rect(-3, -3, 6, 6).fill(ACCENT).restore();
  doc.font('semibold').fontSize(20).text(input.planName, left, 124, { width: column, align: 'center' });
  doc
    .fillColor(MUTED)
    .font('regular')
    .fontSize(11)
    .text(t('value', { price: formatPrice(fromCents(input.priceCents), lng, input.currency) }), left, 151, {
      width: column,
      align: 'center',
    });

  // The personal message, written by hand on the printed card.
  doc.fillColor(MUTED).font('italic').fontSize(11).text(t('message'), left, 176, { width: column });
  doc.strokeColor('#c9b8a6').lineWidth(0.6);
  for (const y of [212, 236, 260])
    doc
      .moveTo(left, y)
      .lineTo(width - left, y)
      .stroke();

  doc.fillColor(INK).font('regular').fontSize(11).text(t('your_code'), left, 282, { width: column, align: 'center' });
  doc.fillColor(ACCENT).font('semibold').fontSize(26).text(input.code, left, 298, { width: column, align: 'center', characterSpacing: 2 });
  const expires = new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(input.expiresAt));
  doc
    .fillColor(MUTED)
    .font('regular')
    .fontSize(10)
    .text(t('how', { url: printedAddress(input.redeemUrl), date: expires }), left, 340, {
      width: column,
      align: 'center',
      link: input.redeemUrl,
    });
  doc.end();
  return done;
}
