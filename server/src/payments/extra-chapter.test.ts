import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chapter } from '@common/schemas/session';
import { requestsTo } from '../../test/requests';
import { buildTestApp, createBook, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { findSessionRow, parseCheckpoint } from '../books/repository';

/**
 * Issue 12 item 5: an extra chapter bought on an unpaid book is the one chapter besides the first
 * that may be added, saved, written and illustrated; the chapter after it stays locked.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});
const { post, get } = requestsTo(() => app);

const EXTRA = 1_700_000_000_001;
const OTHER = 1_700_000_000_002;
const newChapter = (id: number, name: string): Chapter => ({
  id,
  general_category_id: 1,
  name,
  questions: [
    { id: id + 1, name: 'What happened next?', transcript: 'We moved to the coast and opened a bakery.', question_category_id: id },
  ],
  generated_content: '',
  generated_count: 0,
});

async function buyExtraChapter(user: TestUser, bookId: number, chapterId: number) {
  const form = (
    await post('/api/createPaymentForm', { service_session_id: bookId, plan_id: 3, is_add_chapter: true, chapter_id: chapterId }, user)
  ).json().success;
  const paid = await post('/api/sandboxPay', { formToken: form.formToken, card_number: '4111111111111111', expiry: '12/39', cvc: '123' });
  expect(paid.statusCode, paid.body).toBe(200);
}

async function save(user: TestUser, bookId: number, data: Chapter[]) {
  const row = (await findSessionRow(app.ctx.db, bookId))!;
  const checkpoint_data = { ...parseCheckpoint(row), data };
  return post('/api/upSertSession', { service_session_id: bookId, checkpoint_data, version: row.version }, user);
}

async function upload(user: TestUser, bookId: number, chapterId: number) {
  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#c9b8a6' } })
    .png()
    .toBuffer();
  const boundary = 'extra-chapter-boundary';
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(field('service_session_id', String(bookId)) + field('key', `chap_${chapterId}_media_0`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/uploadSessionImage',
    headers: { ...user.headers, lng: 'en', 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const write = (user: TestUser, bookId: number, chapter: Chapter) =>
  post(
    '/api/getStoryAnswer',
    {
      data: chapter,
      service_session_id: bookId,
      selected_survey_questions: [{ service_session_id: bookId, survey_question_id: 1, survey_answer_id: 1 }],
    },
    user,
  );

describe('an extra chapter bought on an unpaid book', () => {
  it('may be added, saved, written and illustrated; another new chapter and the locked ones may not', async () => {
    const user = await createUser(app);
    const book = await createBook(app, { userId: user.id }, { chapters: 3 });
    const stored = parseCheckpoint(book).data;

    // Before paying, the new chapter cannot even be added.
    expect((await save(user, book.id, [...stored, newChapter(EXTRA, 'The bakery')])).statusCode).toBe(402);
    await buyExtraChapter(user, book.id, EXTRA);
    expect((await findSessionRow(app.ctx.db, book.id))!.is_payed).toBe(0);

    // Added after payment (the workspace appends it); a second, unpaid chapter is refused.
    expect((await save(user, book.id, [...stored, newChapter(EXTRA, 'The bakery'), newChapter(OTHER, 'Free ride')])).statusCode).toBe(402);
    const added = await save(user, book.id, [...stored, newChapter(EXTRA, 'The bakery')]);
    expect(added.statusCode, added.body).toBe(200);

    // Its answers and title may change; chapter 2 (locked) may not.
    const edited = { ...newChapter(EXTRA, 'The bakery by the sea') };
    expect((await save(user, book.id, [...stored, edited])).statusCode).toBe(200);
    const lockedEdit = [stored[0], { ...stored[1], name: 'Changed' }, stored[2], edited];
    expect((await save(user, book.id, lockedEdit)).json().code).toBe('workspace.locked_chapter');

    // Writing: the bought chapter is not locked; the next one still is.
    const written = await write(user, book.id, edited);
    expect(written.json().code).not.toBe('generation.chapter_locked');
    expect(written.statusCode, written.body).toBe(200);
    const refused = await write(user, book.id, stored[1]);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('generation.chapter_locked');

    // Photos: allowed on the bought chapter, refused on a locked one.
    const photo = await upload(user, book.id, EXTRA);
    expect(photo.statusCode, photo.body).toBe(200);
    const lockedPhoto = await upload(user, book.id, stored[1].id);
    expect(lockedPhoto.statusCode).toBe(402);
  });

  it('is offered at 4.99 for the chapter, must be a new chapter, and getSession lists it once paid', async () => {
    const plan = (await get('/api/extraChapterPlan', undefined, 'fr')).json().success;
    expect([plan.id, plan.price, plan.kind, plan.price_description]).toEqual([3, 4.99, 'extra_chapter', 'pour le chapitre']);

    const user = await createUser(app);
    const book = await createBook(app, { userId: user.id }, { chapters: 3 });
    const existing = parseCheckpoint(book).data[1].id;
    const refused = await post(
      '/api/createPaymentForm',
      { service_session_id: book.id, plan_id: 3, is_add_chapter: true, chapter_id: existing },
      user,
    );
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'payments.chapter_exists']);

    expect((await get(`/api/getSession/${book.id}`, user)).json().success.unlocked_chapters).toEqual([]);
    await buyExtraChapter(user, book.id, EXTRA);
    expect((await get(`/api/getSession/${book.id}`, user)).json().success.unlocked_chapters).toEqual([EXTRA]);
  });
});
