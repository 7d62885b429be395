import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestsTo } from '../../test/requests';
import { buildTestApp, createBook, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { outboxDir } from '../providers/mail';
import { createPaymentsContext } from '../payments/checkout';
import { runDueSubscriptions } from './renewals';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const { post, get } = requestsTo(() => app);
const DAY = 24 * 3_600_000;
/** The subscription clock at a moved time. */
const runAt = (at: Date) => runDueSubscriptions({ ...createPaymentsContext(app.ctx, app.log), now: () => at });

async function subscribe(user: TestUser, card = '4111111111111111', expiry = '12/39') {
  const form = (await post('/api/createSubscriptionPaymentForm', {}, user)).json().success;
  expect(form.amount).toBe(19.9);
  const paid = await post('/api/sandboxPay', { formToken: form.formToken, card_number: card, expiry, cvc: '123' });
  expect(JSON.parse(paid.json().success['kr-answer']).orderStatus).toBe('PAID');
  const confirmed = await get(`/api/subscriptionPaymentStatusCallback/${form.order_id}`, user);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { form, confirmation: confirmed.json().success };
}
const details = async (user: TestUser) => (await get('/api/subscriptionDetails', user)).json().success;
const periodEnd = async (user: TestUser) => new Date((await details(user)).current_period_end);

describe('monthly subscription', () => {
  it('nobody is subscribed at first; visitors get 401', async () => {
    const user = await createUser(app);
    expect((await get('/api/userSubscription', user)).json()).toEqual({ success: null });
    expect((await get('/api/subscriptionDetails', user)).json()).toEqual({ success: null });
    expect((await get('/api/userSubscription')).statusCode).toBe(401);
    expect((await post('/api/createSubscriptionPaymentForm', {})).statusCode).toBe(401);
  });

  it('shows the monthly offer to anyone, in their language, with its price from the database', async () => {
    const en = await get('/api/subscriptionPlan');
    expect(en.statusCode).toBe(200);
    expect(en.json().success).toMatchObject({ kind: 'subscription', price: 19.9, name: 'Unlimited writing' });
    expect(en.json().success.plan_options.length).toBeGreaterThan(0);
    const fr = await get('/api/subscriptionPlan', undefined, 'fr');
    expect(fr.json().success.name).not.toBe('Unlimited writing');
  });

  it('subscribing activates it for a month and unlocks; a second subscription is refused', async () => {
    const user = await createUser(app);
    const book = await createBook(app, { userId: user.id });
    expect((await get(`/api/getSession/${book.id}`, user)).json().success.is_payed).toBe(false);
    const { confirmation } = await subscribe(user);
    expect((await get(`/api/getSession/${book.id}`, user)).json().success.is_payed).toBe(true);
    expect((await get('/api/getUserSessions', user)).json().success[0].is_payed).toBe(true);
    // only the subscriber's own books (the book's owner is read in the book's query)
    const stranger = await createUser(app);
    const theirs = await createBook(app, { userId: stranger.id });
    expect((await get(`/api/getSession/${theirs.id}`, stranger)).json().success.is_payed).toBe(false);
    expect((await get('/api/getUserSessions', stranger)).json().success[0].is_payed).toBe(false);
    expect(confirmation).toMatchObject({ kind: 'subscription', price: 19.9, subscriptionName: 'Unlimited writing' });
    const info = (await get('/api/userSubscription', user)).json().success;
    expect(info).toMatchObject({ cancel_date: null, cancel_request: null, plan: { name: 'Unlimited writing' } });
    expect((await details(user)).state).toBe('subscribed');
    const end = await periodEnd(user);
    expect(end.getTime() - Date.now()).toBeGreaterThan(27 * DAY);
    expect((await post('/api/createSubscriptionPaymentForm', {}, user)).statusCode).toBe(409);
    // Someone else cannot read this order's confirmation.
    const other = await createUser(app);
    expect((await get(`/api/subscriptionPaymentStatusCallback/${confirmation.order}`, other)).statusCode).toBe(404);
  });

  it('renews each month on the stored card (moved clock), once even if the clock runs twice', async () => {
    const user = await createUser(app);
    await subscribe(user);
    const end = await periodEnd(user);
    await runAt(new Date(end.getTime() - 1000));
    expect((await periodEnd(user)).getTime()).toBe(end.getTime());
    await Promise.all([runAt(new Date(end.getTime() + 1000)), runAt(new Date(end.getTime() + 2000))]);
    await runAt(new Date(end.getTime() + 3000));
    const next = await periodEnd(user);
    expect(next.getTime() - end.getTime()).toBeGreaterThan(27 * DAY);
    expect(next.getTime() - end.getTime()).toBeLessThan(32 * DAY);
    const orders = await app.ctx.db
      .selectFrom('orders')
      .select(['status'])
      .where('user_id', '=', user.id)
      .where('kind', '=', 'subscription')
      .execute();
    expect(orders.map((o) => o.status)).toEqual(['paid', 'paid']);
    expect((await details(user)).state).toBe('subscribed');
  });

  it('only the latest subscription counts, for an open book and for My Books alike', async () => {
    const user = await createUser(app);
    const book = await createBook(app, { userId: user.id });
    await subscribe(user);
    const running = await app.ctx.db.selectFrom('subscriptions').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = running;
    const at = new Date().toISOString();
    // a newer subscription that is already over hides the older running one
    const latest = await app.ctx.db
      .insertInto('subscriptions')
      .values({ ...copy, cancel_date: at, current_period_end: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const unlocked = async () => [
      (await get(`/api/getSession/${book.id}`, user)).json().success.is_payed,
      (await get('/api/getUserSessions', user)).json().success[0].is_payed,
    ];
    expect(await unlocked()).toEqual([false, false]);
    await app.ctx.db
      .updateTable('subscriptions')
      .set({ cancel_date: null, current_period_end: running.current_period_end })
      .where('id', '=', latest.id)
      .execute();
    expect(await unlocked()).toEqual([true, true]);
  });

  it('a declined renewal lapses the subscription and e-mails the user', async () => {
    const user = await createUser(app, { language: 'it' });
    await subscribe(user, '4000000000000341');
    const book = await createBook(app, { userId: user.id });
    const end = await periodEnd(user);
    await runAt(new Date(end.getTime() + 1000));
    expect((await get(`/api/getSession/${book.id}`, user)).json().success.is_payed).toBe(false);
    const info = (await get('/api/userSubscription', user)).json().success;
    expect(info.cancel_date).not.toBeNull();
    expect((await details(user)).state).toBe('unsubscribed');
    const orders = await app.ctx.db
      .selectFrom('orders')
      .select(['status', 'failure'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(orders).toEqual([
      { status: 'paid', failure: null },
      { status: 'failed', failure: '05' },
    ]);
    const mails = fs.readdirSync(outboxDir(app.ctx.config)).map((f) => fs.readFileSync(`${outboxDir(app.ctx.config)}/${f}`, 'utf8'));
    expect(mails.some((m) => m.includes(`To: ${user.email}`) && m.includes('manage-subscriptions'))).toBe(true);
    // Subscribing again is possible.
    expect((await post('/api/createSubscriptionPaymentForm', {}, user)).statusCode).toBe(200);
  });

  it('a card that expires before the renewal lapses it too', async () => {
    const user = await createUser(app);
    const now = new Date();
    const expiry = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String(now.getUTCFullYear()).slice(-2)}`;
    await subscribe(user, '4111111111111111', expiry);
    await runAt(new Date((await periodEnd(user)).getTime() + 1000));
    expect((await details(user)).state).toBe('unsubscribed');
  });

  it('cancelling keeps access to the end of the paid period, then it lapses', async () => {
    const user = await createUser(app);
    await subscribe(user);
    const res = await post('/api/cancelSubscription', {}, user);
    expect(res.json()).toEqual({ success: { status: 'success' } });
    expect((await post('/api/cancelSubscription', {}, user)).json()).toEqual({ success: { status: 'success' } });
    const pending = await details(user);
    expect(pending.state).toBe('pending_cancellation');
    expect(pending.cancel_request).not.toBeNull();
    const end = new Date(pending.current_period_end);
    await runAt(new Date(end.getTime() - 1000));
    expect((await details(user)).state).toBe('pending_cancellation');
    await runAt(new Date(end.getTime() + 1000));
    const over = await details(user);
    expect(over.state).toBe('unsubscribed');
    expect(over.cancel_date).toBe(end.toISOString());
    const orders = await app.ctx.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute();
    expect(orders).toHaveLength(1);
    expect((await post('/api/cancelSubscription', {}, await createUser(app))).statusCode).toBe(404);
  });
});
