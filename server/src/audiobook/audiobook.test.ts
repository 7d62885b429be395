import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { parseBuffer } from 'music-metadata';
import NodeID3 from 'node-id3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audiobookPrice } from '@common/rules/prices';
import { requestsTo } from '../../test/requests';
import {
  buildCheckpoint,
  buildTestApp,
  createBook,
  createUser,
  leaveJobOfACrashedNode,
  type TestApp,
  type TestUser,
} from '../../test/helpers';
import { sessionFileKey } from '../books/files';
import { outboxDir } from '../providers/mail';

let app: TestApp;
beforeAll(async () => {
  // a short lease: on PostgreSQL, pg-boss looks for the jobs of dead nodes this often
  app = await buildTestApp({ JOB_POLL_MS: 100, JOB_LEASE_MS: 2_000 });
});
afterAll(async () => {
  await app.close();
});

const { post, get } = requestsTo(() => app);
const ACCEPTED = '4111 1111 1111 1111';

/** A short French book: two written chapters, an introduction and a summary. */
async function writtenBook(user: TestUser) {
  const checkpoint = buildCheckpoint(3);
  checkpoint.language = 'fr';
  checkpoint.data[0].generated_content = 'Je suis née à Lyon en 1952. « Quelle joie », disait ma mère.';
  checkpoint.data[1].generated_content = 'Mon père est parti à la guerre.';
  const book = await createBook(app, { userId: user.id }, { checkpoint, bookName: 'Ma vie', language: 'fr' });
  await app.ctx.db
    .updateTable('service_sessions')
    .set({ introduction: 'Voici mon histoire.', book_summary: 'Fin.' })
    .where('id', '=', book.id)
    .execute();
  return book;
}

async function payFor(user: TestUser, bookId: number) {
  const quota = (await post('/api/checkAudiobookQuota', { service_session_id: bookId }, user)).json().success;
  const form = await post('/api/create-audiobook-payment-form', { service_session_id: bookId, price: quota.price }, user);
  expect(form.statusCode, form.body).toBe(200);
  const { formToken, order_id } = form.json().success;
  const paid = await post('/api/sandboxPay', { formToken, card_number: ACCEPTED, expiry: '12/39', cvc: '123' });
  expect(paid.statusCode, paid.body).toBe(200);
  return order_id as string;
}

const audiobookRow = (bookId: number) =>
  app.ctx.db.selectFrom('audiobooks').selectAll().where('service_session_id', '=', bookId).orderBy('id', 'desc').executeTakeFirstOrThrow();

describe('audiobook quota and price', () => {
  it('counts the characters read aloud (title, introduction, chapters, summary) and prices them on the server', async () => {
    const user = await createUser(app);
    const book = await writtenBook(user);
    const res = await post('/api/checkAudiobookQuota', { service_session_id: book.id }, user);
    expect(res.statusCode, res.body).toBe(200);
    const spoken = ['Ma vie', 'Voici mon histoire.', 'Chapter 1', 'Je suis née à Lyon en 1952. « Quelle joie », disait ma mère.'];
    const rest = ['Chapter 2', 'Mon père est parti à la guerre.', 'Conclusion', 'Fin.'];
    const characters = res.json().success.characters_needed;
    // French typography turns the spaces inside « » into narrow no-break spaces: one character each still
    expect(characters).toBe([...spoken, ...rest].join('').length);
    expect(res.json().success).toEqual({
      characters_needed: characters,
      price: audiobookPrice(characters),
      currency: 'EUR',
      changed_chapters: null,
      gift_characters: 0,
    });
  });

  it('refuses a price that is not the server’s, and charges the server’s', async () => {
    const user = await createUser(app);
    const book = await writtenBook(user);
    const tampered = await post('/api/create-audiobook-payment-form', { service_session_id: book.id, price: 0.01 }, user);
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json().code).toBe('audiobook.price_changed');
    const quota = (await post('/api/checkAudiobookQuota', { service_session_id: book.id }, user)).json().success;
    const form = await post('/api/create-audiobook-payment-form', { service_session_id: book.id, price: quota.price }, user);
    expect(form.json().success.amount).toBe(quota.price);
  });

  it('refuses to make an unpaid audiobook, and keeps other people out', async () => {
    const user = await createUser(app);
    const book = await writtenBook(user);
    const unpaid = await post('/api/generateAudiobook', { service_session_id: book.id }, user);
    expect(unpaid.statusCode).toBe(402);
    expect(unpaid.json().code).toBe('audiobook.not_paid');
    const stranger = await createUser(app);
    expect((await post('/api/checkAudiobookQuota', { service_session_id: book.id }, stranger)).statusCode).toBe(404);
    expect((await get(`/api/audiobookStatus/${book.id}`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/audiobookStatus/${book.id}`)).statusCode).toBe(401);
  });
});

describe('making the audiobook', () => {
  it('after payment, reads every section to an MP3, joins them with chapter markers, and mails the author', async () => {
    const user = await createUser(app, { language: 'fr' });
    const book = await writtenBook(user);
    const order = await payFor(user, book.id);
    const confirmed = await get(`/api/audiobook-payment-status-callback/${order}`, user);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().success.kind).toBe('audiobook');

    const started = await post('/api/generateAudiobook', { service_session_id: book.id }, user, 'fr');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().success.audiobook_url).toBe(`/fr/audiobook/${book.id}`);
    await app.ctx.queue.idle();

    const status = (await get(`/api/audiobookStatus/${book.id}`, user)).json().success;
    expect(status).toMatchObject({ state: 'done', progress: 100, voice: 'offline', book_url: `/api/audiobookFile/${book.id}/book.mp3` });
    expect(status.files.map((f: { title: string }) => f.title)).toEqual(['Ma vie', 'Chapter 1', 'Chapter 2', 'Conclusion']);

    const whole = await get(status.book_url, user);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    const mp3 = whole.rawPayload;
    const tags = NodeID3.read(mp3);
    expect(tags.chapter?.map((c) => c.tags?.title)).toEqual(['Ma vie', 'Chapter 1', 'Chapter 2', 'Conclusion']);
    expect(tags.tableOfContents?.[0].elements).toHaveLength(4);
    const metadata = await parseBuffer(mp3, 'audio/mpeg', { duration: true });
    const expectedMs = status.files.reduce((sum: number, f: { duration_ms: number }) => sum + f.duration_ms, 0);
    expect(metadata.format.duration! * 1000).toBeGreaterThan(expectedMs * 0.95);

    const chapter = await get(status.files[1].url, user);
    expect((await parseBuffer(chapter.rawPayload, 'audio/mpeg', { duration: true })).format.duration).toBeGreaterThan(1);
    const ranged = await app.inject({ method: 'GET', url: status.files[1].url, headers: { ...user.headers, range: 'bytes=0-99' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.length).toBe(100);

    const zip = await JSZip.loadAsync((await get(status.zip_url, user)).rawPayload);
    expect(Object.keys(zip.files)).toHaveLength(4);

    const stranger = await createUser(app);
    expect((await get(status.book_url, stranger)).statusCode).toBe(404);
    expect((await get(status.book_url)).statusCode).toBe(401);

    const mails = fs.readdirSync(outboxDir(app.ctx.config)).map((f) => fs.readFileSync(path.join(outboxDir(app.ctx.config), f), 'utf8'));
    expect(mails.some((m) => m.includes(`To: ${user.email}`) && m.includes(`/fr/audiobook/${book.id}`))).toBe(true);

    // asked again once made: nothing more is queued or charged
    await post('/api/generateAudiobook', { service_session_id: book.id }, user, 'fr');
    expect((await audiobookRow(book.id)).state).toBe('done');
  });

  it('resumes a job whose server died: a lapsed lease is claimed again and stored chapters are kept', async () => {
    const user = await createUser(app);
    const book = await writtenBook(user);
    await payFor(user, book.id);
    const audiobook = await audiobookRow(book.id);
    // what a crashed node left: the first chapter stored, the job running with a lease in the past
    const kept = Buffer.from('first chapter stored before the crash');
    await app.ctx.storage.put(sessionFileKey(book.id, `audiobook/${audiobook.id}/chapter-01.mp3`), kept, 'audio/mpeg');
    await app.ctx.db
      .updateTable('audiobooks')
      .set({ state: 'running', files_json: JSON.stringify([{ chapter: 0, title: 'Ma vie', duration_ms: 1000, bytes: kept.length }]) })
      .where('id', '=', audiobook.id)
      .execute();
    await leaveJobOfACrashedNode(app, 'audiobook', audiobook.id);

    await expect.poll(async () => (await audiobookRow(book.id)).state, { timeout: 60_000, interval: 200 }).toBe('done');
    const status = (await get(`/api/audiobookStatus/${book.id}`, user)).json().success;
    expect(status.files).toHaveLength(4);
    expect((await get(status.files[0].url, user)).rawPayload.equals(kept)).toBe(true);
  });

  it('offers a new audiobook after edits at the price of the changed chapters only, and keeps the others', async () => {
    const user = await createUser(app);
    const book = await writtenBook(user);
    await payFor(user, book.id);
    await post('/api/generateAudiobook', { service_session_id: book.id }, user);
    await app.ctx.queue.idle();
    const first = await audiobookRow(book.id);
    expect(first.state).toBe('done');
    const unchanged = (await post('/api/checkAudiobookQuota', { service_session_id: book.id }, user)).json().success;
    expect(unchanged).toMatchObject({ characters_needed: 0, changed_chapters: [] });
    const refused = await post('/api/create-audiobook-payment-form', { service_session_id: book.id, price: 0 }, user);
    expect(refused.json().code).toBe('audiobook.unchanged');

    // the second chapter is rewritten
    const row = await app.ctx.db
      .selectFrom('service_sessions')
      .select('checkpoint_data')
      .where('id', '=', book.id)
      .executeTakeFirstOrThrow();
    const checkpoint = JSON.parse(row.checkpoint_data as string);
    const rewritten = 'Mon père est revenu de la guerre en 1945, amaigri mais vivant.';
    checkpoint.data[1].generated_content = rewritten;
    await app.ctx.db
      .updateTable('service_sessions')
      .set({ checkpoint_data: JSON.stringify(checkpoint) })
      .where('id', '=', book.id)
      .execute();
    const quota = (await post('/api/checkAudiobookQuota', { service_session_id: book.id }, user)).json().success;
    expect(quota.changed_chapters).toEqual([2]);
    expect(quota.characters_needed).toBe(['Chapter 2', rewritten].join('').length);
    expect(quota.price).toBe(audiobookPrice(quota.characters_needed));

    // marks the first audiobook's chapter 2 file: taken over, not read again, it comes back as is
    const marker = Buffer.from('chapter 2 as the first audiobook stored it');
    await app.ctx.storage.put(sessionFileKey(book.id, `audiobook/${first.id}/chapter-02.mp3`), marker, 'audio/mpeg');
    await payFor(user, book.id);
    await post('/api/generateAudiobook', { service_session_id: book.id }, user);
    await app.ctx.queue.idle();
    const second = await audiobookRow(book.id);
    expect(second.id).not.toBe(first.id);
    expect(second.state).toBe('done');
    // the unchanged chapters are the first audiobook's files, taken over
    const kept = await app.ctx.storage.get(sessionFileKey(book.id, `audiobook/${second.id}/chapter-02.mp3`));
    expect(kept?.equals(marker)).toBe(true);
    const reread = await app.ctx.storage.get(sessionFileKey(book.id, `audiobook/${second.id}/chapter-03.mp3`));
    expect((await parseBuffer(reread!, 'audio/mpeg', { duration: true })).format.duration).toBeGreaterThan(1);
    const status = (await get(`/api/audiobookStatus/${book.id}`, user)).json().success;
    expect(status.files).toHaveLength(4);
  });

  it('lets a failed audiobook be made again without paying', async () => {
    const user = await createUser(app);
    const book = await writtenBook(user);
    await payFor(user, book.id);
    await app.ctx.db.updateTable('audiobooks').set({ state: 'failed', error: 'boom' }).where('service_session_id', '=', book.id).execute();
    const again = await post('/api/create-audiobook-payment-form', { service_session_id: book.id, price: 1 }, user);
    expect(again.json().code).toBe('audiobook.already_paid');
    expect((await post('/api/generateAudiobook', { service_session_id: book.id }, user)).statusCode).toBe(200);
    await app.ctx.queue.idle();
    expect((await audiobookRow(book.id)).state).toBe('done');
  });
});

/** A visitor gives `plan_id` (4: book, 5: book and audiobook); the author redeems the code on the book. */
async function redeemGift(user: TestUser, bookId: number, planId: 4 | 5) {
  const form = (
    await post('/api/createGiftCardPaymentForm', { plan_id: planId, email: user.email, buyer_email: 'giver@example.com' })
  ).json().success;
  await post('/api/sandboxPay', { formToken: form.formToken, card_number: ACCEPTED, expiry: '12/39', cvc: '123' });
  const card = await app.ctx.db
    .selectFrom('gift_cards')
    .innerJoin('orders', 'orders.id', 'gift_cards.order_id')
    .select(['gift_cards.id', 'gift_cards.code'])
    .where('orders.reference', '=', form.order_id)
    .executeTakeFirstOrThrow();
  const redeemed = await post('/api/checkCouponForPayment', { plan_id: 1, service_session_id: bookId, code: card.code }, user);
  expect(redeemed.json(), redeemed.body).toEqual({ success: { is_payed: true } });
  return Number(card.id);
}

describe('a gift card that includes an audiobook', () => {
  it('pays for it: nothing to charge, no card form, the audiobook is made once, and the gift is used up', async () => {
    const user = await createUser(app);
    const book = await writtenBook(user);
    const cardId = await redeemGift(user, book.id, 5);
    const quota = (await post('/api/checkAudiobookQuota', { service_session_id: book.id }, user)).json().success;
    expect(quota.characters_needed).toBeGreaterThan(0);
    expect(quota).toMatchObject({ price: 0, gift_characters: quota.characters_needed });
    const form = await post('/api/create-audiobook-payment-form', { service_session_id: book.id, price: 0 }, user);
    expect(form.statusCode).toBe(409);
    expect(form.json().code).toBe('audiobook.covered_by_gift');

    const started = await post('/api/generateAudiobook', { service_session_id: book.id }, user);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().success.price).toBe(0);
    await app.ctx.queue.idle();
    const made = await audiobookRow(book.id);
    expect(made).toMatchObject({ state: 'done', gift_card_id: cardId, order_id: null });
    const orders = await app.ctx.db
      .selectFrom('orders')
      .select('id')
      .where('kind', '=', 'audiobook')
      .where('service_session_id', '=', book.id)
      .execute();
    expect(orders).toHaveLength(0);

    // used once: after edits the changed chapters are charged again
    await app.ctx.db.updateTable('service_sessions').set({ book_summary: 'Une autre fin.' }).where('id', '=', book.id).execute();
    const after = (await post('/api/checkAudiobookQuota', { service_session_id: book.id }, user)).json().success;
    expect(after.gift_characters).toBe(0);
    expect(after.price).toBe(audiobookPrice(after.characters_needed));
    expect((await post('/api/generateAudiobook', { service_session_id: book.id }, user)).statusCode).toBe(200);
    expect((await audiobookRow(book.id)).id).toBe(made.id);
  });

  it('a gift of the book alone gives no audiobook; a refunded (voided) gift gives none either', async () => {
    const user = await createUser(app);
    const book = await writtenBook(user);
    await redeemGift(user, book.id, 4);
    const quota = (await post('/api/checkAudiobookQuota', { service_session_id: book.id }, user)).json().success;
    expect(quota.gift_characters).toBe(0);
    expect(quota.price).toBe(audiobookPrice(quota.characters_needed));
    expect((await post('/api/generateAudiobook', { service_session_id: book.id }, user)).json().code).toBe('audiobook.not_paid');

    const other = await writtenBook(user);
    const cardId = await redeemGift(user, other.id, 5);
    await app.ctx.db.updateTable('gift_cards').set({ voided_at: new Date().toISOString() }).where('id', '=', cardId).execute();
    expect((await post('/api/checkAudiobookQuota', { service_session_id: other.id }, user)).json().success.gift_characters).toBe(0);
    expect((await post('/api/generateAudiobook', { service_session_id: other.id }, user)).statusCode).toBe(402);
  });

  it('a book longer than the gift’s grant: the card pays the characters beyond it, and the gift is used with that order', async () => {
    const user = await createUser(app);
    const book = await writtenBook(user);
    const cardId = await redeemGift(user, book.id, 5);
    await app.ctx.db.updateTable('plans').set({ audiobook_characters: 20 }).where('id', '=', 5).execute();
    try {
      const quota = (await post('/api/checkAudiobookQuota', { service_session_id: book.id }, user)).json().success;
      expect(quota.gift_characters).toBe(20);
      expect(quota.price).toBe(audiobookPrice(quota.characters_needed - 20));
      const tampered = await post('/api/create-audiobook-payment-form', { service_session_id: book.id, price: 0 }, user);
      expect(tampered.json().code).toBe('audiobook.price_changed');
      const order = await payFor(user, book.id);
      const paid = await app.ctx.db
        .selectFrom('orders')
        .select(['id', 'amount_cents'])
        .where('reference', '=', order)
        .executeTakeFirstOrThrow();
      expect(paid.amount_cents).toBe(Math.round(quota.price * 100));
      expect(await audiobookRow(book.id)).toMatchObject({ state: 'paid', gift_card_id: cardId, order_id: paid.id });
    } finally {
      await app.ctx.db.updateTable('plans').set({ audiobook_characters: 300_000 }).where('id', '=', 5).execute();
    }
  });
});
