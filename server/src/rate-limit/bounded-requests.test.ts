import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createBook, createUser, type TestApp } from '../../test/helpers';
import { multipart } from '../../test/fixtures/books/forms';
import { DELETE_BOOKS_LIMIT } from '../books/create-book';
import { EXPORTS_LIMIT } from '../exports/routes';
import { makePng } from '../../test/sample-books';
import { IMAGE_UPLOADS_LIMIT } from '../images/normalize-image';

/**
 * Issue 18, item 2: the calls that cost CPU, memory or a model are bounded per client. (Book
 * creation: books/create-book.test.ts; chapter writing: generation/generation.test.ts.)
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app?.close());

describe('bounded work per request', () => {
  it(`postGenerateBook: ${EXPORTS_LIMIT.max} per user per hour, then 429`, async () => {
    const user = await createUser(app);
    const send = () =>
      app.inject({ method: 'POST', url: '/api/postGenerateBook', payload: { service_session_id: 'x' }, headers: user.headers });
    for (let i = 0; i < EXPORTS_LIMIT.max; i += 1) expect((await send()).statusCode).toBe(400);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
  });

  it('postGenerateBook: the photos of one request are capped together (413), before any book is typeset', async () => {
    const user = await createUser(app);
    const book = await createBook(app, { userId: user.id }, { paid: true, chapters: 30 });
    // Photo-sized noise PNGs just under the 300 KB limit each: 40 of them are ~11 MB.
    const photo = makePng(320, 320, 7, 255);
    expect(photo.length).toBeLessThan(307_200);
    const files = Array.from({ length: Math.ceil((10 * 1024 * 1024) / photo.length) + 1 }, (_, i) => ({
      field: `chap_${Math.floor(i / 2) + 1}_media_${i % 2}`,
      filename: 'p.png',
      contentType: 'image/png',
      data: photo,
    }));
    const form = multipart({ service_session_id: String(book.id) }, files);
    const res = await app.inject({
      method: 'POST',
      url: '/api/postGenerateBook',
      payload: form.payload,
      headers: { ...form.headers, ...user.headers },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('exports.uploads_too_big');
    expect(await app.ctx.storage.get(`exports/${book.id}/book.pdf`)).toBeNull();
  });

  it(`uploadSessionImage: ${IMAGE_UPLOADS_LIMIT.max} per address per hour, guests included, then 429`, async () => {
    const form = multipart({ key: 'cover_media_photo' });
    const headers = { ...form.headers, 'x-guest-token': 'some-guest' };
    const send = () =>
      app.inject({ method: 'POST', url: '/api/uploadSessionImage', payload: form.payload, headers, remoteAddress: '192.0.2.18' });
    for (let i = 0; i < IMAGE_UPLOADS_LIMIT.max; i += 1) expect((await send()).statusCode).toBe(400);
    expect((await send()).statusCode).toBe(429);
  });

  it(`deleteSessionById: ${DELETE_BOOKS_LIMIT.max} per address per hour, then 429`, async () => {
    const user = await createUser(app);
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/deleteSessionById',
        payload: { id: 999_999 },
        headers: user.headers,
        remoteAddress: '192.0.2.19',
      });
    for (let i = 0; i < DELETE_BOOKS_LIMIT.max; i += 1) expect((await send()).statusCode).toBe(404);
    expect((await send()).statusCode).toBe(429);
  });

  it('getOptimizedTranscript: only for a signed-in user or the guest of a live trial book (401 otherwise)', async () => {
    const call = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/getOptimizedTranscript', payload: { transcript: 'euh je suis née à Lyon' }, headers });
    const anonymous = await call({});
    expect(anonymous.statusCode).toBe(401);
    expect((await call({ 'x-guest-token': 'made-up' })).statusCode).toBe(401);
    const guestBook = await createBook(app, { guestToken: 'bounded-guest' });
    expect((await call({ 'x-guest-token': 'bounded-guest' })).statusCode).toBe(200);
    const user = await createUser(app);
    expect((await call(user.headers)).statusCode).toBe(200);
    // Once the trial book is deleted, its token opens nothing.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/deleteSessionById',
          payload: { id: guestBook.id },
          headers: { 'x-guest-token': 'bounded-guest' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await call({ 'x-guest-token': 'bounded-guest' })).statusCode).toBe(401);
  });
});
