import type { FastifyBaseLogger } from 'fastify';
import { percentOffCents } from '@common/rules/prices';
import type { Config } from '../config';
import type { Db } from '../db';
import { AppError, badRequest, conflict } from '../http/errors';
import type { Translate } from '../http/messages';
import type { Queue } from '../jobs/queue';
import type { Mailer } from '../providers/mail';
import { PRINT_HANDOVER_JOB } from '../printing/jobs';
import { FORM_TOKEN_LIFETIME_MS, type PaymentProvider } from '../providers/payments/provider';
import { parseKrAnswer, verifyKrHash, type KrAnswer, type KrFields, type KrTransaction } from '../providers/payments/kr-answer';
import { claimCouponUse, markSessionPaid, type CouponRow } from '../coupons/repository';
import { issueGiftCard } from '../gifts/service';
import { grantAudiobook } from '../audiobook/service';
import { activateSubscription, extendSubscription, lapseSubscription } from '../subscriptions/service';
import { findOrder, findOrderByReference, insertOrder, moveOrder, noteFailure, setFormToken, type NewOrder, type OrderRow } from './orders';
import { sendOrderMails, sendRenewalFailedMail } from './receipts';

/** What the money areas work with; `now` is the clock (tests move it). */
export interface PaymentsContext {
  db: Db;
  config: Config;
  translate: Translate;
  provider: PaymentProvider;
  mailer: Mailer;
  queue: Queue;
  log: FastifyBaseLogger;
  now: () => Date;
}

export const taxRateBp = (config: Pick<Config, 'TAX_RATE'>) => Math.round(config.TAX_RATE * 10_000);

/** The amount of a plan for this purchase: the plan's price from the database, less a percentage coupon. */
export function amountFor(plan: { price_cents: number }, coupon: CouponRow | undefined): number {
  return coupon?.grants === 'percent' && coupon.percent_off ? percentOffCents(plan.price_cents, coupon.percent_off) : plan.price_cents;
}

/**
 * Creates an order and the provider's payment form for it. The amount comes from the caller (plans
 * in the database, spec formulas), never from the client.
 */
export async function placeOrder(
  ctx: PaymentsContext,
  input: Omit<NewOrder, 'provider' | 'tax_rate_bp'>,
): Promise<{ formToken: string; order_id: string }> {
  const now = ctx.now();
  const order = await insertOrder(ctx.db, { ...input, provider: ctx.provider.kind, tax_rate_bp: taxRateBp(ctx.config) }, now.toISOString());
  const { formToken } = await ctx.provider.createForm({
    reference: order.reference,
    amountCents: order.amount_cents,
    currency: order.currency,
    email: order.email,
    registerCard: order.kind === 'subscription',
  });
  await setFormToken(ctx.db, order.id, formToken, new Date(now.getTime() + FORM_TOKEN_LIFETIME_MS).toISOString());
  return { formToken, order_id: order.reference };
}

/**
 * A posted `kr-*` answer (Lyra's IPN, or the sandbox notifying itself): refused unless its
 * HMAC-SHA-256 matches under the provider's key, then applied. A replay changes nothing.
 */
export async function handleNotification(ctx: PaymentsContext, fields: KrFields): Promise<OrderRow | null> {
  if (!verifyKrHash(fields, ctx.provider.keyFor(fields['kr-hash-key']))) throw new AppError(400, 'payments.bad_signature');
  const answer = parseKrAnswer(fields['kr-answer']);
  if (!answer) throw badRequest('payments.bad_signature');
  return applyAnswer(ctx, answer);
}

/**
 * Applies what the provider says about an order. PAID with the expected amount and currency moves
 * created → paid and unlocks, in one transaction; ABANDONED → cancelled; UNPAID on a closed order →
 * failed; an UNPAID attempt on an open order only notes why (the buyer may try again). Each move
 * happens once: a replayed or late notification finds the order moved and does nothing.
 * A PAID transaction on an already paid subscription order is a monthly instalment (Lyra).
 */
export async function applyAnswer(ctx: PaymentsContext, answer: KrAnswer): Promise<OrderRow | null> {
  const order = await findOrderByReference(ctx.db, answer.orderDetails.orderId);
  if (!order) {
    ctx.log.warn({ reference: answer.orderDetails.orderId }, 'payment notification for an unknown order');
    return null;
  }
  const transaction = answer.transactions[0];
  const now = ctx.now();
  const at = now.toISOString();
  if (order.status === 'paid' && order.kind === 'subscription' && transaction && transaction.uuid !== order.transaction_id) {
    await applyInstalment(ctx, order, answer, transaction);
    return findOrder(ctx.db, order.id) as Promise<OrderRow>;
  }
  if (order.status !== 'created') return order;

  if (answer.orderStatus === 'PAID' && transaction) {
    if (transaction.amount !== order.amount_cents || (transaction.currency ?? order.currency) !== order.currency) {
      ctx.log.error({ reference: order.reference, amount: transaction.amount }, 'paid amount differs from the order: not applied');
      await noteFailure(ctx.db, order.id, 'amount_mismatch', at);
      return findOrder(ctx.db, order.id) as Promise<OrderRow>;
    }
    const moved = await ctx.db.transaction().execute(async (trx) => {
      if (
        !(await moveOrder(trx, order.id, 'created', 'paid', at, {
          transaction_id: transaction.uuid,
          payment_method_token: transaction.paymentMethodToken ?? null,
          paid_at: at,
        }))
      )
        return false;
      await unlock(trx, order, transaction, now);
      return true;
    });
    const after = (await findOrder(ctx.db, order.id))!;
    if (moved) await afterPaid(ctx, after);
    return after;
  }
  const failure = transaction?.detailedErrorCode ?? transaction?.errorCode ?? answer.orderStatus;
  if (answer.orderStatus === 'ABANDONED') await moveOrder(ctx.db, order.id, 'created', 'cancelled', at, { failure });
  else if (answer.orderCycle === 'CLOSED')
    await moveOrder(ctx.db, order.id, 'created', 'failed', at, { failure, transaction_id: transaction?.uuid ?? null });
  else await noteFailure(ctx.db, order.id, failure, at);
  return findOrder(ctx.db, order.id) as Promise<OrderRow>;
}

/** What a paid order gives, written in the transaction that marks it paid. */
async function unlock(trx: Db, order: OrderRow, transaction: KrTransaction, now: Date): Promise<void> {
  const at = now.toISOString();
  if (order.coupon_id !== null) await claimCouponUse(trx, order.coupon_id, at);
  switch (order.kind) {
    case 'book':
      await markSessionPaid(trx, order.service_session_id!, at);
      return;
    case 'extra_chapter':
      await trx
        .insertInto('unlocked_chapters')
        .values({ service_session_id: order.service_session_id!, chapter_id: order.chapter_id!, order_id: order.id, created_at: at })
        .onConflict((oc) => oc.columns(['service_session_id', 'chapter_id']).doNothing())
        .execute();
      return;
    case 'subscription': {
      if (order.subscription_id !== null) {
        await extendSubscription(trx, order.subscription_id, now);
        return;
      }
      const card = transaction.transactionDetails?.cardDetails;
      const expiry =
        card?.expiryMonth && card.expiryYear ? `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear).slice(-2)}` : null;
      const id = await activateSubscription(trx, order, { token: transaction.paymentMethodToken ?? null, expiry }, now);
      await trx.updateTable('orders').set({ subscription_id: id }).where('id', '=', order.id).execute();
      return;
    }
    case 'gift_card':
      await issueGiftCard(trx, order, now);
      return;
    case 'audiobook':
      await grantAudiobook(trx, order, at);
      return;
  }
}

/**
 * After the commit: receipts and gift mails; printed copies handed to the printer (the buyer's page may be closed by
 * now); with Lyra, the monthly instalments of a new subscription.
 */
async function afterPaid(ctx: PaymentsContext, order: OrderRow): Promise<void> {
  await sendOrderMails(ctx, order).catch((error: unknown) =>
    ctx.log.error({ err: error, reference: order.reference }, 'order mail not sent'),
  );
  if (order.kind === 'printing')
    await ctx.queue
      .enqueue(PRINT_HANDOVER_JOB, order.id)
      .catch((error: unknown) => ctx.log.error({ err: error, reference: order.reference }, 'print hand-over not queued: left to the page'));
  if (order.kind !== 'subscription' || !order.subscription_id || !order.payment_method_token) return;
  const sub = await ctx.db.selectFrom('subscriptions').selectAll().where('id', '=', order.subscription_id).executeTakeFirstOrThrow();
  if (sub.provider_subscription_id) return;
  try {
    const providerId = await ctx.provider.startSubscription({
      paymentMethodToken: order.payment_method_token,
      amountCents: order.amount_cents,
      currency: order.currency,
      reference: order.reference,
      effectDate: new Date(sub.current_period_end),
    });
    if (providerId)
      await ctx.db.updateTable('subscriptions').set({ provider_subscription_id: providerId }).where('id', '=', sub.id).execute();
  } catch (error) {
    ctx.log.error({ err: error, reference: order.reference }, 'provider subscription not created');
  }
}

/**
 * A monthly instalment of a Lyra subscription (a new transaction on the first order): recorded once
 * as its own order (reference = the transaction), paid → one more month, refused → the subscription lapses.
 */
async function applyInstalment(ctx: PaymentsContext, first: OrderRow, answer: KrAnswer, transaction: KrTransaction): Promise<void> {
  const now = ctx.now();
  const at = now.toISOString();
  const reference = `R${transaction.uuid}`;
  if (await findOrderByReference(ctx.db, reference)) return;
  const paid = transaction.status === 'PAID';
  if (!paid && answer.orderCycle !== 'CLOSED' && transaction.status !== 'UNPAID') return;
  const lapsed = await ctx.db.transaction().execute(async (trx) => {
    const renewal = await insertOrder(
      trx,
      {
        ...copyForRenewal(first),
        reference,
        amount_cents: transaction.amount ?? first.amount_cents,
        tax_rate_bp: first.tax_rate_bp,
        provider: first.provider,
      },
      at,
    );
    if (paid) {
      await moveOrder(trx, renewal.id, 'created', 'paid', at, { transaction_id: transaction.uuid, paid_at: at });
      await extendSubscription(trx, first.subscription_id!, now);
      return false;
    }
    await moveOrder(trx, renewal.id, 'created', 'failed', at, {
      transaction_id: transaction.uuid,
      failure: transaction.detailedErrorCode ?? 'declined',
    });
    return lapseSubscription(trx, first.subscription_id!, now);
  });
  if (lapsed)
    await sendRenewalFailedMail(ctx, first.user_id!, first.language).catch((error: unknown) =>
      ctx.log.error({ err: error }, 'renewal mail not sent'),
    );
}

export function copyForRenewal(order: OrderRow): Omit<NewOrder, 'provider' | 'tax_rate_bp'> {
  return {
    kind: 'subscription',
    user_id: order.user_id,
    plan_id: order.plan_id!,
    subscription_id: order.subscription_id,
    amount_cents: order.amount_cents,
    currency: order.currency,
    email: order.email,
    language: order.language,
  };
}

/**
 * The browser's confirmation (onPaymentCallback…): an order still open is first expired when its
 * form is past its life, else checked with the provider (Lyra Order/Get) in case the notification
 * has not arrived yet.
 */
export async function confirmOrder(ctx: PaymentsContext, order: OrderRow): Promise<OrderRow> {
  if (order.status !== 'created') return order;
  const answer = await ctx.provider.getOrder(order.reference);
  if (answer?.orderStatus === 'PAID') return (await applyAnswer(ctx, answer)) ?? order;
  return expireIfStale(ctx, order);
}

/** created → expired once the form token is past its 15 minutes. */
export async function expireIfStale(ctx: PaymentsContext, order: OrderRow): Promise<OrderRow> {
  const now = ctx.now().toISOString();
  if (order.status === 'created' && order.form_expires_at !== null && order.form_expires_at <= now) {
    await moveOrder(ctx.db, order.id, 'created', 'expired', now);
    return (await findOrder(ctx.db, order.id))!;
  }
  return order;
}

/** 409 when the thing is already bought (a book paid, a subscription running). */
export const alreadyPaid = () => conflict('payments.already_paid');
