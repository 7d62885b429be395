import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createBook, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { ROOT_DIR } from '../config';
import { findSessionRow } from '../books/repository';
import { newToken } from '../auth/tokens';
import { nowIso } from '../db';
import { runCouponCommand } from './command';
import { AppError } from '../http/errors';
import { applyRedemption, createCoupon, CouponInputError, parseExpiry } from './service';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const buildBook = (owner: { userId?: number; guestToken?: string }, paid = false) => createBook(app, owner, { paid, chapters: 2 });

let codeCounter = 0;
/** A coupon straight in the database (any state), through the same service the command uses when possible. */
async function buildCoupon(options: { uses?: number; expiresAt?: string | null; active?: boolean; redemptions?: number } = {}) {
  codeCounter += 1;
  const code = `TEST${codeCounter}X${Math.floor(Math.random() * 1e6)}`;
  const coupon = await createCoupon(app.ctx.db, { code, uses: options.uses ?? 5 });
  await app.ctx.db
    .updateTable('coupons')
    .set({ expires_at: options.expiresAt ?? null, is_active: options.active === false ? 0 : 1, redemptions: options.redemptions ?? 0 })
    .where('id', '=', coupon.id)
    .execute();
  return { id: coupon.id, code };
}

const redeem = (user: TestUser | null, body: Record<string, unknown>, lng = 'en', extra: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/checkCouponForPayment',
    payload: body,
    headers: { lng, ...(user ? user.headers : {}), ...extra },
  });

const couponRow = (id: number) => app.ctx.db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const redemptionsOf = (couponId: number) =>
  app.ctx.db.selectFrom('coupon_redemptions').selectAll().where('coupon_id', '=', couponId).execute();
const isPaid = async (id: number) => (await findSessionRow(app.ctx.db, id))!.is_payed === 1;

describe('POST /api/checkCouponForPayment — who may call it', () => {
  it('needs a signed-in user (a guest token is not enough)', async () => {
    const token = newToken();
    const book = await buildBook({ guestToken: token });
    const { code } = await buildCoupon();
    const res = await redeem(null, { plan_id: 1, service_session_id: book.id, code }, 'en', { 'x-guest-token': token });
    expect(res.statusCode).toBe(401);
    expect(await isPaid(book.id)).toBe(false);
  });

  it('refuses malformed bodies with 400', async () => {
    const user = await createUser(app);
    const book = await buildBook({ userId: user.id });
    for (const body of [
      { plan_id: 1, service_session_id: book.id },
      { plan_id: 1, service_session_id: book.id, code: '   ' },
      { plan_id: 'one', service_session_id: book.id, code: 'X' },
      { plan_id: 1, service_session_id: -3, code: 'X' },
    ]) {
      const res = await redeem(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('invalid_input');
    }
  });

  it("is 403 on someone else's book and 404 on an unknown one, and takes no use", async () => {
    const owner = await createUser(app);
    const other = await createUser(app);
    const book = await buildBook({ userId: owner.id });
    const coupon = await buildCoupon({ uses: 1 });
    const foreign = await redeem(other, { plan_id: 1, service_session_id: book.id, code: coupon.code });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('books.not_found');
    expect((await redeem(other, { plan_id: 1, service_session_id: 99_999_999, code: coupon.code })).statusCode).toBe(404);
    expect(await isPaid(book.id)).toBe(false);
    expect((await couponRow(coupon.id)).redemptions).toBe(0);
  });

  it('refuses an unknown plan', async () => {
    const user = await createUser(app);
    const book = await buildBook({ userId: user.id });
    const coupon = await buildCoupon();
    const res = await redeem(user, { plan_id: 987_654, service_session_id: book.id, code: coupon.code });
    expect(res.statusCode).toBe(400);
    expect(await isPaid(book.id)).toBe(false);
    expect((await couponRow(coupon.id)).redemptions).toBe(0);
  });

  it('is rate-limited per user', async () => {
    const user = await createUser(app);
    const book = await buildBook({ userId: user.id });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await redeem(user, { plan_id: 1, service_session_id: book.id, code: `NOPE${i}` })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another user is not affected.
    const other = await createUser(app);
    const otherBook = await buildBook({ userId: other.id });
    expect((await redeem(other, { plan_id: 1, service_session_id: otherBook.id, code: 'NOPE' })).statusCode).toBe(400);
  });
});

describe('POST /api/checkCouponForPayment — refusals, translated', () => {
  it('unknown and inactive codes are both "invalid", in the request language', async () => {
    const user = await createUser(app);
    const book = await buildBook({ userId: user.id });
    const unknown = await redeem(user, { plan_id: 1, service_session_id: book.id, code: 'NO-SUCH-CODE' }, 'fr');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ code: 'coupons.invalid', error: app.ctx.translate('fr', 'coupons.invalid') });
    expect(unknown.json().error).not.toBe(app.ctx.translate('en', 'coupons.invalid'));
    const inactive = await buildCoupon({ active: false });
    const off = await redeem(user, { plan_id: 1, service_session_id: book.id, code: inactive.code }, 'it');
    expect(off.statusCode).toBe(400);
    expect(off.json()).toEqual({ code: 'coupons.invalid', error: app.ctx.translate('it', 'coupons.invalid') });
    expect(off.json().error).toMatch(/coupon/);
    expect(await isPaid(book.id)).toBe(false);
  });

  it('an expired coupon is "expired"', async () => {
    const user = await createUser(app);
    const book = await buildBook({ userId: user.id });
    const coupon = await buildCoupon({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    const res = await redeem(user, { plan_id: 1, service_session_id: book.id, code: coupon.code }, 'es');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'coupons.expired', error: 'Este cupón ha caducado.' });
    expect(await isPaid(book.id)).toBe(false);
    expect(await redemptionsOf(coupon.id)).toHaveLength(0);
  });

  it('a coupon at its maximum is "used up"', async () => {
    const user = await createUser(app);
    const book = await buildBook({ userId: user.id });
    const coupon = await buildCoupon({ uses: 2, redemptions: 2 });
    const res = await redeem(user, { plan_id: 1, service_session_id: book.id, code: coupon.code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'coupons.used_up', error: 'This coupon has already been used as many times as it allows.' });
    expect(await isPaid(book.id)).toBe(false);
  });
});

describe('POST /api/checkCouponForPayment — redeeming', () => {
  it('unlocks the book whatever the case typed, records one use, and keeps the checkpoint version', async () => {
    const user = await createUser(app);
    const book = await buildBook({ userId: user.id });
    const coupon = await buildCoupon({ uses: 3 });
    const res = await redeem(user, { plan_id: 1, service_session_id: book.id, code: `  ${coupon.code.toLowerCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: { is_payed: true } });
    const after = (await findSessionRow(app.ctx.db, book.id))!;
    expect(after.is_payed).toBe(1);
    expect(after.version).toBe(book.version);
    expect((await couponRow(coupon.id)).redemptions).toBe(1);
    expect(await redemptionsOf(coupon.id)).toEqual([
      expect.objectContaining({ service_session_id: book.id, user_id: user.id, plan_id: 1 }),
    ]);
    const session = await app.inject({ method: 'GET', url: `/api/getSession/${book.id}`, headers: user.headers });
    expect(session.json().success.is_payed).toBe(true);
  });

  it('a retry for the same book answers paid again and never counts twice, even once the coupon is used up', async () => {
    const user = await createUser(app);
    const book = await buildBook({ userId: user.id });
    const coupon = await buildCoupon({ uses: 1 });
    const body = { plan_id: 1, service_session_id: book.id, code: coupon.code };
    expect((await redeem(user, body)).statusCode).toBe(200);
    const again = await redeem(user, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().success.is_payed).toBe(true);
    expect((await couponRow(coupon.id)).redemptions).toBe(1);
    expect(await redemptionsOf(coupon.id)).toHaveLength(1);
    // The single use is gone for any other book.
    const second = await buildBook({ userId: user.id });
    const refused = await redeem(user, { ...body, service_session_id: second.id });
    expect(refused.json().code).toBe('coupons.used_up');
    expect(await isPaid(second.id)).toBe(false);
  });

  it('the same request sent several times at once takes one use', async () => {
    const user = await createUser(app);
    const book = await buildBook({ userId: user.id });
    const coupon = await buildCoupon({ uses: 5 });
    const results = await Promise.all(
      Array.from({ length: 4 }, () => redeem(user, { plan_id: 1, service_session_id: book.id, code: coupon.code })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await couponRow(coupon.id)).redemptions).toBe(1);
    expect(await redemptionsOf(coupon.id)).toHaveLength(1);
  });

  it('never goes past its maximum when many books race for the last uses', async () => {
    const coupon = await buildCoupon({ uses: 3 });
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(app)));
    const books = await Promise.all(users.map((u) => buildBook({ userId: u.id })));
    const results = await Promise.all(users.map((u, i) => redeem(u, { plan_id: 1, service_session_id: books[i].id, code: coupon.code })));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(3);
    expect(refused.map((r) => r.json().code)).toEqual(['coupons.used_up', 'coupons.used_up', 'coupons.used_up']);
    expect((await couponRow(coupon.id)).redemptions).toBe(3);
    // A refused book has neither a redemption (rolled back) nor the paid flag.
    const redeemed = (await redemptionsOf(coupon.id)).map((r) => r.service_session_id).sort();
    const paid = (await Promise.all(books.map(async (b) => ((await isPaid(b.id)) ? b.id : null)))).filter((id) => id !== null).sort();
    expect(redeemed).toHaveLength(3);
    expect(paid).toEqual(redeemed);
  });

  it('keeps nothing when the coupon changed between reading it and redeeming it', async () => {
    const changes: Array<[string, Record<string, unknown>]> = [
      ['coupons.used_up', { redemptions: 2 }],
      ['coupons.invalid', { is_active: 0 }],
      ['coupons.expired', { expires_at: new Date(Date.now() - 1000).toISOString() }],
    ];
    for (const [code, change] of changes) {
      const user = await createUser(app);
      const book = await buildBook({ userId: user.id });
      const { id } = await buildCoupon({ uses: 2, redemptions: 1 });
      const stale = await couponRow(id);
      await app.ctx.db.updateTable('coupons').set(change).where('id', '=', id).execute();
      const failure = await applyRedemption(app.ctx.db, stale, { session: book, userId: user.id, planId: 1 }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure, code).toBeInstanceOf(AppError);
      expect((failure as AppError).code).toBe(code);
      expect(await redemptionsOf(id), code).toHaveLength(0);
      expect(await isPaid(book.id), code).toBe(false);
      expect((await couponRow(id)).redemptions, code).toBe('redemptions' in change ? 2 : 1);
    }
  });

  it('a book that is already paid takes no use', async () => {
    const user = await createUser(app);
    const book = await buildBook({ userId: user.id }, true);
    const coupon = await buildCoupon({ uses: 1 });
    const res = await redeem(user, { plan_id: 1, service_session_id: book.id, code: coupon.code });
    expect(res.statusCode).toBe(200);
    expect(res.json().success.is_payed).toBe(true);
    expect((await couponRow(coupon.id)).redemptions).toBe(0);
  });

  it('the database itself refuses a count above the maximum', async () => {
    const coupon = await buildCoupon({ uses: 1, redemptions: 1 });
    await expect(app.ctx.db.updateTable('coupons').set({ redemptions: 2 }).where('id', '=', coupon.id).execute()).rejects.toThrow();
  });
});

describe('creating coupons (service and operator command)', () => {
  it('refuses bad codes, counts, dates and a code that exists in another case', async () => {
    await expect(createCoupon(app.ctx.db, { code: 'ab', uses: 1 })).rejects.toBeInstanceOf(CouponInputError);
    await expect(createCoupon(app.ctx.db, { code: 'SPACE CODE', uses: 1 })).rejects.toBeInstanceOf(CouponInputError);
    await expect(createCoupon(app.ctx.db, { code: 'GOODCODE', uses: 0 })).rejects.toBeInstanceOf(CouponInputError);
    await expect(createCoupon(app.ctx.db, { code: 'GOODCODE', uses: 1.5 })).rejects.toBeInstanceOf(CouponInputError);
    await expect(createCoupon(app.ctx.db, { code: 'GOODCODE', uses: 1, expires: '2001-01-01' })).rejects.toThrow(/already past/);
    await expect(createCoupon(app.ctx.db, { code: 'GOODCODE', uses: 1, grants: 'everything' })).rejects.toBeInstanceOf(CouponInputError);
    const created = await createCoupon(app.ctx.db, { code: 'Summer-2026_b', uses: 2 });
    expect(created).toMatchObject({
      code: 'SUMMER-2026_B',
      grants: 'book',
      max_redemptions: 2,
      redemptions: 0,
      is_active: 1,
      expires_at: null,
    });
    await expect(createCoupon(app.ctx.db, { code: 'summer-2026_B', uses: 9 })).rejects.toThrow(/already exists/);
  });

  it('reads expiry dates strictly', () => {
    expect(parseExpiry('2027-01-01')).toBe('2027-01-01T00:00:00.000Z');
    expect(parseExpiry('2027-06-30T18:00:00+02:00')).toBe('2027-06-30T16:00:00.000Z');
    for (const bad of ['2027-02-30', '01/01/2027', '2027-01-01T10:00', 'tomorrow'])
      expect(() => parseExpiry(bad), bad).toThrow(CouponInputError);
  });

  const env = () => ({
    DATA_DIR: app.ctx.config.dataDir,
    ...(app.ctx.config.DATABASE_URL ? { DATABASE_URL: app.ctx.config.DATABASE_URL } : {}),
  });
  const run = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCouponCommand(argv, { env: env(), out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('creates, lists, deactivates and reactivates coupons on the server database', async () => {
    const created = await run(['create', '--code', 'autumn26', '--uses', '100', '--expires', '2099-01-01']);
    expect(created, created.err).toMatchObject({ code: 0 });
    expect(created.out).toContain('AUTUMN26');
    const row = await app.ctx.db.selectFrom('coupons').selectAll().where('code', '=', 'AUTUMN26').executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      max_redemptions: 100,
      redemptions: 0,
      expires_at: '2099-01-01T00:00:00.000Z',
      is_active: 1,
      grants: 'book',
    });
    expect((await run(['list'])).out).toMatch(/AUTUMN26\tbook\t0\/100 used\texpires 2099-01-01T00:00:00.000Z\tactive/);

    expect((await run(['create', '--code', 'Autumn26', '--uses', '5'])).code).toBe(1);
    expect(await run(['deactivate', '--code', 'autumn26'])).toMatchObject({ code: 0 });
    const user = await createUser(app);
    const book = await buildBook({ userId: user.id });
    expect((await redeem(user, { plan_id: 1, service_session_id: book.id, code: 'autumn26' })).json().code).toBe('coupons.invalid');
    expect(await run(['activate', '--code', 'AUTUMN26'])).toMatchObject({ code: 0 });
    expect((await redeem(user, { plan_id: 1, service_session_id: book.id, code: 'autumn26' })).statusCode).toBe(200);
    expect((await run(['deactivate', '--code', 'NEVER-MADE'])).code).toBe(1);
  });

  it('answers usage mistakes with the usage and exit code 2, creating nothing', async () => {
    for (const argv of [
      [],
      ['create', '--uses', '3'],
      ['create', '--code', 'NOUSES'],
      ['create', '--code', 'BADUSES', '--uses', 'ten'],
      ['frobnicate'],
      ['create', '--code', 'X1X', '--uses', '1', '--colour', 'red'],
    ]) {
      const result = await run(argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.err).toContain('Usage:');
    }
    expect((await run(['create', '--code', 'PASTDATE', '--uses', '1', '--expires', '2020-01-01'])).code).toBe(1);
    const made = await app.ctx.db
      .selectFrom('coupons')
      .select('code')
      .where('code', 'in', ['NOUSES', 'BADUSES', 'X1X', 'PASTDATE'])
      .execute();
    expect(made).toEqual([]);
  });

  it('runs as `tsx scripts/coupon.ts` with the server configuration', async () => {
    const tsx = path.join(ROOT_DIR, 'node_modules', '.bin', 'tsx');
    const { stdout } = await promisify(execFile)(tsx, ['scripts/coupon.ts', 'create', '--code', 'SCRIPTED', '--uses', '7'], {
      cwd: ROOT_DIR,
      env: { ...process.env, ...env(), DATABASE_URL: app.ctx.config.DATABASE_URL ?? '' },
    });
    expect(stdout).toContain('Created coupon SCRIPTED');
    const row = await app.ctx.db.selectFrom('coupons').selectAll().where('code', '=', 'SCRIPTED').executeTakeFirstOrThrow();
    expect(row.max_redemptions).toBe(7);
    expect(nowIso() >= row.created_at).toBe(true);
  });
});
