import { z } from 'zod';
import { defineCall } from './contract';
import {
  CancelSubscriptionResultSchema,
  CreateGiftCardFormBodySchema,
  CreatePaymentFormBodySchema,
  GetPaymentFormBodySchema,
  GetPaymentFormResultSchema,
  GiftCallbackParamsSchema,
  GiftCardResultSchema,
  GiftPlansSchema,
  KrAnswerFieldsSchema,
  OrderIdParamsSchema,
  OrderSummarySchema,
  PaymentConfirmationSchema,
  PaymentFormSchema,
  PaymentSettingsSchema,
  SandboxPayBodySchema,
  SandboxPayResultSchema,
  SessionIdParamsSchema,
  SubscriptionDetailsSchema,
  SubscriptionInfoSchema,
} from '../schemas/payments';
import { PlanSchema } from '../schemas/plans';

/** Book and extra-chapter payments, the sandbox form, provider notifications (spec section 7; docs/payments.md). */
export const paymentsApi = {
  paymentSettings: defineCall({ method: 'GET', path: '/paymentSettings', scope: 'public', response: PaymentSettingsSchema }),
  getPaymentForm: defineCall({
    method: 'POST',
    path: '/getPaymentForm',
    scope: 'book',
    book: { in: 'body', key: 'service_session_id' },
    body: GetPaymentFormBodySchema,
    response: GetPaymentFormResultSchema,
  }),
  createPaymentForm: defineCall({
    method: 'POST',
    path: '/createPaymentForm',
    scope: 'user',
    book: { in: 'body', key: 'service_session_id' },
    body: CreatePaymentFormBodySchema,
    response: PaymentFormSchema,
  }),
  onPaymentCallback: defineCall({
    method: 'GET',
    path: '/onPaymentCallback/:service_session_id',
    scope: 'user',
    book: { in: 'params', key: 'service_session_id' },
    params: SessionIdParamsSchema,
    response: PaymentConfirmationSchema,
  }),
  sandboxPay: defineCall({
    method: 'POST',
    path: '/sandboxPay',
    scope: 'public',
    body: SandboxPayBodySchema,
    response: SandboxPayResultSchema,
  }),
  /** The extra-chapter offer (4.99 EUR 'for the chapter') shown by the 'add an extra chapter' modal. */
  extraChapterPlan: defineCall({ method: 'GET', path: '/extraChapterPlan', scope: 'public', response: PlanSchema }),
  myOrders: defineCall({ method: 'GET', path: '/myOrders', scope: 'user', response: z.array(OrderSummarySchema) }),
  /** A paid (or refunded) order's receipt (PDF), for its buyer only. */
  orderReceipt: defineCall({ method: 'GET', path: '/orderReceipt/:order_id', scope: 'user', params: OrderIdParamsSchema }),
  /** Lyra's IPN (form-encoded or JSON); answers `OK` as text. */
  paymentNotification: defineCall({ method: 'POST', path: '/paymentNotification', scope: 'public', body: KrAnswerFieldsSchema }),
};

/** The monthly subscription (spec sections 4, 7). */
export const subscriptionsApi = {
  /** The monthly offer (name, price, benefits) shown before subscribing. */
  subscriptionPlan: defineCall({ method: 'GET', path: '/subscriptionPlan', scope: 'public', response: PlanSchema }),
  createSubscriptionPaymentForm: defineCall({
    method: 'POST',
    path: '/createSubscriptionPaymentForm',
    scope: 'user',
    response: PaymentFormSchema,
  }),
  subscriptionPaymentStatusCallback: defineCall({
    method: 'GET',
    path: '/subscriptionPaymentStatusCallback/:order_id',
    scope: 'user',
    params: OrderIdParamsSchema,
    response: PaymentConfirmationSchema,
  }),
  userSubscription: defineCall({ method: 'GET', path: '/userSubscription', scope: 'user', response: SubscriptionInfoSchema.nullable() }),
  subscriptionDetails: defineCall({ method: 'GET', path: '/subscriptionDetails', scope: 'user', response: SubscriptionDetailsSchema }),
  cancelSubscription: defineCall({ method: 'POST', path: '/cancelSubscription', scope: 'user', response: CancelSubscriptionResultSchema }),
};

/** Gift cards: visitors may buy (spec sections 2, 3, 7). */
export const giftsApi = {
  getPlansForGift: defineCall({ method: 'GET', path: '/getPlansForGift', scope: 'public', response: GiftPlansSchema }),
  createGiftCardPaymentForm: defineCall({
    method: 'POST',
    path: '/createGiftCardPaymentForm',
    scope: 'public',
    body: CreateGiftCardFormBodySchema,
    response: PaymentFormSchema,
  }),
  onGiftCardPaymentCallback: defineCall({
    method: 'GET',
    path: '/onGiftCardPaymentCallback/:plan_id/:order_id/:email',
    scope: 'public',
    params: GiftCallbackParamsSchema,
    response: GiftCardResultSchema,
  }),
  /** The printable card (PDF). */
  giftCardPdf: defineCall({
    method: 'GET',
    path: '/giftCardPdf/:plan_id/:order_id/:email',
    scope: 'public',
    params: GiftCallbackParamsSchema,
  }),
};
