import type { Selectable } from 'kysely';
import type { Db } from '../db';
import type { CouponsTable } from '../db/schema';

/** SQL of the coupons area. Every function takes the database or a transaction first. */

export type CouponRow = Selectable<CouponsTable>;

export interface NewCoupon {
  code: string;
  grants: string;
  percent_off: number | null;
  max_redemptions: number;
  expires_at: string | null;
  now: string;
}

/** Inserts a coupon; undefined when the (upper-cased) code already exists. */
export function insertCoupon(db: Db, input: NewCoupon): Promise<CouponRow | undefined> {
  return db
    .insertInto('coupons')
    .values({
      code: input.code,
      grants: input.grants,
      percent_off: input.percent_off,
      max_redemptions: input.max_redemptions,
      redemptions: 0,
      expires_at: input.expires_at,
      is_active: 1,
      created_at: input.now,
      updated_at: input.now,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** A coupon by its normalised (upper-case) code. */
export function findCouponByCode(db: Db, code: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
}

export function findCouponById(db: Db, id: number): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listCoupons(db: Db): Promise<CouponRow[]> {
  return db.selectFrom('coupons').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Switches a coupon on or off; false when the code is unknown. */
export async function setCouponActive(db: Db, code: string, active: boolean, now: string): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set({ is_active: active ? 1 : 0, updated_at: now })
    .where('code', '=', code)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findRedemption(db: Db, couponId: number, sessionId: number) {
  return db
    .selectFrom('coupon_redemptions')
    .select(['id', 'created_at'])
    .where('coupon_id', '=', couponId)
    .where('service_session_id', '=', sessionId)
    .executeTakeFirst();
}

/**
 * Records that a coupon unlocked a book. Returns false when that pair is already recorded (a retry,
 * or the same request racing itself): the unique (coupon_id, service_session_id) constraint decides.
 */
export async function insertRedemption(
  db: Db,
  input: { coupon_id: number; service_session_id: number; user_id: number; plan_id: number; now: string },
): Promise<boolean> {
  const row = await db
    .insertInto('coupon_redemptions')
    .values({
      coupon_id: input.coupon_id,
      service_session_id: input.service_session_id,
      user_id: input.user_id,
      plan_id: input.plan_id,
      created_at: input.now,
    })
    .onConflict((oc) => oc.columns(['coupon_id', 'service_session_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes one use of a coupon in a single UPDATE that only matches while the coupon is active,
 * unexpired and below its maximum — two redemptions of the last use cannot both succeed.
 */
export async function claimCouponUse(db: Db, couponId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set((eb) => ({ redemptions: eb('redemptions', '+', 1), updated_at: now }))
    .where('id', '=', couponId)
    .where('is_active', '=', 1)
    .where((eb) => eb('redemptions', '<', eb.ref('max_redemptions')))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Unlocks a book. The checkpoint version is left alone on purpose: an open workspace keeps saving
 * its chapters without a version conflict.
 */
export async function markSessionPaid(db: Db, sessionId: number, now: string): Promise<void> {
  await db
    .updateTable('service_sessions')
    .set({ is_payed: 1, updated_at: now })
    .where('id', '=', sessionId)
    .where('deleted_at', 'is', null)
    .execute();
}
