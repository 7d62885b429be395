import { z } from 'zod';
import { Id } from './api';

/** Coupons (spec sections 4 and 7): `POST checkCouponForPayment {plan_id, service_session_id, code}` → `success.is_payed`. */

/**
 * What a coupon gives: 'book' unlocks a whole book (`service_sessions.is_payed`); 'percent' takes
 * `percent_off` % off the price in the payment form and unlocks nothing by itself.
 */
export const COUPON_GRANTS = ['book', 'percent'] as const;
export type CouponGrant = (typeof COUPON_GRANTS)[number];

/** A code as an operator creates it: 3 to 64 letters, digits, '-' or '_'; matched whatever its case. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{2,63}$/;

export const CheckCouponBodySchema = z.object({
  plan_id: Id,
  service_session_id: Id,
  /** As typed: trimmed and matched case-insensitively by the server. */
  code: z.string().trim().min(1).max(200),
});
export type CheckCouponBody = z.infer<typeof CheckCouponBodySchema>;

/** A full-unlock coupon or a gift code answers is_payed true; a percentage coupon its reduction. */
export const CheckCouponResultSchema = z.object({ is_payed: z.boolean(), percent_off: z.number().optional() });
export type CheckCouponResult = z.infer<typeof CheckCouponResultSchema>;
