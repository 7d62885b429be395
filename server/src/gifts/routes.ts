import { giftsApi } from '@common/api/payments';
import { fromCents, taxIncludedCents } from '@common/rules/prices';
import { listPlans } from '../catalog/repository';
import { presentPlan } from '../catalog/presenters';
import { toBool } from '../db';
import { badRequest, notFound, paymentRequired } from '../http/errors';
import { routesOf } from '../http/routes';
import { limitByIp } from '../rate-limit';
import { findOrderByReference, type OrderRow } from '../payments/orders';
import { FORM_LIMIT, formOf } from '../payments/checkout';
import { giftCardPdf, planName } from '../payments/receipts';
import { confirmOrder, placeOrder, type PaymentsContext } from '../payments/service';

const CALLBACK_LIMIT = { max: 60, windowMs: 15 * 60_000 };

/**
 * Gift cards (spec sections 2, 3, 7): getPlansForGift → createGiftCardPaymentForm {plan_id, email}
 * → onGiftCardPaymentCallback/{plan_id}/{order_id}/{email} → the printable card. Visitors may buy.
 * The order reference (unguessable) and the recipient's e-mail together open a paid gift order.
 */
export const giftsRoutes = (pay: PaymentsContext) =>
  routesOf(giftsApi, ({ db, translate }) => {
    const giftPlans = async () => (await listPlans(db)).filter((p) => toBool(p.is_gift_card) && toBool(p.is_active));

    /** The paid gift order these three parts name, or 404 / 402. */
    async function paidGiftOrder(params: { plan_id: number; order_id: string; email: string }): Promise<OrderRow> {
      const found = await findOrderByReference(db, params.order_id);
      if (!found || found.kind !== 'gift_card' || found.plan_id !== params.plan_id || found.recipient_email !== params.email)
        throw notFound('payments.unknown_order');
      const order = await confirmOrder(pay, found);
      if (order.status !== 'paid') throw paymentRequired('payments.not_paid');
      return order;
    }

    return {
      getPlansForGift: async (request) => ({ success: (await giftPlans()).map((p) => presentPlan(p, request.lng)) }),

      createGiftCardPaymentForm: {
        limit: [limitByIp(db, 'gift-form', FORM_LIMIT)],
        handler: async (request) => {
          const { plan_id, email, buyer_email } = request.body;
          const plan = (await giftPlans()).find((p) => p.id === plan_id);
          if (!plan) throw badRequest('payments.wrong_plan');
          const buyer = request.user?.email ?? buyer_email;
          if (!buyer) throw badRequest('payments.buyer_email_required');
          const form = await placeOrder(pay, {
            kind: 'gift_card',
            user_id: request.user?.id ?? null,
            plan_id: plan.id,
            amount_cents: plan.price_cents,
            currency: plan.currency,
            email: buyer,
            recipient_email: email,
            language: request.lng,
          });
          return { success: formOf(form, plan.price_cents, plan.currency) };
        },
      },

      onGiftCardPaymentCallback: {
        limit: [limitByIp(db, 'gift-callback', CALLBACK_LIMIT)],
        handler: async (request) => {
          const order = await paidGiftOrder(request.params);
          const { plan_id, order_id, email } = request.params;
          return {
            success: {
              message: translate(request.lng, 'gift_card.sent', { email }, 'mail'),
              url: `/api/giftCardPdf/${plan_id}/${order_id}/${encodeURIComponent(email)}`,
              name: `plume-gift-card-${order.reference}.pdf`,
              price: fromCents(order.amount_cents),
              currency: order.currency,
              tax: fromCents(taxIncludedCents(order.amount_cents, order.tax_rate_bp)),
              planName: await planName(db, order.plan_id, request.lng),
            },
          };
        },
      },

      giftCardPdf: {
        limit: [limitByIp(db, 'gift-callback', CALLBACK_LIMIT)],
        handler: async (request, reply) => {
          const order = await paidGiftOrder(request.params);
          const card = await giftCardPdf(pay, order);
          if (!card) throw notFound('payments.unknown_order');
          return reply
            .type('application/pdf')
            .header('content-disposition', `attachment; filename="plume-gift-card-${order.reference}.pdf"`)
            .header('cache-control', 'private, no-store')
            .send(card.pdf);
        },
      },
    };
  });
