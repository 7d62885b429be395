import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import vector from '../../test/fixtures/lyra-ipn-test-vector.json' with { type: 'json' };
import { requestsTo } from '../../test/requests';
import { buildTestApp, createBook, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { findSessionRow } from '../books/repository';
import { outboxDir } from '../providers/mail';
import { sandboxKey } from '../providers/payments';
import { krHash, signKrAnswer, verifyKrHash } from '../providers/payments/kr-answer';
import { findOrderByReference, moveOrder } from './orders';
import { runRefundCommand } from './refund';
import { createCoupon } from '../coupons/service';
import { pdfText } from '../../test/export-support';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const { post, get } = requestsTo(() => app);
const card = (card_number: string, extra: Record<string, unknown> = {}) => ({ card_number, expiry: '12/39', cvc: '123', ...extra });
const ACCEPTED = '4111 1111 1111 1111';
const DECLINED = '4000 0000 0000 0002';
const CHALLENGE = '4000000000003220';

async function bookForm(user: TestUser, body: Record<string, unknown> = {}, lng = 'en') {
  const book = await createBook(app, { userId: user.id }, { chapters: 3 });
  const res = await post('/api/createPaymentForm', { service_session_id: book.id, plan_id: 1, is_add_chapter: false, ...body }, user, lng);
  expect(res.statusCode, res.body).toBe(200);
  return { book, form: res.json().success as { formToken: string; order_id: string; amount: number } };
}
const pay = (formToken: string, number: string, extra: Record<string, unknown> = {}) =>
  post('/api/sandboxPay', { formToken, ...card(number, extra) });
const isPaid = async (id: number) => (await findSessionRow(app.ctx.db, id))!.is_payed === 1;
const order = async (reference: string) => (await findOrderByReference(app.ctx.db, reference))!;
const outbox = () => {
  const dir = outboxDir(app.ctx.config);
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    : [];
};
const decodeMail = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

describe('kr-hash (Lyra IPN signature)', () => {
  it('verifies the reference test vector and refuses any change, another key or another algorithm', () => {
    const fields = { 'kr-answer': vector['kr-answer'], 'kr-hash': vector['kr-hash'], 'kr-hash-algorithm': vector['kr-hash-algorithm'] };
    expect(verifyKrHash(fields, vector.hmac_key)).toBe(true);
    expect(verifyKrHash({ ...fields, 'kr-answer': fields['kr-answer'].replace('990', '991') }, vector.hmac_key)).toBe(false);
    expect(verifyKrHash(fields, 'another-key')).toBe(false);
    expect(verifyKrHash({ ...fields, 'kr-hash-algorithm': 'sha1_hmac' }, vector.hmac_key)).toBe(false);
    expect(verifyKrHash({ ...fields, 'kr-hash': 'abc' }, vector.hmac_key)).toBe(false);
  });

  it('hashes an answer holding escaped slashes as Lyra does (\\/ read as /)', () => {
    const escaped = '{"orderStatus":"PAID","url":"https:\\/\\/example.com\\/a"}';
    const hash = krHash('k', '{"orderStatus":"PAID","url":"https://example.com/a"}');
    expect(verifyKrHash({ 'kr-answer': escaped, 'kr-hash': hash, 'kr-hash-algorithm': 'sha256_hmac' }, 'k')).toBe(true);
  });
});

describe('single book through the sandbox', () => {
  it('charges the plan price from the database whatever the client sends, unlocks the book and confirms once', async () => {
    const user = await createUser(app, { language: 'fr' });
    const { book, form } = await bookForm(user, { amount: 1, price: 0.01 }, 'fr');
    expect(form.amount).toBe(49);
    expect((await order(form.order_id)).amount_cents).toBe(4900);
    expect(await isPaid(book.id)).toBe(false);

    const paid = await pay(form.formToken, ACCEPTED);
    expect(paid.statusCode, paid.body).toBe(200);
    const fields = paid.json().success;
    expect(fields['kr-hash-algorithm']).toBe('sha256_hmac');
    expect(verifyKrHash(fields, sandboxKey(app.ctx.config))).toBe(true);
    const answer = JSON.parse(fields['kr-answer']);
    expect(answer).toMatchObject({ orderStatus: 'PAID', orderDetails: { orderId: form.order_id } });
    expect(answer.transactions[0]).toMatchObject({ status: 'PAID', amount: 4900 });
    expect(await isPaid(book.id)).toBe(true);

    // Paying the same form again answers the same payment: no second transaction.
    const again = await pay(form.formToken, ACCEPTED);
    expect(JSON.parse(again.json().success['kr-answer']).transactions[0].uuid).toBe(answer.transactions[0].uuid);
    expect((await order(form.order_id)).transaction_id).toBe(answer.transactions[0].uuid);

    const confirmed = await get(`/api/onPaymentCallback/${book.id}`, user, 'fr');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().success).toMatchObject({ order: form.order_id, price: 49, currency: 'EUR', tax: 8.17, planName: 'Un livre' });

    const receipt = outbox()
      .map(decodeMail)
      .find((m) => m.includes(form.order_id));
    expect(receipt).toBeDefined();
    expect(receipt).toContain(`To: ${user.email}`);
    expect(receipt).toContain('Bonjour,');
    expect(receipt).toContain('Montant payé\u00a0: 49,00\u00a0€, dont 8,17\u00a0€ de TVA (20\u00a0%).');
  });

  it('a declined card fails the order, unlocks nothing, and the confirmation says not paid', async () => {
    const user = await createUser(app);
    const { book, form } = await bookForm(user);
    const res = await pay(form.formToken, DECLINED);
    const answer = JSON.parse(res.json().success['kr-answer']);
    expect(answer.orderStatus).toBe('UNPAID');
    expect(answer.transactions[0].detailedErrorCode).toBe('05');
    expect((await order(form.order_id)).status).toBe('failed');
    expect(await isPaid(book.id)).toBe(false);
    expect((await get(`/api/onPaymentCallback/${book.id}`, user)).statusCode).toBe(402);
    // The form is closed: the accepted card now is refused, nothing is charged.
    expect((await pay(form.formToken, ACCEPTED)).statusCode).toBe(409);
    expect(await isPaid(book.id)).toBe(false);
  });

  it('an expired card is refused as expired', async () => {
    const user = await createUser(app);
    const { book, form } = await bookForm(user);
    const res = await post('/api/sandboxPay', { formToken: form.formToken, card_number: ACCEPTED, expiry: '01/20', cvc: '123' });
    expect(JSON.parse(res.json().success['kr-answer']).transactions[0].detailedErrorCode).toBe('54');
    expect(await isPaid(book.id)).toBe(false);
  });

  it('the 3-D Secure card asks a challenge first; approved pays, refused fails', async () => {
    const user = await createUser(app);
    const first = await bookForm(user);
    expect((await pay(first.form.formToken, CHALLENGE)).json()).toEqual({ success: { challenge: '3ds' } });
    expect((await order(first.form.order_id)).status).toBe('created');
    expect(JSON.parse((await pay(first.form.formToken, CHALLENGE, { three_ds: 'approve' })).json().success['kr-answer']).orderStatus).toBe(
      'PAID',
    );
    expect(await isPaid(first.book.id)).toBe(true);

    const second = await bookForm(user);
    const refused = await pay(second.form.formToken, CHALLENGE, { three_ds: 'refuse' });
    expect(JSON.parse(refused.json().success['kr-answer']).transactions[0].detailedErrorCode).toBe('AUTHENTICATION_REFUSED');
    expect(await isPaid(second.book.id)).toBe(false);
  });

  it('refuses an unknown form token (404), an expired one (410), bad cards and bad bodies (400)', async () => {
    expect((await pay('sbx_nope', ACCEPTED)).statusCode).toBe(404);
    const user = await createUser(app);
    const { book, form } = await bookForm(user);
    expect((await pay(form.formToken, '4111 1111 1111 1112')).json().code).toBe('payments.card_number_invalid');
    expect(
      (await post('/api/sandboxPay', { formToken: form.formToken, card_number: ACCEPTED, expiry: '13/30', cvc: '123' })).statusCode,
    ).toBe(400);
    expect(
      (await post('/api/sandboxPay', { formToken: form.formToken, card_number: ACCEPTED, expiry: '12/30', cvc: '12' })).statusCode,
    ).toBe(400);
    expect((await post('/api/sandboxPay', { formToken: 42 })).statusCode).toBe(400);
    await app.ctx.db
      .updateTable('orders')
      .set({ form_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('reference', '=', form.order_id)
      .execute();
    const expired = await pay(form.formToken, ACCEPTED);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('payments.form_expired');
    expect((await order(form.order_id)).status).toBe('expired');
    expect(await isPaid(book.id)).toBe(false);
  });

  it("refuses another user's book and another user's confirmation", async () => {
    const owner = await createUser(app);
    const other = await createUser(app);
    const book = await createBook(app, { userId: owner.id });
    const res = await post('/api/createPaymentForm', { service_session_id: book.id, plan_id: 1, is_add_chapter: false }, other);
    expect(res.statusCode).toBe(404); // as for an unknown book: ids are not probed
    expect((await post('/api/createPaymentForm', { service_session_id: book.id, plan_id: 1 })).statusCode).toBe(401);
    const { book: paidBook, form } = await bookForm(owner);
    await pay(form.formToken, ACCEPTED);
    expect((await get(`/api/onPaymentCallback/${paidBook.id}`, other)).statusCode).toBe(404);
  });

  it('refuses a plan that is not a book plan, and a book already paid', async () => {
    const user = await createUser(app);
    const book = await createBook(app, { userId: user.id });
    expect(
      (await post('/api/createPaymentForm', { service_session_id: book.id, plan_id: 4, is_add_chapter: false }, user)).json().code,
    ).toBe('payments.wrong_plan');
    const paid = await createBook(app, { userId: user.id }, { paid: true });
    expect(
      (await post('/api/createPaymentForm', { service_session_id: paid.id, plan_id: 1, is_add_chapter: false }, user)).statusCode,
    ).toBe(409);
  });

  it('an extra chapter costs 4.99 and unlocks only that chapter', async () => {
    const user = await createUser(app);
    const book = await createBook(app, { userId: user.id });
    expect(
      (await post('/api/createPaymentForm', { service_session_id: book.id, plan_id: 3, is_add_chapter: true }, user)).json().code,
    ).toBe('payments.chapter_required');
    const res = await post(
      '/api/createPaymentForm',
      { service_session_id: book.id, plan_id: 3, is_add_chapter: true, chapter_id: 1_700_000_000_000 },
      user,
    );
    const form = res.json().success;
    expect(form.amount).toBe(4.99);
    await pay(form.formToken, ACCEPTED);
    const unlocked = await app.ctx.db
      .selectFrom('unlocked_chapters')
      .select(['chapter_id'])
      .where('service_session_id', '=', book.id)
      .execute();
    expect(unlocked).toEqual([{ chapter_id: 1_700_000_000_000 }]);
    expect(await isPaid(book.id)).toBe(false);
  });
});

describe('order state machine', () => {
  it('moves each order once: a second move from the same state, or from a final one, is refused', async () => {
    const user = await createUser(app);
    const { form } = await bookForm(user);
    const { id } = await order(form.order_id);
    const now = new Date().toISOString();
    expect(await moveOrder(app.ctx.db, id, 'created', 'failed', now)).toBe(true);
    expect(await moveOrder(app.ctx.db, id, 'created', 'paid', now)).toBe(false);
    expect(await moveOrder(app.ctx.db, id, 'created', 'failed', now)).toBe(false);
    expect((await order(form.order_id)).status).toBe('failed');
    await expect(app.ctx.db.updateTable('orders').set({ status: 'lost' }).where('id', '=', id).execute()).rejects.toThrow();
  });
});

describe('payment notifications (IPN route)', () => {
  const notify = (fields: Record<string, string>, form = true) =>
    form
      ? app.inject({
          method: 'POST',
          url: '/api/paymentNotification',
          payload: new URLSearchParams(fields).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      : app.inject({ method: 'POST', url: '/api/paymentNotification', payload: fields });
  const answerFor = (reference: string, status: 'PAID' | 'UNPAID', amount = 4900, uuid = 'tx-1') => ({
    orderStatus: status,
    orderCycle: 'CLOSED',
    orderDetails: { orderId: reference, orderTotalAmount: amount, orderCurrency: 'EUR' },
    transactions: [{ uuid, status, amount, currency: 'EUR', detailedErrorCode: status === 'PAID' ? null : '05' }],
  });
  const signed = (answer: object, key = sandboxKey(app.ctx.config)) =>
    signKrAnswer(answer, key, 'V4/Payment', 'password') as unknown as Record<string, string>;

  it('applies a signed notification once; a replay and a late refusal change nothing', async () => {
    const user = await createUser(app);
    const { book, form } = await bookForm(user);
    const fields = signed(answerFor(form.order_id, 'PAID'));
    expect((await notify(fields)).statusCode).toBe(200);
    expect(await isPaid(book.id)).toBe(true);
    const before = await order(form.order_id);
    expect((await notify(fields)).statusCode).toBe(200);
    expect((await notify(signed(answerFor(form.order_id, 'UNPAID', 4900, 'tx-2')), false)).statusCode).toBe(200);
    expect(await order(form.order_id)).toEqual(before);
  });

  it('the same notification arriving several times at once is applied once (one receipt)', async () => {
    const user = await createUser(app);
    const { book, form } = await bookForm(user);
    const fields = signed(answerFor(form.order_id, 'PAID'));
    const results = await Promise.all(Array.from({ length: 5 }, () => notify(fields)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await isPaid(book.id)).toBe(true);
    expect(outbox().filter((m) => m.includes(form.order_id))).toHaveLength(1);
  });

  it('a PAID arriving after the order failed is not applied', async () => {
    const user = await createUser(app);
    const { book, form } = await bookForm(user);
    await notify(signed(answerFor(form.order_id, 'UNPAID')));
    await notify(signed(answerFor(form.order_id, 'PAID', 4900, 'tx-late')));
    expect((await order(form.order_id)).status).toBe('failed');
    expect(await isPaid(book.id)).toBe(false);
  });

  it('refuses forged hashes and other algorithms with 400; a wrong amount is not applied', async () => {
    const user = await createUser(app);
    const { book, form } = await bookForm(user);
    const good = signed(answerFor(form.order_id, 'PAID'));
    const forged = await notify({ ...good, 'kr-hash': signed(answerFor(form.order_id, 'PAID'), 'guessed-key')['kr-hash'] });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('payments.bad_signature');
    expect((await notify({ ...good, 'kr-hash-algorithm': 'sha512_hmac' })).statusCode).toBe(400);
    expect((await notify({ 'kr-answer': 'x' })).statusCode).toBe(400);
    expect(await isPaid(book.id)).toBe(false);
    expect((await notify(signed(answerFor(form.order_id, 'PAID', 1)))).statusCode).toBe(200);
    expect((await order(form.order_id)).status).toBe('created');
    expect(await isPaid(book.id)).toBe(false);
  });
});

describe('orders and receipts on the profile', () => {
  it("lists only the buyer's paid orders with the tax shown, and serves each receipt to its buyer only", async () => {
    const user = await createUser(app);
    const other = await createUser(app);
    const { form } = await bookForm(user);
    const unpaid = await bookForm(user);
    expect((await get('/api/myOrders', user)).json().success).toEqual([]);
    await pay(form.formToken, ACCEPTED);

    const orders = (await get('/api/myOrders', user, 'fr')).json().success;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ order: form.order_id, kind: 'book', status: 'paid', price: 49, tax: 8.17, currency: 'EUR' });
    expect(orders[0].paid_at).toEqual(expect.any(String));
    expect((await get('/api/myOrders', other)).json().success).toEqual([]);
    expect((await get('/api/myOrders')).statusCode).toBe(401);

    const receipt = await get(`/api/orderReceipt/${form.order_id}`, user, 'fr');
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.headers['content-disposition']).toContain(`plume-receipt-${form.order_id}.pdf`);
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(`/api/orderReceipt/${form.order_id}`, other)).statusCode).toBe(404);
    expect((await get(`/api/orderReceipt/${form.order_id}`)).statusCode).toBe(401);
    expect((await get(`/api/orderReceipt/${unpaid.form.order_id}`, user)).statusCode).toBe(404);
    expect((await get('/api/orderReceipt/not a reference', user)).statusCode).toBe(400);
  });
});

describe('operator refunds (npm run refund)', () => {
  const env = () => ({
    DATA_DIR: app.ctx.config.dataDir,
    ...(app.ctx.config.DATABASE_URL ? { DATABASE_URL: app.ctx.config.DATABASE_URL } : {}),
  });
  const refund = async (reference: string) => {
    const lines: string[] = [];
    const code = await runRefundCommand([reference], { env: env(), out: (l) => lines.push(l), err: (l) => lines.push(l) });
    return { code, text: lines.join('\n') };
  };

  it('refunds a paid book once and locks it again; refuses unpaid and unknown orders', async () => {
    const user = await createUser(app);
    const { book, form } = await bookForm(user);
    await pay(form.formToken, ACCEPTED);
    expect(await isPaid(book.id)).toBe(true);
    expect(await refund(form.order_id)).toMatchObject({ code: 0 });
    expect((await order(form.order_id)).status).toBe('refunded');
    expect(await isPaid(book.id)).toBe(false);
    // the buyer is told, in the language they paid in (the command has no SMTP here: the outbox)
    const outbox = outboxDir(app.ctx.config);
    const refundMail = fs
      .readdirSync(outbox)
      .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, '')) // quoted-printable's soft breaks
      .find((text) => text.includes(`Subject: Your order ${form.order_id} has been refunded`));
    expect(refundMail).toContain(`To: ${user.email}`);
    expect(refundMail).toContain('We have refunded your order: One book.');
    expect(refundMail).toContain('Amount refunded: =E2=82=AC49.00');
    expect((await refund(form.order_id)).code).toBe(1);
    expect((await refund('PLnever-made')).code).toBe(1);
    expect(await runRefundCommand([], { err: () => undefined })).toBe(2);
    expect(await runRefundCommand(['--outside'], { err: () => undefined })).toBe(2);
    const unpaid = await bookForm(user);
    expect((await refund(unpaid.form.order_id)).code).toBe(1);
  });

  it('takes back an extra chapter and voids a gift card (locking the book it opened)', async () => {
    const user = await createUser(app);
    const book = await createBook(app, { userId: user.id });
    const chapterForm = (
      await post('/api/createPaymentForm', { service_session_id: book.id, plan_id: 3, is_add_chapter: true, chapter_id: 99 }, user)
    ).json().success;
    await pay(chapterForm.formToken, ACCEPTED);
    expect(await refund(chapterForm.order_id)).toMatchObject({ code: 0 });
    expect(await app.ctx.db.selectFrom('unlocked_chapters').selectAll().where('service_session_id', '=', book.id).execute()).toEqual([]);

    const giftForm = (await post('/api/createGiftCardPaymentForm', { plan_id: 4, email: 'r@example.com' }, user)).json().success;
    await pay(giftForm.formToken, ACCEPTED);
    const card = await app.ctx.db
      .selectFrom('gift_cards')
      .selectAll()
      .where('order_id', '=', (await order(giftForm.order_id)).id)
      .executeTakeFirstOrThrow();
    expect((await post('/api/checkCouponForPayment', { plan_id: 1, service_session_id: book.id, code: card.code }, user)).statusCode).toBe(
      200,
    );
    expect(await isPaid(book.id)).toBe(true);
    expect(await refund(giftForm.order_id)).toMatchObject({ code: 0 });
    expect(await isPaid(book.id)).toBe(false);
    const other = await createBook(app, { userId: user.id });
    expect(
      (await post('/api/checkCouponForPayment', { plan_id: 1, service_session_id: other.id, code: card.code }, user)).json().code,
    ).toBe('coupons.invalid');
  });
  it('ends a refunded subscription now: the header reads unsubscribed and the books lock again', async () => {
    const user = await createUser(app);
    const book = await createBook(app, { userId: user.id }, { chapters: 3 });
    const readsPaid = async () => (await get(`/api/getSession/${book.id}`, user)).json().success.is_payed as boolean;
    const form = (await post('/api/createSubscriptionPaymentForm', {}, user)).json().success as { formToken: string; order_id: string };
    expect((await pay(form.formToken, ACCEPTED)).statusCode).toBe(200);
    expect((await get(`/api/subscriptionPaymentStatusCallback/${form.order_id}`, user)).statusCode).toBe(200);
    expect(await readsPaid()).toBe(true);
    expect((await get('/api/userSubscription', user)).json().success).toMatchObject({ cancel_date: null, cancel_request: null });

    expect(await refund(form.order_id)).toMatchObject({ code: 0 });
    expect((await order(form.order_id)).status).toBe('refunded');
    expect((await get('/api/userSubscription', user)).json().success.cancel_date).not.toBeNull();
    expect((await get('/api/subscriptionDetails', user)).json().success.state).toBe('unsubscribed');
    expect(await readsPaid()).toBe(false);
    expect((await refund(form.order_id)).code).toBe(1);
  });
});

describe('percentage coupons', () => {
  it('reduce the price in the payment form, unlock nothing by themselves, and take a use when paid', async () => {
    const coupon = await createCoupon(app.ctx.db, { code: `TWENTY${Date.now()}`, uses: 5, grants: 'percent', percent: 20 });
    const user = await createUser(app);
    const book = await createBook(app, { userId: user.id });
    const checked = await post(
      '/api/checkCouponForPayment',
      { plan_id: 1, service_session_id: book.id, code: coupon.code.toLowerCase() },
      user,
    );
    expect(checked.json()).toEqual({ success: { is_payed: false, percent_off: 20 } });
    expect(await isPaid(book.id)).toBe(false);
    const form = (await post('/api/createPaymentForm', { service_session_id: book.id, plan_id: 1, coupon_code: coupon.code }, user)).json()
      .success;
    expect(form.amount).toBe(39.2);
    expect((await order(form.order_id)).amount_cents).toBe(3920);
    await pay(form.formToken, ACCEPTED);
    expect(await isPaid(book.id)).toBe(true);
    expect(
      (await app.ctx.db.selectFrom('coupons').select('redemptions').where('id', '=', coupon.id).executeTakeFirstOrThrow()).redemptions,
    ).toBe(1);
    await expect(createCoupon(app.ctx.db, { code: 'NOPERCENT', uses: 1, grants: 'percent' })).rejects.toThrow(/--percent/);
    const full = await createCoupon(app.ctx.db, { code: `FULL${Date.now()}`, uses: 1 });
    const other = await createBook(app, { userId: user.id });
    expect(
      (await post('/api/createPaymentForm', { service_session_id: other.id, plan_id: 1, coupon_code: full.code }, user)).json().code,
    ).toBe('coupons.invalid');
  });
});

describe('the tax rate (TAX_RATE)', () => {
  it('is configurable: a 5.5 % rate is kept on the order and shown in the confirmation, the orders and the receipt, written the buyer’s way', async () => {
    const reduced = await buildTestApp({ TAX_RATE: 0.055 });
    try {
      const on = requestsTo(() => reduced);
      const user = await createUser(reduced, { language: 'fr' });
      const book = await createBook(reduced, { userId: user.id }, { chapters: 3 });
      const created = await on.post(
        '/api/createPaymentForm',
        { service_session_id: book.id, plan_id: 1, is_add_chapter: false },
        user,
        'fr',
      );
      const form = created.json().success as { formToken: string; order_id: string };
      expect((await findOrderByReference(reduced.ctx.db, form.order_id))!.tax_rate_bp).toBe(550);
      await on.post('/api/sandboxPay', { formToken: form.formToken, ...card(ACCEPTED) });
      // 49.00 € tax included at 5.5 %: 49 − 49 / 1.055 = 2.55 €
      const confirmed = await on.get(`/api/onPaymentCallback/${book.id}`, user, 'fr');
      expect(confirmed.json().success).toMatchObject({ price: 49, tax: 2.55 });
      expect((await on.get('/api/myOrders', user, 'fr')).json().success[0]).toMatchObject({ price: 49, tax: 2.55 });
      const dir = outboxDir(reduced.ctx.config);
      const receipt = fs
        .readdirSync(dir)
        .map((f) => decodeMail(fs.readFileSync(path.join(dir, f), 'utf8')))
        .find((m) => m.includes(form.order_id));
      expect(receipt).toContain('Montant payé\u00a0: 49,00\u00a0€, dont 2,55\u00a0€ de TVA (5,5\u00a0%).');
      const pdf = await on.get(`/api/orderReceipt/${form.order_id}`, user, 'fr');
      expect((await pdfText(pdf.rawPayload)).text).toMatch(/TVA \(5,5 %\)\s+2,55 €/);
    } finally {
      await reduced.close();
    }
  });
});
