import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Coupons on the e2e server's database. There is no admin UI: an operator runs `npm run coupon --
 * create …`, so the tests do the same, pointed at the server's data (PLUME_E2E_DATA_DIR, set by
 * playwright.config.ts, and DATABASE_URL when the run uses PostgreSQL).
 */

/** A code no earlier run (nor another test of this run) has used: with DATABASE_URL the coupons table outlives a run. */
export function uniqueCouponCode(prefix = 'E2E'): string {
  return `${prefix}${Date.now()}${Math.floor(Math.random() * 1e6)}`;
}

/** Creates a coupon the way an operator does (`scripts/coupon.ts create …`), valid until 2099; `percent` makes a percentage coupon. */
export async function createCoupon(code: string, uses = 1, percent?: number): Promise<string> {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const dataDir = process.env.PLUME_E2E_DATA_DIR;
  expect(dataDir, 'playwright.config.ts exports the server DATA_DIR as PLUME_E2E_DATA_DIR').toBeTruthy();
  const { stdout } = await promisify(execFile)(
    'npx',
    [
      'tsx',
      'scripts/coupon.ts',
      'create',
      '--code',
      code,
      '--uses',
      String(uses),
      '--expires',
      '2099-01-01',
      ...(percent ? ['--grants', 'percent', '--percent', String(percent)] : []),
    ],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) },
    },
  );
  expect(stdout).toContain(`Created coupon ${code}`);
  return code;
}

/** Makes `bookId` paid the quick way: a fresh single-use coupon redeemed through the API (what the plan modal's 'Apply' sends). */
export async function unlockBookWithCoupon(
  request: APIRequestContext,
  auth: { authorization: string },
  bookId: number,
  planId = 1,
): Promise<void> {
  const code = await createCoupon(uniqueCouponCode('UNLOCK'), 1);
  const response = await request.post('/api/checkCouponForPayment', {
    headers: { lng: 'en', ...auth },
    data: { plan_id: planId, service_session_id: bookId, code },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect((await response.json()).success.is_payed).toBe(true);
}
