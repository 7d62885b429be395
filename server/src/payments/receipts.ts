import { formatPrice, formatRate, fromCents, taxIncludedCents } from '@common/rules/prices';
import { findPlan, textsOf, type PlanTexts } from '../catalog/repository';
import type { Db } from '../db';
import { composeMail } from '../providers/mail/templates';
import { renderGiftCardPdf } from '../gifts/card-pdf';
import { findGiftCardOfOrder } from '../gifts/service';
import type { OrderRow } from './orders';
import { normalizeLanguage } from '@common/languages';
import type { PaymentsContext } from './service';

export async function planName(db: Db, planId: number | null, lng: string): Promise<string> {
  const plan = planId === null ? undefined : await findPlan(db, planId);
  return plan ? textsOf<PlanTexts>(plan.translations, normalizeLanguage(lng)).name : 'Plume';
}

/** What an order bought, in words: its plan's name, or for printed copies the copies and the title. */
export async function itemName(ctx: Pick<PaymentsContext, 'db' | 'translate'>, order: OrderRow, lng: string): Promise<string> {
  if (order.kind === 'printing' && order.print_quote_id !== null) {
    const quote = await ctx.db
      .selectFrom('print_quotes')
      .select(['title', 'copies'])
      .where('id', '=', order.print_quote_id)
      .executeTakeFirst();
    if (quote) return ctx.translate(normalizeLanguage(lng), 'print_order.item', { copies: quote.copies, title: quote.title }, 'mail');
  }
  if (order.kind === 'audiobook') return ctx.translate(normalizeLanguage(lng), 'audiobook_ready.item', {}, 'mail');
  return planName(ctx.db, order.plan_id, lng);
}

/** The page where a gift code is typed in, with the code filled in. */
export const redeemUrl = (ctx: Pick<PaymentsContext, 'config'>, lng: string, code: string) =>
  `${ctx.config.PUBLIC_URL.replace(/\/+$/, '')}/${normalizeLanguage(lng)}/redeem-gift?code=${encodeURIComponent(code)}`;

/** The printable card of a paid gift order (the buyer downloads it; the recipient gets it by mail). */
export async function giftCardPdf(ctx: PaymentsContext, order: OrderRow): Promise<{ code: string; pdf: Buffer } | null> {
  const card = await findGiftCardOfOrder(ctx.db, order.id);
  if (!card) return null;
  const pdf = await renderGiftCardPdf(ctx.translate, normalizeLanguage(order.language), {
    code: card.code,
    planName: await planName(ctx.db, order.plan_id, order.language),
    priceCents: order.amount_cents,
    currency: order.currency,
    expiresAt: card.expires_at,
    redeemUrl: redeemUrl(ctx, order.language, card.code),
  });
  return { code: card.code, pdf };
}

/** The buyer's word that an order was refunded (`npm run refund`): what it bought, the amount, the reference. */
export async function sendRefundMail(ctx: Pick<PaymentsContext, 'db' | 'translate' | 'mailer' | 'config'>, order: OrderRow) {
  const lng = normalizeLanguage(order.language);
  const base = ctx.config.PUBLIC_URL.replace(/\/+$/, '');
  await ctx.mailer.send(
    composeMail(ctx.translate, lng, 'refund', order.email, `${base}/${lng}/profile`, {
      item: await itemName(ctx, order, lng),
      amount: formatPrice(fromCents(order.amount_cents), lng, order.currency),
      reference: order.reference,
    }),
  );
}

/**
 * A paid order's mails, in the buyer's language: the receipt (amount, tax included, order
 * reference) and, for a gift card, the card and its link to the recipient.
 */
export async function sendOrderMails(ctx: PaymentsContext, order: OrderRow): Promise<void> {
  const lng = normalizeLanguage(order.language);
  const base = ctx.config.PUBLIC_URL.replace(/\/+$/, '');
  const money = (cents: number) => formatPrice(fromCents(cents), lng, order.currency);
  await ctx.mailer.send(
    composeMail(ctx.translate, lng, 'receipt', order.email, `${base}/${lng}/profile`, {
      item: await itemName(ctx, order, lng),
      amount: money(order.amount_cents),
      tax: money(taxIncludedCents(order.amount_cents, order.tax_rate_bp)),
      rate: formatRate(order.tax_rate_bp, lng),
      reference: order.reference,
      name: order.email,
    }),
  );
  if (order.kind !== 'gift_card' || !order.recipient_email) return;
  const card = await giftCardPdf(ctx, order);
  if (!card) return;
  const message = composeMail(ctx.translate, lng, 'gift', order.recipient_email, redeemUrl(ctx, lng, card.code), {
    code: card.code,
    from: order.email,
    item: await planName(ctx.db, order.plan_id, lng),
  });
  await ctx.mailer.send({
    ...message,
    attachments: [{ filename: `plume-${card.code}.pdf`, content: card.pdf, contentType: 'application/pdf' }],
  });
}

/** A declined renewal ended the subscription: the user is told, in their language. */
export async function sendRenewalFailedMail(ctx: PaymentsContext, userId: number, lng: string): Promise<void> {
  const user = await ctx.db.selectFrom('users').select(['email', 'first_name', 'language']).where('id', '=', userId).executeTakeFirst();
  if (!user) return;
  const language = normalizeLanguage(user.language || lng);
  const base = ctx.config.PUBLIC_URL.replace(/\/+$/, '');
  await ctx.mailer.send(
    composeMail(ctx.translate, language, 'renewal_failed', user.email, `${base}/${language}/manage-subscriptions`, {
      name: user.first_name || user.email,
    }),
  );
}
