import { defineCall } from './contract';
import { CheckCouponBodySchema, CheckCouponResultSchema } from '../schemas/coupons';

/** Coupons (spec sections 4, 7): signed-in owners, on their own books. */
export const couponsApi = {
  checkCouponForPayment: defineCall({
    method: 'POST',
    path: '/checkCouponForPayment',
    scope: 'user',
    book: { in: 'body', key: 'service_session_id' },
    body: CheckCouponBodySchema,
    response: CheckCouponResultSchema,
  }),
};
