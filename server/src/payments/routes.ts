import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { normalizeLanguage } from '@common/languages';
import { paymentsApi } from '@common/api/payments';
import { fromCents, taxIncludedCents } from '@common/rules/prices';
import type { AreaRoutes } from '../app';
import { findPlan } from '../catalog/repository';
import { parseCheckpoint } from '../books/repository';
import { presentPlan } from '../catalog/presenters';
import { findCouponByCode } from '../coupons/repository';
import { normalizeCouponCode } from '../coupons/service';
import { toBool } from '../db';
import { badRequest, notFound } from '../http/errors';
import { routesOf } from '../http/routes';
import { limitByUser } from '../rate-limit';
import { giftsRoutes } from '../gifts/routes';
import { subscriptionsRoutes } from '../subscriptions/routes';
import { printingRoutes } from '../printing/routes';
import { audiobookRoutes } from '../audiobook/routes';
import { startSubscriptionScheduler } from '../subscriptions/renewals';
import { findOrderByReference, latestOrderOfSession, listOrdersOfUser, type OrderKind } from './orders';
import { itemName } from './receipts';
import { renderReceiptPdf } from './receipt-pdf';
import { printOrdersOfUser } from '../printing/repository';
import type { PrintStatus } from '@common/rules/printing';
import { createPaymentsContext, FORM_LIMIT, formOf, presentConfirmation } from './checkout';
import { sandboxPay } from './sandbox';
import { alreadyPaid, amountFor, confirmOrder, handleNotification, placeOrder, type PaymentsContext } from './service';

/**
 * Money (issue 12): one payments context (provider, mailer, clock) shared by the payments,
 * subscriptions and gifts calls, and the subscription clock. Lyra's IPN posts form-encoded fields,
 * so these routes (and only they) also read `application/x-www-form-urlencoded`.
 */
export const moneyRoutes: AreaRoutes = async (api, ctx) => {
  const pay = createPaymentsContext(ctx, api.log);
  const stop = startSubscriptionScheduler(pay, ctx.config.SUBSCRIPTION_CHECK_INTERVAL_MS);
  api.addHook('onClose', async () => stop());
  await api.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    for (const area of [paymentsRoutes(pay), subscriptionsRoutes(pay), giftsRoutes(pay), printingRoutes(pay), audiobookRoutes(pay)])
      await area(scope.withTypeProvider<ZodTypeProvider>(), ctx);
  });
};

const paymentsRoutes = (pay: PaymentsContext) =>
  routesOf(paymentsApi, ({ db, config, translate }) => ({
    paymentSettings: async () => ({
      success: {
        provider: pay.provider.kind,
        publicKey: pay.provider.kind === 'lyra' ? config.LYRA_PUBLIC_KEY! : null,
        staticUrl: pay.provider.kind === 'lyra' ? config.LYRA_STATIC_URL! : null,
      },
    }),

    // Spec: "only a success field is used".
    getPaymentForm: async (request) => ({ success: { is_payed: toBool(request.book.is_payed) } }),

    createPaymentForm: {
      limit: [limitByUser(db, 'payment-form', FORM_LIMIT)],
      handler: async (request) => {
        const { user, book } = request;
        const { plan_id, is_add_chapter, chapter_id, coupon_code } = request.body;
        if (toBool(book.is_payed)) throw alreadyPaid();
        const plan = await findPlan(db, plan_id);
        if (!plan || !toBool(plan.is_active) || plan.kind !== (is_add_chapter ? 'extra_chapter' : 'single'))
          throw badRequest('payments.wrong_plan');
        if (is_add_chapter && chapter_id === undefined) throw badRequest('payments.chapter_required');
        // An extra chapter is one more chapter: paying for it never opens a chapter the book already has.
        if (is_add_chapter && parseCheckpoint(book).data.some((c) => c.id === chapter_id)) throw badRequest('payments.chapter_exists');
        const coupon = coupon_code ? await findCouponByCode(db, normalizeCouponCode(coupon_code)) : undefined;
        if (
          coupon_code &&
          (!coupon || coupon.grants !== 'percent' || !toBool(coupon.is_active) || coupon.redemptions >= coupon.max_redemptions)
        )
          throw badRequest('coupons.invalid');
        const amount = amountFor(plan, coupon);
        const form = await placeOrder(pay, {
          kind: is_add_chapter ? 'extra_chapter' : 'book',
          user_id: user.id,
          plan_id: plan.id,
          service_session_id: book.id,
          chapter_id: is_add_chapter ? chapter_id : null,
          coupon_id: coupon?.id ?? null,
          amount_cents: amount,
          currency: plan.currency,
          email: user.email,
          language: request.lng,
        });
        return { success: formOf(form, amount, plan.currency) };
      },
    },

    onPaymentCallback: async (request) => {
      const order = await latestOrderOfSession(db, request.book.id, request.user.id);
      if (!order) throw notFound('payments.unknown_order');
      return { success: await presentConfirmation(pay, await confirmOrder(pay, order), request.lng) };
    },

    extraChapterPlan: async (request) => {
      const plan = await db
        .selectFrom('plans')
        .selectAll()
        .where('kind', '=', 'extra_chapter')
        .where('is_active', '=', 1)
        .orderBy('sort')
        .executeTakeFirst();
      if (!plan) throw notFound('payments.wrong_plan');
      return { success: presentPlan(plan, request.lng) };
    },

    sandboxPay: async (request) => ({ success: await sandboxPay(pay, request.body) }),

    myOrders: async (request) => {
      const orders = await listOrdersOfUser(db, request.user.id);
      const prints = new Map((await printOrdersOfUser(db, request.user.id)).map((p) => [p.order_id, p.status as PrintStatus]));
      return {
        success: await Promise.all(
          orders.map(async (order) => ({
            order: order.reference,
            kind: order.kind as OrderKind,
            status: order.status as 'paid',
            print_status: order.kind === 'printing' ? (prints.get(order.id) ?? null) : null,
            planName: await itemName(pay, order, request.lng),
            price: fromCents(order.amount_cents),
            tax: fromCents(taxIncludedCents(order.amount_cents, order.tax_rate_bp)),
            currency: order.currency,
            paid_at: order.paid_at,
          })),
        ),
      };
    },

    orderReceipt: async (request, reply) => {
      const order = await findOrderByReference(db, request.params.order_id);
      if (!order || order.user_id !== request.user.id || !order.paid_at || !['paid', 'refunded'].includes(order.status))
        throw notFound('payments.unknown_order');
      const lng = normalizeLanguage(request.lng);
      const pdf = await renderReceiptPdf(translate, lng, {
        reference: order.reference,
        paidAt: order.paid_at,
        buyer: order.email,
        item: await itemName(pay, order, lng),
        amountCents: order.amount_cents,
        currency: order.currency,
        taxRateBp: order.tax_rate_bp,
        refunded: order.status === 'refunded',
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="plume-receipt-${order.reference}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },

    paymentNotification: async (request, reply) => {
      await handleNotification(pay, request.body);
      return reply.type('text/plain').send('OK');
    },
  }));
