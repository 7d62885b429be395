import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createBook, createUser, type TestApp } from '../../../test/helpers';
import { LYRA_TEST, lyraConfig, startLyraStandIn, type LyraStandIn } from '../../../test/stand-ins/lyra';
import { findSessionRow } from '../../books/repository';
import { loadConfig } from '../../config';
import { PaymentProviderError } from './provider';
import { createLyraProvider } from './lyra';

let lyra: LyraStandIn;
let app: TestApp;
beforeAll(async () => {
  lyra = await startLyraStandIn();
  app = await buildTestApp(lyraConfig(lyra));
});
afterAll(async () => {
  await app.close();
  await lyra.close();
});

const form = (fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/api/paymentNotification',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('Lyra provider (against the REST stand-in)', () => {
  it('creates the form with Charge/CreatePayment (amount in cents from the plan), applies the IPN once, and the sandbox is off', async () => {
    const user = await createUser(app);
    const book = await createBook(app, { userId: user.id });
    const res = await app.inject({
      method: 'POST',
      url: '/api/createPaymentForm',
      headers: user.headers,
      payload: { service_session_id: book.id, plan_id: 1, is_add_chapter: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { formToken, order_id } = res.json().success;
    const call = lyra.calls.find((c) => c.webService === 'Charge/CreatePayment' && c.body.orderId === order_id);
    expect(call?.body).toMatchObject({ amount: 4900, currency: 'EUR', customer: { email: user.email } });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/sandboxPay',
          payload: { formToken, card_number: '4111111111111111', expiry: '12/39', cvc: '123' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/paymentSettings' })).json().success).toEqual({
      provider: 'lyra',
      publicKey: LYRA_TEST.publicKey,
      staticUrl: 'https://static.payzen.eu',
    });

    // The IPN escapes slashes (\/) and is signed with the password.
    const ipn = lyra.payOrder(order_id);
    expect(ipn['kr-answer']).toContain('\\/');
    expect((await form(ipn)).statusCode).toBe(200);
    expect((await findSessionRow(app.ctx.db, book.id))!.is_payed).toBe(1);
    expect((await form(ipn)).statusCode).toBe(200);
    // Signed with the browser-return key instead of the password: refused.
    expect((await form({ ...ipn, 'kr-hash-key': 'sha256_hmac' })).statusCode).toBe(400);
  });

  it('confirms from Order/Get when the IPN has not come', async () => {
    const user = await createUser(app);
    const book = await createBook(app, { userId: user.id });
    const { order_id } = (
      await app.inject({
        method: 'POST',
        url: '/api/createPaymentForm',
        headers: user.headers,
        payload: { service_session_id: book.id, plan_id: 1 },
      })
    ).json().success;
    expect((await app.inject({ method: 'GET', url: `/api/onPaymentCallback/${book.id}`, headers: user.headers })).statusCode).toBe(402);
    lyra.payOrder(order_id);
    const confirmed = await app.inject({ method: 'GET', url: `/api/onPaymentCallback/${book.id}`, headers: user.headers });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await findSessionRow(app.ctx.db, book.id))!.is_payed).toBe(1);
  });

  it('a subscription asks Lyra for monthly instalments after the first payment, and cancels them', async () => {
    const user = await createUser(app);
    const { order_id } = (await app.inject({ method: 'POST', url: '/api/createSubscriptionPaymentForm', headers: user.headers })).json()
      .success;
    expect(lyra.calls.find((c) => c.body.orderId === order_id)?.body.formAction).toBe('REGISTER_PAY');
    await form(lyra.payOrder(order_id));
    const created = lyra.calls.find((c) => c.webService === 'Charge/CreateSubscription' && c.body.orderId === order_id);
    expect(created?.body).toMatchObject({
      amount: 1990,
      currency: 'EUR',
      rrule: expect.stringMatching(/^RRULE:FREQ=MONTHLY;BYMONTHDAY=\d+$/),
    });
    expect((await app.inject({ method: 'POST', url: '/api/cancelSubscription', headers: user.headers })).json()).toEqual({
      success: { status: 'success' },
    });
    expect(
      lyra.calls.some((c) => c.webService === 'Subscription/Cancel' && c.body.paymentMethodToken === created?.body.paymentMethodToken),
    ).toBe(true);
  });

  it('reads ERROR envelopes (HTTP 200) as refusals with their code', async () => {
    const provider = createLyraProvider(
      loadConfig({}, { LYRA_SHOP_ID: LYRA_TEST.shopId, LYRA_PASSWORD: 'wrong', LYRA_HMAC_KEY: 'x', LYRA_API_URL: lyra.origin }),
    );
    await expect(
      provider.createForm({ reference: 'PLx', amountCents: 100, currency: 'EUR', email: 'a@b.co', registerCard: false }),
    ).rejects.toMatchObject({ providerCode: 'INT_905' });
    const good = createLyraProvider(
      loadConfig({}, { LYRA_SHOP_ID: LYRA_TEST.shopId, LYRA_PASSWORD: LYRA_TEST.password, LYRA_HMAC_KEY: 'x', LYRA_API_URL: lyra.origin }),
    );
    expect(await good.getOrder('never-created')).toBeNull();
    await expect(
      good.createForm({ reference: 'PLy', amountCents: 0, currency: 'EUR', email: 'a@b.co', registerCard: false }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });
});
