import { couponsApi } from '@common/api/coupons';
import { findPlan } from '../catalog/repository';
import { badRequest } from '../http/errors';
import { normalizeGiftCode } from '../gifts/codes';
import { redeemGiftCard } from '../gifts/service';
import { routesOf } from '../http/routes';
import { limitByRequester } from '../rate-limit';
import { COUPON_RATE_LIMIT, redeemCoupon } from './service';

/**
 * Coupons and gift codes (`PLUME-XXXX-XXXX`) (spec sections 4, 7): `POST /api/checkCouponForPayment {plan_id, service_session_id, code}`
 * → `success.is_payed`. Signed-in users only, on their own books; limited per user.
 */
export const couponsRoutes = routesOf(couponsApi, ({ db }) => ({
  checkCouponForPayment: {
    limit: [limitByRequester(db, 'coupon', COUPON_RATE_LIMIT)],
    handler: async (request) => {
      const { plan_id, code } = request.body;
      if (!(await findPlan(db, plan_id))) throw badRequest();
      const { book: session, user } = request;
      const giftCode = normalizeGiftCode(code);
      if (giftCode) return { success: await redeemGiftCard(db, { code: giftCode, session, userId: user.id }) };
      return { success: await redeemCoupon(db, { code, session, userId: user.id, planId: plan_id }) };
    },
  },
}));
