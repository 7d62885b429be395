import { z } from 'zod';
import { EXPIRY_PATTERN } from '../rules/cards';
import { PRINT_STATUSES } from '../rules/printing';
import { Id, IdParam } from './api';
import { PlanSchema } from './plans';

/** Payments, subscriptions and gift cards (spec section 7, issue 12; docs/payments.md). */

/** An order reference as the provider sees it (`PL…`, `R…` for renewals). */
export const OrderReference = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/);
/** Every purchase kind one orders table holds (server/src/payments/orders.ts). */
export const OrderKindSchema = z.enum(['book', 'extra_chapter', 'subscription', 'gift_card', 'printing', 'audiobook']);
export type OrderKind = z.infer<typeof OrderKindSchema>;
const Email = z.string().trim().toLowerCase().max(320).pipe(z.email());

/** What a created form gives the browser (spec: formToken and orderId/order_id). */
export const PaymentFormSchema = z.object({
  formToken: z.string(),
  order_id: OrderReference,
  orderId: OrderReference,
  amount: z.number(),
  currency: z.string(),
});
export type PaymentForm = z.infer<typeof PaymentFormSchema>;

export const GetPaymentFormBodySchema = z.object({ service_session_id: Id });
export const GetPaymentFormResultSchema = z.object({ is_payed: z.boolean() });

export const CreatePaymentFormBodySchema = z.object({
  service_session_id: Id,
  plan_id: Id,
  is_add_chapter: z.boolean().default(false),
  /** The chapter an extra-chapter payment unlocks (the workspace's new chapter id). */
  chapter_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  /** A percentage coupon accepted by checkCouponForPayment. */
  coupon_code: z.string().trim().min(1).max(200).optional(),
});
export type CreatePaymentFormBody = z.infer<typeof CreatePaymentFormBodySchema>;

/** Payment confirmation (spec section 3): price, currency, subscriptionId, subscriptionName, planName, tax. */
export const PaymentConfirmationSchema = z.object({
  order: OrderReference,
  kind: OrderKindSchema,
  price: z.number(),
  currency: z.string(),
  tax: z.number(),
  planName: z.string(),
  subscriptionId: z.number().nullable(),
  subscriptionName: z.string().nullable(),
});
export type PaymentConfirmation = z.infer<typeof PaymentConfirmationSchema>;

export const SubscriptionInfoSchema = z.object({
  id: z.number(),
  cancel_date: z.string().nullable(),
  cancel_request: z.string().nullable(),
  plan: z.object({ id: z.number(), name: z.string() }),
});
export type SubscriptionInfo = z.infer<typeof SubscriptionInfoSchema>;

export const SubscriptionDetailsSchema = SubscriptionInfoSchema.extend({
  state: z.enum(['unsubscribed', 'pending_cancellation', 'subscribed']),
  current_period_end: z.string(),
  price: z.number(),
  currency: z.string(),
  benefits: z.array(z.string()),
}).nullable();
export type SubscriptionDetails = z.infer<typeof SubscriptionDetailsSchema>;

export const GiftPlansSchema = z.array(PlanSchema);

export const CreateGiftCardFormBodySchema = z.object({
  plan_id: Id,
  /** The recipient. */
  email: Email,
  /** The buyer, for the receipt: required from a visitor, a signed-in buyer's account e-mail otherwise. */
  buyer_email: Email.optional(),
});

export const GiftCallbackParamsSchema = z.object({ plan_id: IdParam, order_id: OrderReference, email: Email });
export const SessionIdParamsSchema = z.object({ service_session_id: IdParam });
export const OrderIdParamsSchema = z.object({ order_id: OrderReference });
/** Spec: "POST cancelSubscription, reads status": 'success' moves the screen to pending cancellation. */
export const CancelSubscriptionResultSchema = z.object({ status: z.literal('success') });
/** Gift card result (spec section 3). */
export const GiftCardResultSchema = z.object({
  message: z.string(),
  url: z.string(),
  name: z.string(),
  price: z.number(),
  currency: z.string(),
  tax: z.number(),
  planName: z.string(),
});
export type GiftCardResult = z.infer<typeof GiftCardResultSchema>;

/** The sandbox's card form (docs/payments.md): the same answer shape as Lyra's form. */
export const SandboxPayBodySchema = z.object({
  formToken: z.string().min(1).max(200),
  card_number: z.string().max(40),
  expiry: z.string().regex(EXPIRY_PATTERN),
  cvc: z.string().regex(/^\d{3,4}$/),
  three_ds: z.enum(['approve', 'refuse']).optional(),
});
/**
 * What Lyra's form (browser return) and IPN post, and what the sandbox answers in the same shape:
 * `kr-answer` (a JSON string), `kr-hash`, `kr-hash-algorithm`, `kr-answer-type` (on the wire also
 * `kr-hash-key`: `sha256_hmac` for a browser return, `password` for an IPN).
 */
export const KrAnswerFieldsSchema = z.object({
  'kr-answer': z.string().min(2).max(200_000),
  'kr-hash': z.string().max(200),
  'kr-hash-algorithm': z.string().max(50),
  'kr-answer-type': z.string().max(100),
  'kr-hash-key': z.string().max(50).optional(),
});
export type KrAnswerFields = z.infer<typeof KrAnswerFieldsSchema>;
/** The sandbox's answer: the signed fields, or — for the 3-D Secure test card — a challenge to answer first. */
export const SandboxPayResultSchema = z.union([KrAnswerFieldsSchema, z.object({ challenge: z.literal('3ds') })]);
export type SandboxPayResult = z.infer<typeof SandboxPayResultSchema>;

/** What the browser needs to show the right card form. */
export const PaymentSettingsSchema = z.object({
  provider: z.enum(['sandbox', 'lyra']),
  publicKey: z.string().nullable(),
  staticUrl: z.string().nullable(),
});

/** The profile's list of orders. */
export const OrderSummarySchema = z.object({
  order: OrderReference,
  kind: OrderKindSchema,
  status: z.enum(['paid', 'refunded']),
  planName: z.string(),
  price: z.number(),
  tax: z.number(),
  currency: z.string(),
  paid_at: z.string().nullable(),
  /** Printed copies: where the print order stands (null until its address was submitted). */
  print_status: z.enum(PRINT_STATUSES).nullable().optional(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;
