import type { Language } from '@common/constants';
import { formatPrice, formatRate, fromCents, taxIncludedCents } from '@common/rules/prices';
import { pdfBuffer } from '../exports/pdf/buffer';
import { FONT_FILES } from '../exports/pdf/fonts';
import { loadPdfKit } from '../exports/pdf/load-pdfkit';
import type { Translate } from '../http/messages';

export interface ReceiptInput {
  reference: string;
  paidAt: string;
  buyer: string;
  item: string;
  amountCents: number;
  currency: string;
  taxRateBp: number;
  refunded: boolean;
}

const INK = '#2b2420';
const ACCENT = '#7a3e2b';
const MUTED = '#5c514a';
const RULE = '#d9cbbd';

/**
 * A paid order's receipt (A4), in the reader's language: the order reference and date, the buyer,
 * what was bought, the amount with the VAT it includes, and whether it was refunded.
 */
export async function renderReceiptPdf(translate: Translate, lng: Language, input: ReceiptInput): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const t = (key: string, params: Record<string, string | number> = {}) => translate(lng, `receipt_pdf.${key}`, params, 'mail');
  const doc = new PDFDocument({ size: 'A4', margin: 64, info: { Title: t('title'), Author: 'Plume' } });
  for (const [key, file] of Object.entries(FONT_FILES)) doc.registerFont(key, file);
  const done = pdfBuffer(doc);

  const money = (cents: number) => formatPrice(fromCents(cents), lng, input.currency);
  const left = 64;
  const width = doc.page.width - 2 * left;
  doc.fillColor(ACCENT).font('semibold').fontSize(28).text('Plume', left, 64);
  doc.fillColor(INK).font('regular').fontSize(20).text(t('title'), left, 110);
  const date = new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(input.paidAt));
  doc.fillColor(MUTED).fontSize(11);
  doc.text(t('reference', { reference: input.reference }), left, 148);
  doc.text(t('date', { date }));
  doc.text(t('buyer', { buyer: input.buyer }));

  const row = (label: string, value: string, y: number, bold = false) => {
    doc
      .fillColor(INK)
      .font(bold ? 'semibold' : 'regular')
      .fontSize(12);
    doc.text(label, left, y, { width: width * 0.65 });
    doc.text(value, left + width * 0.65, y, { width: width * 0.35, align: 'right' });
  };
  const line = (y: number) =>
    doc
      .strokeColor(RULE)
      .lineWidth(0.8)
      .moveTo(left, y)
      .lineTo(left + width, y)
      .stroke();

  line(220);
  row(input.item, money(input.amountCents), 232);
  line(262);
  const tax = taxIncludedCents(input.amountCents, input.taxRateBp);
  row(t('net'), money(input.amountCents - tax), 274);
  row(t('vat', { rate: formatRate(input.taxRateBp, lng) }), money(tax), 296);
  line(324);
  row(t('total'), money(input.amountCents), 336, true);
  if (input.refunded) doc.fillColor(ACCENT).font('semibold').fontSize(12).text(t('refunded'), left, 376, { width });
  doc.fillColor(MUTED).font('italic').fontSize(10).text(t('footer'), left, 420, { width });
  doc.end();
  return done;
}
