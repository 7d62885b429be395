import { subscriptionsApi } from '@common/api/payments';
import { fromCents } from '@common/rules/prices';
import { presentPlan } from '../catalog/presenters';
import { findPlan, textsOf, type PlanTexts } from '../catalog/repository';
import { badRequest, notFound } from '../http/errors';
import { routesOf } from '../http/routes';
import { limitByUser } from '../rate-limit';
import { findOrderByReference } from '../payments/orders';
import { FORM_LIMIT, formOf, presentConfirmation } from '../payments/checkout';
import { normalizeLanguage } from '@common/languages';
import { alreadyPaid, confirmOrder, placeOrder, type PaymentsContext } from '../payments/service';
import { currentSubscription, hasActiveSubscription, requestCancellation, subscriptionState } from './service';

/**
 * Monthly subscription (spec sections 4, 7): createSubscriptionPaymentForm →
 * subscriptionPaymentStatusCallback/{order_id}; userSubscription, subscriptionDetails, cancelSubscription.
 */
export const subscriptionsRoutes = (pay: PaymentsContext) =>
  routesOf(subscriptionsApi, ({ db }) => {
    const subscriptionPlan = () =>
      db.selectFrom('plans').selectAll().where('kind', '=', 'subscription').where('is_active', '=', 1).orderBy('sort').executeTakeFirst();

    /** The user's latest subscription with its plan's texts, or null. */
    const current = async (userId: number, lng: string) => {
      const sub = await currentSubscription(db, userId);
      if (!sub) return null;
      const plan = await findPlan(db, sub.plan_id);
      const texts = plan ? textsOf<PlanTexts>(plan.translations, normalizeLanguage(lng)) : null;
      const info = {
        id: sub.id,
        cancel_date: sub.cancel_date,
        cancel_request: sub.cancel_request,
        plan: { id: sub.plan_id, name: texts?.name ?? '' },
      };
      return { sub, plan, texts, info };
    };

    return {
      subscriptionPlan: async (request) => {
        const plan = await subscriptionPlan();
        if (!plan) throw notFound('payments.wrong_plan');
        return { success: presentPlan(plan, request.lng) };
      },

      createSubscriptionPaymentForm: {
        limit: [limitByUser(db, 'payment-form', FORM_LIMIT)],
        handler: async (request) => {
          const { user } = request;
          if (await hasActiveSubscription(db, user.id, pay.now())) throw alreadyPaid();
          const plan = await subscriptionPlan();
          if (!plan) throw badRequest('payments.wrong_plan');
          const form = await placeOrder(pay, {
            kind: 'subscription',
            user_id: user.id,
            plan_id: plan.id,
            amount_cents: plan.price_cents,
            currency: plan.currency,
            email: user.email,
            language: request.lng,
          });
          return { success: formOf(form, plan.price_cents, plan.currency) };
        },
      },

      subscriptionPaymentStatusCallback: async (request) => {
        const order = await findOrderByReference(db, request.params.order_id);
        if (!order || order.kind !== 'subscription' || order.user_id !== request.user.id) throw notFound('payments.unknown_order');
        return { success: await presentConfirmation(pay, await confirmOrder(pay, order), request.lng) };
      },

      userSubscription: async (request) => ({ success: (await current(request.user.id, request.lng))?.info ?? null }),

      subscriptionDetails: async (request) => {
        const found = await current(request.user.id, request.lng);
        if (!found) return { success: null };
        const { sub, plan, texts, info } = found;
        return {
          success: {
            ...info,
            state: subscriptionState(sub),
            current_period_end: sub.current_period_end,
            price: fromCents(plan?.price_cents ?? 0),
            currency: plan?.currency ?? 'EUR',
            benefits: texts?.options ?? [],
          },
        };
      },

      cancelSubscription: async (request) => {
        const sub = await currentSubscription(db, request.user.id);
        if (!sub || sub.cancel_date) throw notFound('payments.no_subscription');
        if (!sub.cancel_request) {
          await pay.provider.cancelSubscription({
            paymentMethodToken: sub.payment_method_token ?? '',
            providerSubscriptionId: sub.provider_subscription_id,
          });
          await requestCancellation(db, sub.id, pay.now());
        }
        return { success: { status: 'success' as const } };
      },
    };
  });
