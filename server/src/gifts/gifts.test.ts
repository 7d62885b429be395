import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestsTo } from '../../test/requests';
import { buildTestApp, createBook, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { findSessionRow } from '../books/repository';
import { outboxDir } from '../providers/mail';
import { GIFT_CODE_PATTERN, newGiftCode, normalizeGiftCode } from './codes';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const { post, get } = requestsTo(() => app);

/** A visitor buys plan 4 for `recipient`; returns the form and the card's code once paid. */
async function buyGift(recipient: string, card = '4111111111111111', lng = 'en') {
  const form = (
    await post(
      '/api/createGiftCardPaymentForm',
      { plan_id: 4, email: recipient, buyer_email: 'giver@example.com', amount: 1 },
      undefined,
      lng,
    )
  ).json().success;
  expect(form.amount).toBe(49);
  await post('/api/sandboxPay', { formToken: form.formToken, card_number: card, expiry: '12/39', cvc: '123' });
  const card_ = await app.ctx.db
    .selectFrom('gift_cards')
    .innerJoin('orders', 'orders.id', 'gift_cards.order_id')
    .select('gift_cards.code')
    .where('orders.reference', '=', form.order_id)
    .executeTakeFirst();
  return { form, code: card_?.code };
}
const redeem = (user: TestUser, bookId: number, code: string) =>
  post('/api/checkCouponForPayment', { plan_id: 1, service_session_id: bookId, code }, user);

describe('gift codes', () => {
  it('are PLUME-XXXX-XXXX from unambiguous characters', () => {
    for (let i = 0; i < 200; i += 1) {
      const code = newGiftCode();
      expect(code).toMatch(GIFT_CODE_PATTERN);
      expect(code.slice(6)).not.toMatch(/[01OILS58B]/);
    }
    expect(normalizeGiftCode(' plume-acde-fghj ')).toBe('PLUME-ACDE-FGHJ');
    expect(normalizeGiftCode('PLUME-0000-1111')).toBeNull();
  });
});

describe('gift cards', () => {
  it('lists the gift plans', async () => {
    const plans = (await get('/api/getPlansForGift', undefined, 'fr')).json().success;
    expect(plans.map((p: { id: number }) => p.id)).toEqual([4, 5]);
    expect(plans[0]).toMatchObject({ is_gift_card: true, price: 49 });
  });

  it('a visitor buys one; the card downloads in their language; the recipient is e-mailed the card; redeemed once from another account', async () => {
    const recipient = `friend-${Date.now()}@example.com`;
    const { form, code } = await buyGift(recipient, '4111111111111111', 'es');
    expect(code).toMatch(GIFT_CODE_PATTERN);

    const result = await get(`/api/onGiftCardPaymentCallback/4/${form.order_id}/${encodeURIComponent(recipient)}`, undefined, 'es');
    expect(result.statusCode, result.body).toBe(200);
    const success = result.json().success;
    expect(success).toMatchObject({
      price: 49,
      currency: 'EUR',
      tax: 8.17,
      planName: 'Regalo: un libro',
      name: expect.stringMatching(/\.pdf$/),
    });
    expect(success.message).toContain(recipient);
    const pdf = await get(success.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The wrong e-mail or plan opens nothing.
    expect((await get(`/api/onGiftCardPaymentCallback/5/${form.order_id}/${encodeURIComponent(recipient)}`)).statusCode).toBe(404);
    expect((await get(`/api/onGiftCardPaymentCallback/4/${form.order_id}/other%40example.com`)).statusCode).toBe(404);

    const mails = fs.readdirSync(outboxDir(app.ctx.config)).map((f) => fs.readFileSync(`${outboxDir(app.ctx.config)}/${f}`, 'utf8'));
    const giftMail = mails.find((m) => m.includes(`To: ${recipient}`));
    expect(giftMail).toMatch(/Content-Type: application\/pdf/);
    expect(giftMail).toContain(code);
    expect(mails.some((m) => m.includes('To: giver@example.com') && m.includes(form.order_id))).toBe(true);

    const newcomer = await createUser(app);
    const book = await createBook(app, { userId: newcomer.id });
    const redeemed = await redeem(newcomer, book.id, code!.toLowerCase());
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json()).toEqual({ success: { is_payed: true } });
    expect((await findSessionRow(app.ctx.db, book.id))!.is_payed).toBe(1);
    expect((await redeem(newcomer, book.id, code!)).statusCode).toBe(200);

    const someoneElse = await createUser(app);
    const otherBook = await createBook(app, { userId: someoneElse.id });
    const refused = await redeem(someoneElse, otherBook.id, code!);
    expect(refused.json().code).toBe('coupons.gift_used');
    expect((await findSessionRow(app.ctx.db, otherBook.id))!.is_payed).toBe(0);
    const secondBook = await createBook(app, { userId: newcomer.id });
    expect((await redeem(newcomer, secondBook.id, code!)).json().code).toBe('coupons.gift_used');
  });

  it('an unpaid gift order yields no card and no code', async () => {
    const recipient = `nobody-${Date.now()}@example.com`;
    const { form, code } = await buyGift(recipient, '4000000000000002');
    expect(code).toBeUndefined();
    expect((await get(`/api/onGiftCardPaymentCallback/4/${form.order_id}/${encodeURIComponent(recipient)}`)).statusCode).toBe(402);
    expect((await get(`/api/giftCardPdf/4/${form.order_id}/${encodeURIComponent(recipient)}`)).statusCode).toBe(402);
  });

  it('an expired gift code is refused; a visitor must give an e-mail for the receipt', async () => {
    const { code } = await buyGift(`late-${Date.now()}@example.com`);
    await app.ctx.db
      .updateTable('gift_cards')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('code', '=', code!)
      .execute();
    const user = await createUser(app);
    const book = await createBook(app, { userId: user.id });
    expect((await redeem(user, book.id, code!)).json().code).toBe('coupons.expired');
    expect((await post('/api/createGiftCardPaymentForm', { plan_id: 4, email: 'a@example.com' })).json().code).toBe(
      'payments.buyer_email_required',
    );
    expect(
      (await post('/api/createGiftCardPaymentForm', { plan_id: 1, email: 'a@example.com', buyer_email: 'b@example.com' })).json().code,
    ).toBe('payments.wrong_plan');
  });
});
