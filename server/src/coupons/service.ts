import { COUPON_CODE_PATTERN, COUPON_GRANTS } from '@common/schemas/coupons';
import { nowIso, toBool, type Db } from '../db';
import { badRequest } from '../http/errors';
import type { SessionRow } from '../books/repository';
import {
  claimCouponUse,
  findCouponById,
  findCouponByCode,
  findRedemption,
  insertCoupon,
  insertRedemption,
  markSessionPaid,
  type CouponRow,
} from './repository';

/** Tries per signed-in user: enough for typos, too few to guess codes. */
export const COUPON_RATE_LIMIT = { max: 10, windowMs: 15 * 60_000 };

/** Most uses one coupon may have (a guard against a mistyped --uses). */
const MAX_COUPON_USES = 1_000_000;

/** Codes are matched whatever their case: stored and looked up upper-case. */
export const normalizeCouponCode = (code: string) => code.trim().toUpperCase();

/** A mistake in what an operator asked for (the command prints it). */
export class CouponInputError extends Error {}

/**
 * `--expires`: a date `YYYY-MM-DD` (the coupon stops working at 00:00 UTC that day) or a full
 * ISO-8601 date-time with its time zone. Returns the ISO instant.
 */
export function parseExpiry(value: string): string {
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const date = new Date(`${text}T00:00:00.000Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text)
      throw new CouponInputError(`--expires: ${value} is not a real date`);
    return date.toISOString();
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) {
    const date = new Date(text);
    if (!Number.isNaN(date.getTime())) return date.toISOString();
  }
  throw new CouponInputError(`--expires: ${value} is not a date (YYYY-MM-DD or an ISO-8601 date-time with a time zone)`);
}

export interface CreateCouponInput {
  code: string;
  uses: number;
  expires?: string | null;
  grants?: string;
  /** With grants 'percent': 1 to 99. */
  percent?: number;
}

/** Creates a coupon (operator command). Refuses bad codes, counts, dates, and codes that exist in any case. */
export async function createCoupon(db: Db, input: CreateCouponInput, now = new Date()): Promise<CouponRow> {
  const code = input.code.trim();
  if (!COUPON_CODE_PATTERN.test(code))
    throw new CouponInputError('--code: 3 to 64 letters, digits, "-" or "_", starting with a letter or digit');
  if (!Number.isInteger(input.uses) || input.uses < 1 || input.uses > MAX_COUPON_USES) {
    throw new CouponInputError(`--uses: a whole number from 1 to ${MAX_COUPON_USES}`);
  }
  const grants = input.grants ?? 'book';
  if (!(COUPON_GRANTS as readonly string[]).includes(grants)) throw new CouponInputError(`--grants: one of ${COUPON_GRANTS.join(', ')}`);
  const percent = grants === 'percent' ? input.percent : undefined;
  if (grants === 'percent' && (!Number.isInteger(percent) || percent! < 1 || percent! > 99))
    throw new CouponInputError('--percent: a whole number from 1 to 99 for a percentage coupon');
  const expiresAt = input.expires ? parseExpiry(input.expires) : null;
  if (expiresAt && expiresAt <= now.toISOString()) throw new CouponInputError(`--expires: ${input.expires} is already past`);
  const row = await insertCoupon(db, {
    code: normalizeCouponCode(code),
    grants,
    percent_off: percent ?? null,
    max_redemptions: input.uses,
    expires_at: expiresAt,
    now: now.toISOString(),
  });
  if (!row) throw new CouponInputError(`a coupon ${normalizeCouponCode(code)} already exists`);
  return row;
}

/** Why a coupon cannot be used now, or null when it can. Inactive and unknown read the same to users. */
function refusal(coupon: CouponRow | undefined, now: string): 'coupons.invalid' | 'coupons.expired' | 'coupons.used_up' | null {
  if (!coupon || !toBool(coupon.is_active) || !(COUPON_GRANTS as readonly string[]).includes(coupon.grants)) return 'coupons.invalid';
  if (coupon.expires_at !== null && coupon.expires_at <= now) return 'coupons.expired';
  if (coupon.redemptions >= coupon.max_redemptions) return 'coupons.used_up';
  return null;
}

export interface RedeemInput {
  code: string;
  session: SessionRow;
  userId: number;
  planId: number;
}

/**
 * checkCouponForPayment: a valid coupon unlocks the book (see applyRedemption for the one
 * transaction that records it, claims a use and marks the book paid). A retry for the same book answers paid again without taking a second use;
 * a book that is already paid takes no use at all.
 */
export async function redeemCoupon(db: Db, input: RedeemInput): Promise<{ is_payed: boolean; percent_off?: number }> {
  const now = nowIso();
  const coupon = await findCouponByCode(db, normalizeCouponCode(input.code));
  if (coupon && (await findRedemption(db, coupon.id, input.session.id))) return { is_payed: true };
  const refused = refusal(coupon, now);
  if (refused || !coupon) throw badRequest(refused ?? 'coupons.invalid');
  if (toBool(input.session.is_payed)) return { is_payed: true };
  // A percentage coupon is only checked here; its use is taken when the reduced order is paid.
  if (coupon.grants === 'percent') return { is_payed: false, percent_off: coupon.percent_off ?? 0 };

  await applyRedemption(db, coupon, input, now);
  return { is_payed: true };
}

/**
 * The writes of a redemption, in one transaction, against a coupon read just before (possibly
 * stale): record it (once per coupon and book), claim one use only while still allowed, unlock the
 * book. When the use can no longer be claimed, nothing is kept and the reason is thrown.
 */
export async function applyRedemption(db: Db, coupon: CouponRow, input: Omit<RedeemInput, 'code'>, now = nowIso()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const recorded = await insertRedemption(trx, {
      coupon_id: coupon.id,
      service_session_id: input.session.id,
      user_id: input.userId,
      plan_id: input.planId,
      now,
    });
    // The same request raced itself and the other one recorded it: that one took the use.
    if (!recorded) return;
    if (!(await claimCouponUse(trx, coupon.id, now))) {
      // Used up (or switched off, or expired) since it was read: undo the redemption, say why.
      throw badRequest(refusal(await findCouponById(trx, coupon.id), now) ?? 'coupons.used_up');
    }
    await markSessionPaid(trx, input.session.id, now);
  });
}
