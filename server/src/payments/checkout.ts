import { fromCents, taxIncludedCents } from '@common/rules/prices';
import type { AppContext } from '../app';
import { paymentRequired } from '../http/errors';
import { createPaymentProvider } from '../providers/payments';
import type { OrderKind, OrderRow } from './orders';
import { itemName } from './receipts';
import type { PaymentsContext } from './service';

/** What every checkout shares (single book, subscription, gift card, audiobook, printing). */
export function createPaymentsContext(ctx: AppContext, log: PaymentsContext['log']): PaymentsContext {
  return {
    db: ctx.db,
    config: ctx.config,
    translate: ctx.translate,
    provider: createPaymentProvider(ctx.config),
    mailer: ctx.mailer,
    queue: ctx.queue,
    log,
    now: () => new Date(),
  };
}

/** The confirmation the browser shows after PAID (spec section 3), or 402 while the order is not paid. */
export async function presentConfirmation(pay: PaymentsContext, order: OrderRow, lng: string) {
  if (order.status !== 'paid') throw paymentRequired('payments.not_paid');
  const name = await itemName(pay, order, lng);
  return {
    order: order.reference,
    kind: order.kind as OrderKind,
    price: fromCents(order.amount_cents),
    currency: order.currency,
    tax: fromCents(taxIncludedCents(order.amount_cents, order.tax_rate_bp)),
    planName: name,
    subscriptionId: order.subscription_id,
    subscriptionName: order.kind === 'subscription' ? name : null,
  };
}

export const formOf = (form: { formToken: string; order_id: string }, amountCents: number, currency: string) => ({
  ...form,
  orderId: form.order_id,
  amount: fromCents(amountCents),
  currency,
});

export const FORM_LIMIT = { max: 30, windowMs: 15 * 60_000 };
