import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../db';
import { hashPassword } from '../auth/passwords';
import { bookExportsPrefix, sessionFileKey } from '../books/files';
import { recordSessionFile } from '../books/repository';
import { buildCheckpoint, buildTestApp, createBook, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { addAudiobookAndPrintFiles } from '../../test/owned-files';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app?.close());

const ANSWER = 'My grandmother sold bread in Lyon';
const PASSWORD = 'a long enough password';

/**
 * A user with a password, a book holding an answer, a chapter version, a photo, a voice sample, an
 * exported PDF, an audiobook, print files of the book and of an uploaded .docx, and an order.
 */
async function authorWithEverything(): Promise<{ user: TestUser; bookId: number; keys: string[] }> {
  const user = await createUser(app);
  await app.ctx.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(PASSWORD) })
    .where('id', '=', user.id)
    .execute();
  const checkpoint = buildCheckpoint(2);
  checkpoint.data[0].questions[0].transcript = ANSWER;
  const book = await createBook(app, { userId: user.id }, { checkpoint, bookName: 'Bread and Lyon', paid: true });
  await app.ctx.db
    .insertInto('text_versions')
    .values({
      session_id: book.id,
      chapter_id: 1,
      origin: 'generated',
      content: 'An older chapter text',
      content_json: null,
      created_at: nowIso(),
    })
    .execute();
  const keys = [
    sessionFileKey(book.id, 'cover_media_photo'),
    sessionFileKey(book.id, 'voice_sample'),
    `${bookExportsPrefix(book.id)}book.pdf`,
  ];
  await app.ctx.storage.put(keys[0], Buffer.from('jpeg bytes'), 'image/jpeg');
  await recordSessionFile(app.ctx.db, book.id, 'cover_media_photo', 'image/jpeg', 10);
  await app.ctx.storage.put(keys[1], Buffer.from('voice bytes'), 'audio/mpeg');
  await recordSessionFile(app.ctx.db, book.id, 'voice_sample', 'audio/mpeg', 11);
  await app.ctx.storage.put(keys[2], Buffer.from('%PDF the book'), 'application/pdf');
  keys.push(...(await addAudiobookAndPrintFiles(app, user.id, book.id)), ...(await addAudiobookAndPrintFiles(app, user.id, null)));
  const now = nowIso();
  await app.ctx.db
    .insertInto('orders')
    .values({
      reference: `ord_${user.id}_${Date.now()}`,
      kind: 'book',
      status: 'paid',
      provider: 'sandbox',
      user_id: user.id,
      plan_id: null,
      service_session_id: book.id,
      chapter_id: null,
      subscription_id: null,
      coupon_id: null,
      amount_cents: 4900,
      currency: 'EUR',
      tax_rate_bp: 2000,
      email: user.email,
      recipient_email: null,
      language: 'en',
      form_token_hash: null,
      form_expires_at: null,
      transaction_id: null,
      payment_method_token: 'card-token-secret',
      shipping_address: JSON.stringify({ recipient_name: 'Ada Lovelace', address: '12 St James’s Square', city: 'London' }),
      failure: null,
      created_at: now,
      updated_at: now,
      paid_at: now,
    })
    .execute();
  return { user, bookId: book.id, keys };
}

describe('download all my data (GET /api/exportMyData)', () => {
  it('is 401 without a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/exportMyData' })).statusCode).toBe(401);
  });

  it("streams a zip of the account, books, answers, versions, orders and files — the user's own only", async () => {
    const { user, bookId } = await authorWithEverything();
    const other = await createUser(app);
    await createBook(app, { userId: other.id }, { bookName: 'Someone else’s secret book' });
    const res = await app.inject({ method: 'GET', url: '/api/exportMyData', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="plume-data-\d{4}-\d{2}-\d{2}\.zip"/);
    expect(res.headers['cache-control']).toBe('no-store');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const data = JSON.parse(await zip.file('plume-data.json')!.async('string'));
    expect(data.account).toMatchObject({ id: user.id, email: user.email });
    expect(JSON.stringify(data)).not.toContain('password_hash');
    expect(JSON.stringify(data)).not.toContain('card-token-secret');
    expect(data.books).toHaveLength(1);
    expect(data.books[0].book_name).toBe('Bread and Lyon');
    expect(data.books[0].checkpoint.data[0].questions[0].transcript).toBe(ANSWER);
    expect(data.books[0].versions[0].content).toBe('An older chapter text');
    expect(data.orders.map((order: { kind: string }) => order.kind).sort()).toEqual(['book', 'printing', 'printing']);
    expect(data.orders.find((order: { kind: string }) => order.kind === 'book')).toMatchObject({
      amount_cents: 4900,
      shipping_address: expect.stringContaining('12 St James’s Square'),
    });
    expect(await zip.file(`books/${bookId}/cover_media_photo.jpg`)!.async('string')).toBe('jpeg bytes');
    expect(await zip.file(`books/${bookId}/voice_sample.mp3`)!.async('string')).toBe('voice bytes');
    expect(await zip.file(`books/${bookId}/book.pdf`)!.async('string')).toBe('%PDF the book');
    expect(res.rawPayload.toString('latin1')).not.toContain('Someone else');
  });
});

describe('delete my account (POST /api/deleteAccount)', () => {
  it('refuses a wrong password and keeps everything', async () => {
    const { user, keys } = await authorWithEverything();
    const res = await app.inject({
      method: 'POST',
      url: '/api/deleteAccount',
      headers: user.headers,
      payload: { password: 'not it at all' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('account.wrong_password');
    for (const key of keys) expect(await app.ctx.storage.get(key)).not.toBeNull();
    expect((await app.inject({ method: 'GET', url: '/api/getUser', headers: user.headers })).statusCode).toBe(200);
  });

  it('with the password: files gone from storage, token dead, books and versions gone, orders kept anonymised; others untouched', async () => {
    const { user, bookId, keys } = await authorWithEverything();
    const other = await authorWithEverything();
    const res = await app.inject({ method: 'POST', url: '/api/deleteAccount', headers: user.headers, payload: { password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    for (const key of keys) expect(await app.ctx.storage.get(key), key).toBeNull();
    expect((await app.inject({ method: 'GET', url: '/api/getUser', headers: user.headers })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/api/getSession/${bookId}`, headers: user.headers })).statusCode).toBe(401);
    const { db } = app.ctx;
    expect(await db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('service_sessions').select('id').where('id', '=', bookId).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('text_versions').select('id').where('session_id', '=', bookId).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('auth_tokens').select('id').where('user_id', '=', user.id).executeTakeFirst()).toBeUndefined();
    const orders = await db.selectFrom('orders').selectAll().where('email', '=', user.email).execute();
    expect(orders).toEqual([]);
    const kept = await db.selectFrom('orders').selectAll().where('reference', 'like', `ord_${user.id}_%`).execute();
    expect(await db.selectFrom('print_quotes').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      user_id: null,
      email: 'deleted-account@invalid',
      payment_method_token: null,
      shipping_address: null,
      amount_cents: 4900,
    });
    for (const key of other.keys) expect(await app.ctx.storage.get(key)).not.toBeNull();
    expect((await app.inject({ method: 'GET', url: '/api/getUser', headers: other.user.headers })).statusCode).toBe(200);
  });

  it('an account without a password (Google) confirms with its e-mail address', async () => {
    const user = await createUser(app);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/deleteAccount',
      headers: user.headers,
      payload: { email: 'someone@else.org' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('account.wrong_email');
    const res = await app.inject({
      method: 'POST',
      url: '/api/deleteAccount',
      headers: user.headers,
      payload: { email: ` ${user.email.toUpperCase()} ` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('asks to cancel an active subscription first', async () => {
    const user = await createUser(app);
    const now = nowIso();
    const plan = await app.ctx.db.selectFrom('plans').select('id').executeTakeFirstOrThrow();
    await app.ctx.db
      .insertInto('subscriptions')
      .values({
        user_id: user.id,
        plan_id: plan.id,
        provider: 'sandbox',
        provider_subscription_id: null,
        payment_method_token: null,
        card_expiry: null,
        current_period_end: new Date(Date.now() + 86_400_000 * 20).toISOString(),
        cancel_request: null,
        cancel_date: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const res = await app.inject({ method: 'POST', url: '/api/deleteAccount', headers: user.headers, payload: { email: user.email } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('account.subscription_active');
  });
});
