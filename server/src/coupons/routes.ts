import { successOf } from '@common/schemas/api';
import { CheckCouponBodySchema, CheckCouponResultSchema } from '@common/schemas/coupons';
import type { AreaRoutes } from '../app';
import { requireUser } from '../auth/guard';
import { loadAccessibleSession } from '../books/policy';
import { findPlan } from '../catalog/repository';
import { badRequest } from '../http/errors';
import { limitByUser } from '../rate-limit';
import { COUPON_RATE_LIMIT, redeemCoupon } from './service';

/**
 * Coupons (spec sections 4, 7): `POST /api/checkCouponForPayment {plan_id, service_session_id, code}`
 * → `success.is_payed`. Signed-in users only, on their own books; limited per user.
 */
export const couponsRoutes: AreaRoutes = (api, { db }) => {
  api.post(
    '/checkCouponForPayment',
    {
      preHandler: [requireUser(db), limitByUser(db, 'coupon', COUPON_RATE_LIMIT)],
      schema: { body: CheckCouponBodySchema, response: { 200: successOf(CheckCouponResultSchema) } },
    },
    async (request) => {
      const user = request.user!;
      const { plan_id, service_session_id, code } = request.body;
      const session = await loadAccessibleSession(db, request, service_session_id);
      if (!(await findPlan(db, plan_id))) throw badRequest();
      return { success: await redeemCoupon(db, { code, session, userId: user.id, planId: plan_id }) };
    },
  );
};
