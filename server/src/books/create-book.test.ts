import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@common/constants';
import { buildTestApp, createUser, type TestApp } from '../../test/helpers';
import { hashToken } from '../auth/tokens';
import {
  DESCRIPTION,
  GIF,
  LEGACY_DOC_CHAPTERS,
  PNG,
  VALID,
  WORD_MIME,
  bigJpeg,
  docxPlain,
  docxWithHeadings,
  docxWithPageBreaks,
  encryptedDocx,
  legacyDoc,
  multipart,
  zipBomb,
  type FilePart,
} from '../../test/fixtures/books/forms';
import { clearLimit } from '../rate-limit';
import { GUEST_BOOKS_LIMIT, USER_BOOKS_LIMIT } from './create-book';

let app: TestApp;
let user: Awaited<ReturnType<typeof createUser>>;
let ipCounter = 0;
beforeAll(async () => {
  app = await buildTestApp();
  user = await createUser(app);
});
afterAll(async () => {
  await app.close();
});

/**
 * Each guest call comes from its own address, and the user's hourly count starts afresh, so the
 * rate limits (tested on their own below) stay out of the way.
 */
async function create(
  fields: Record<string, string>,
  opts: { guest?: boolean; lng?: Language; files?: FilePart[]; headers?: Record<string, string> } = {},
) {
  const { payload, headers } = multipart(fields, opts.files);
  ipCounter += 1;
  await clearLimit(app.ctx.db, `books:create:user:${user.id}`);
  return app.inject({
    method: 'POST',
    url: opts.guest ? '/api/getGenerateCategoriesWithQuestionsAsGuest' : '/api/getGenerateCategoriesWithQuestions',
    payload,
    headers: { ...headers, lng: opts.lng ?? 'en', ...(opts.guest ? {} : user.headers), ...opts.headers },
    remoteAddress: `10.1.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
  });
}

const docx = (data: Buffer, filename = 'manuscript.docx'): FilePart => ({ field: 'word_file', filename, contentType: WORD_MIME, data });

describe.each([
  [1, 'fr'],
  [1, 'es'],
  [2, 'fr'],
  [2, 'it'],
  [3, 'es'],
  [3, 'en'],
] as const)('creating a book of kind %i in %s', (kind, lng) => {
  const fields = VALID[kind];
  const lengthId = Number(fields.category_length_type_id);
  const typeId = JSON.parse(fields.category_based_type_ids)[0] as number;

  it.each([false, true])('builds the checkpoint in the spec shape (guest: %s)', async (guest) => {
    const res = await create(fields, { guest, lng });
    expect(res.statusCode, res.body).toBe(200);
    const book = res.json().success;
    const expected = app.ctx.questionBank.chaptersFor({ generalCategoryId: kind, typeIds: [typeId], lengthTypeId: lengthId, lng });
    const cp = book.checkpoint_data;
    expect(book.book_name).toBe(fields.book_name);
    expect(book.is_payed).toBe(false);
    expect(cp.data.map((c: { id: number }) => c.id)).toEqual(expected.map((c) => c.id));
    expect(cp.data[0].name).toBe(expected[0].name);
    expect(cp.data[0]).toMatchObject({ general_category_id: kind, generated_content: '', generated_count: 0 });
    const q = cp.data[1].questions[0];
    expect(q).toMatchObject({
      id: expected[1].questions[0].id,
      name: expected[1].questions[0].name,
      transcript: '',
      question_category_id: cp.data[1].id,
      category_based_type_id: typeId,
      category_length_type_id: lengthId,
    });
    expect(cp.lookups.survey_questions).toEqual(app.ctx.questionBank.surveyQuestions(lng));
    expect(cp).toMatchObject({
      general_category_id: kind,
      category_based_type_ids: [typeId],
      category_length_type_id: lengthId,
      tool_id: 1,
      language: lng,
    });
    expect(cp.services_with_plans[0].plans.length).toBeGreaterThan(0);
    if (kind === 1) {
      expect(cp.data[0].questions[0].transcript).toBe(DESCRIPTION);
    } else {
      expect(cp.another_story_subject).toBe(fields.another_story_subject);
      expect(cp.data[0].questions[0].transcript).toBe('');
    }
    const row = await app.ctx.db.selectFrom('service_sessions').selectAll().where('id', '=', book.id).executeTakeFirstOrThrow();
    expect(row.language).toBe(lng);
    if (guest) {
      expect(typeof book.guest_token).toBe('string');
      expect(row.user_id).toBeNull();
      expect(row.guest_token_hash).toBe(hashToken(book.guest_token));
    } else {
      expect(book.guest_token).toBeUndefined();
      expect(row.user_id).toBe(user.id);
    }
  });

  it.each([false, true])('puts an imported manuscript first, text in place (guest: %s)', async (guest) => {
    const file = await docxWithHeadings([
      { title: 'The harbour', paragraphs: ['The boats came in at dawn.', 'We ran down to meet them.'] },
      { title: 'The bakery', paragraphs: ['Flour everywhere, always.'] },
    ]);
    const res = await create({ ...fields, description: '' }, { guest, lng, files: [docx(file)] });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().success.checkpoint_data.data;
    expect(data[0].name).toBe('The harbour');
    expect(data[0].generated_content).toBe('The boats came in at dawn.\n\nWe ran down to meet them.');
    expect(JSON.parse(data[0].generated_content_json)).toEqual([
      { text: 'The boats came in at dawn.', question_ids: [] },
      { text: 'We ran down to meet them.', question_ids: [] },
    ]);
    expect(data[1].name).toBe('The bakery');
    expect(data[0].questions).toHaveLength(1);
    expect(data[0].questions[0].question_category_id).toBe(data[0].id);
    // the guided chapters follow, and no id is shared
    expect(data.length).toBe(
      2 + app.ctx.questionBank.chaptersFor({ generalCategoryId: kind, typeIds: [typeId], lengthTypeId: lengthId, lng }).length,
    );
    const ids = data.flatMap((c: { id: number; questions: Array<{ id: number }> }) => [c.id, ...c.questions.map((qq) => qq.id)]);
    expect(new Set(data.map((c: { id: number }) => c.id)).size).toBe(data.length);
    expect(new Set(data.flatMap((c: { questions: Array<{ id: number }> }) => c.questions.map((qq) => qq.id))).size).toBe(
      ids.length - data.length,
    );
  });
});

describe('existing books and tools', () => {
  it('polishing keeps only the manuscript and forces the one-chapter length', async () => {
    const file = await docxWithHeadings([
      { title: 'One', paragraphs: ['a'] },
      { title: 'Two', paragraphs: ['b'] },
    ]);
    const res = await create({ ...VALID[3], toolId: '3', category_length_type_id: '34', new_book: 'false' }, { files: [docx(file)] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success.checkpoint_data.data.map((c: { name: string }) => c.name)).toEqual(['One', 'Two']);
    expect(res.json().success.checkpoint_data.tool_id).toBe(3);
  });

  it('writing one chapter adds one guided chapter after the manuscript', async () => {
    const file = await docxWithHeadings([{ title: 'One', paragraphs: ['a'] }]);
    const res = await create({ ...VALID[2], toolId: '4', category_length_type_id: '24' }, { files: [docx(file)] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success.checkpoint_data.data).toHaveLength(2);
  });

  it('continuing a manuscript takes an existing-book length', async () => {
    const res = await create({ ...VALID[1], toolId: '2', category_length_type_id: '15', new_book: 'false' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success.checkpoint_data.data).toHaveLength(3);
  });

  it('splits on page breaks when there are no headings, and on length when there is neither', async () => {
    const paged = await create(
      { ...VALID[3] },
      { lng: 'fr', files: [docx(await docxWithPageBreaks([['Premier.'], ['Deuxième.'], ['Troisième.']]))] },
    );
    expect(paged.statusCode, paged.body).toBe(200);
    const data = paged.json().success.checkpoint_data.data;
    expect(data.slice(0, 3).map((c: { name: string; generated_content: string }) => [c.name, c.generated_content])).toEqual([
      ['Chapitre 1', 'Premier.'],
      ['Chapitre 2', 'Deuxième.'],
      ['Chapitre 3', 'Troisième.'],
    ]);
    const long = Array.from({ length: 60 }, (_, i) => `Paragraph ${i}. ${'Words that go on. '.repeat(30)}`);
    const res = await create({ ...VALID[3], toolId: '3', category_length_type_id: '34' }, { files: [docx(await docxPlain(long))] });
    expect(res.statusCode, res.body).toBe(200);
    const chapters = res.json().success.checkpoint_data.data;
    expect(chapters.length).toBeGreaterThan(1);
    expect(chapters.map((c: { generated_content: string }) => c.generated_content).join('\n\n')).toBe(
      long.map((s) => s.trim()).join('\n\n'),
    );
  });
});

describe('a legacy Word 97 .doc manuscript', () => {
  const doc: FilePart = { field: 'word_file', filename: 'Mes mémoires.doc', contentType: 'application/msword', data: legacyDoc() };

  it.each([false, true])('becomes the first chapters, titles and accented text in place (guest: %s)', async (guest) => {
    const res = await create({ ...VALID[1], description: '' }, { guest, lng: 'fr', files: [doc] });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().success.checkpoint_data.data;
    expect(data.slice(0, 3).map((c: { name: string }) => c.name)).toEqual(LEGACY_DOC_CHAPTERS.map((c) => c.name));
    for (const [index, chapter] of LEGACY_DOC_CHAPTERS.entries()) {
      expect(data[index].generated_content).toBe(chapter.paragraphs.join('\n\n'));
      expect(JSON.parse(data[index].generated_content_json)).toEqual(chapter.paragraphs.map((text) => ({ text, question_ids: [] })));
      expect(data[index].questions).toHaveLength(1);
    }
    expect(data[0].generated_content).toContain('L’été de mes douze ans, ma sœur aînée');
    expect(data[1].generated_content).toContain('¿Quién olvidaría el olor del pan al amanecer?');
    expect(data[2].generated_content).toContain('la città è più bella così');
    // the guided chapters of the bank follow
    expect(data.length).toBe(
      3 + app.ctx.questionBank.chaptersFor({ generalCategoryId: 1, typeIds: [101], lengthTypeId: 11, lng: 'fr' }).length,
    );
  });

  it('is the whole book when polishing', async () => {
    const res = await create({ ...VALID[3], toolId: '3', category_length_type_id: '34', new_book: 'false' }, { lng: 'es', files: [doc] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success.checkpoint_data.data.map((c: { name: string }) => c.name)).toEqual(LEGACY_DOC_CHAPTERS.map((c) => c.name));
  });
});

describe('validation (spec section 5)', () => {
  const cases: Array<[string, Record<string, string>, number, string]> = [
    ['no tool', { ...VALID[1], toolId: '' }, 400, 'invalid_input'],
    ['an unknown tool', { ...VALID[1], toolId: '99' }, 400, 'books.unknown_tool'],
    ['a manuscript tool for a new book', { ...VALID[1], toolId: '2', new_book: 'true' }, 400, 'books.tool_not_for_new_book'],
    ['guided writing for an existing book', { ...VALID[1], toolId: '1', new_book: 'false' }, 400, 'books.tool_not_for_existing_book'],
    ['no type', { ...VALID[1], category_based_type_ids: '[]' }, 400, 'books.select_required'],
    ['a missing type list', { ...VALID[1], category_based_type_ids: '' }, 400, 'books.select_required'],
    ['a malformed type list', { ...VALID[1], category_based_type_ids: '[abc' }, 400, 'invalid_input'],
    ['a type of another category', { ...VALID[1], category_based_type_ids: '[301]' }, 400, 'books.type_not_in_category'],
    ['a group title as a type', { ...VALID[1], category_based_type_ids: '[100]' }, 400, 'books.type_not_in_category'],
    ['no length', { ...VALID[1], category_length_type_id: '' }, 400, 'books.select_required'],
    ['a length of another category', { ...VALID[1], category_length_type_id: '21' }, 400, 'books.length_not_in_category'],
    ['an existing-book length for a new book', { ...VALID[1], category_length_type_id: '14' }, 400, 'books.length_not_for_tool'],
    [
      'a new-book length for an existing book',
      { ...VALID[1], toolId: '2', category_length_type_id: '12' },
      400,
      'books.length_not_for_tool',
    ],
    ['another length than the forced one', { ...VALID[1], toolId: '3', category_length_type_id: '15' }, 400, 'books.length_not_for_tool'],
    [
      'a 99-character description (after trimming)',
      { ...VALID[1], description: `   ${'a'.repeat(99)}   ` },
      400,
      'books.description_too_short',
    ],
    ['no description', { ...VALID[1], description: '' }, 400, 'books.description_too_short'],
    ['a 2000-character description', { ...VALID[1], description: 'a'.repeat(2000) }, 400, 'books.description_too_long'],
    ['no subject for another person', { ...VALID[2], another_story_subject: '   ' }, 400, 'books.subject_required'],
    ['no subject for self-development', { ...VALID[3], another_story_subject: '' }, 400, 'books.subject_required'],
    ['a 2000-character subject', { ...VALID[2], another_story_subject: 's'.repeat(2000) }, 400, 'books.subject_too_long'],
    ['an unknown category', { ...VALID[1], general_category_id: '77' }, 400, 'books.unknown_category'],
    ['an inactive category', { ...VALID[1], general_category_id: '4' }, 400, 'books.unknown_category'],
    ['an unknown service', { ...VALID[1], service_id: '9' }, 400, 'books.unknown_service'],
    ['a 201-character book name', { ...VALID[1], book_name: 'b'.repeat(201) }, 400, 'books.book_name_too_long'],
  ];
  it.each(cases)('refuses %s', async (_label, fields, status, code) => {
    for (const guest of [false, true]) {
      const res = await create(fields, { guest, lng: 'fr' });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBe(code);
      expect(res.json().error).not.toBe(code);
    }
  });

  it('accepts the bounds: 100 and 1999 characters', async () => {
    expect((await create({ ...VALID[1], description: 'a'.repeat(100) })).statusCode).toBe(200);
    expect((await create({ ...VALID[1], description: 'a'.repeat(1999) })).statusCode).toBe(200);
  });

  it('takes the autobiography description from another_story_subject when no description field is sent', async () => {
    const { description: _omit, ...fields } = VALID[1];
    const res = await create({ ...fields, another_story_subject: DESCRIPTION });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success.checkpoint_data.data[0].questions[0].transcript).toBe(DESCRIPTION);
  });

  it('names the book after its kind when no name is given', async () => {
    const res = await create({ ...VALID[2], book_name: '  ' }, { lng: 'it' });
    expect(res.json().success.book_name).toBe('La storia di una persona cara');
  });

  it('answers in the request language', async () => {
    const en = await create({ ...VALID[1], description: 'short' }, { lng: 'en' });
    const es = await create({ ...VALID[1], description: 'short' }, { lng: 'es' });
    expect(en.json().error).toMatch(/100/);
    expect(es.json().error).not.toBe(en.json().error);
  });

  it('needs a signed-in user for the non-guest call', async () => {
    const { payload, headers } = multipart(VALID[1]);
    const res = await app.inject({ method: 'POST', url: '/api/getGenerateCategoriesWithQuestions', payload, headers });
    expect(res.statusCode).toBe(401);
  });
});

describe('cover image', () => {
  const cover = (data: Buffer, filename = 'cover.png', contentType = 'image/png'): FilePart => ({
    field: 'cover',
    filename,
    contentType,
    data,
  });

  it('refuses an image over 307200 bytes (413) and a non-image by content (415)', async () => {
    const big = await create(VALID[1], { files: [cover(bigJpeg(307_201), 'c.jpg', 'image/jpeg')] });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('books.image_too_big');
    const gif = await create(VALID[1], { files: [cover(GIF)] });
    expect(gif.statusCode).toBe(415);
    expect(gif.json().code).toBe('images.wrong_type');
    const exact = await create(VALID[1], { files: [cover(bigJpeg(307_200), 'c.jpg', 'image/jpeg')] });
    expect(exact.statusCode).toBe(200);
  });

  it('stores the cover and serves it to its owner only', async () => {
    const res = await create(VALID[1], { files: [cover(PNG)] });
    const id = res.json().success.id;
    const mine = await app.inject({ method: 'GET', url: `/api/sessionImage/${id}/cover_media_photo`, headers: user.headers });
    expect(mine.statusCode).toBe(200);
    // Stored as the safe JPEG made from the upload (images/normalize-image).
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(mine.rawPayload).metadata()).format).toBe('jpeg');
    const other = await createUser(app);
    expect((await app.inject({ method: 'GET', url: `/api/sessionImage/${id}/cover_media_photo`, headers: other.headers })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'GET', url: `/api/sessionImage/${id}/cover_media_photo` })).statusCode).toBe(401);

    const guest = await create(VALID[2], { guest: true, files: [cover(PNG)] });
    const { id: guestId, guest_token } = guest.json().success;
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/sessionImage/${guestId}/cover_media_photo`,
          headers: { 'x-guest-token': guest_token },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: `/api/sessionImage/${guestId}/cover_media_photo`, headers: { 'x-guest-token': 'nope' } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('manuscript import failures', () => {
  const cases: Array<[string, () => Promise<FilePart> | FilePart, number, string]> = [
    [
      'a damaged .docx',
      () => docx(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)])),
      400,
      'books.document_damaged',
    ],
    ['a zip that is not a Word file', async () => docx(await zipBomb(10)), 400, 'books.document_damaged'],
    ['an empty .docx', async () => docx(await docxPlain([])), 400, 'books.document_empty'],
    ['an empty file', () => docx(Buffer.alloc(0)), 400, 'books.document_empty'],
    ['a password-protected .docx', () => docx(encryptedDocx()), 400, 'books.document_encrypted'],
    [
      'a damaged .doc',
      () => docx(Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(3000, 1)]), 'old.doc'),
      400,
      'books.document_damaged',
    ],
    ['a PDF named .docx', () => docx(Buffer.from('%PDF-1.7\n...')), 415, 'books.document_wrong_type'],
    ['a text file', () => docx(Buffer.from('hello'), 'notes.txt'), 415, 'books.document_wrong_type'],
    ['a file over 10 MB', () => docx(Buffer.alloc(10_000_001, 1)), 413, 'books.document_too_big'],
  ];
  it.each(cases)('answers %s with a clear error', async (_label, make, status, code) => {
    const res = await create({ ...VALID[3] }, { lng: 'it', files: [await make()] });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBe(code);
    expect(res.json().error).not.toBe(code);
  });

  it('stops a zip bomb before inflating it', async () => {
    const bomb = await zipBomb(90_000_000);
    expect(bomb.length).toBeLessThan(1_000_000);
    const res = await create({ ...VALID[3] }, { files: [docx(bomb)] });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('books.document_too_big');
  });

  it('creates nothing when the manuscript is refused', async () => {
    const before = await app.ctx.db
      .selectFrom('service_sessions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    await create({ ...VALID[3] }, { files: [docx(Buffer.from('%PDF'))] });
    const after = await app.ctx.db
      .selectFrom('service_sessions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('guest rate limit', () => {
  it(`allows ${GUEST_BOOKS_LIMIT.max} guest books per address per hour, then 429`, async () => {
    const { payload, headers } = multipart({ ...VALID[2], toolId: '99' });
    const send = () =>
      app.inject({ method: 'POST', url: '/api/getGenerateCategoriesWithQuestionsAsGuest', payload, headers, remoteAddress: '192.0.2.77' });
    for (let i = 0; i < GUEST_BOOKS_LIMIT.max; i += 1) expect((await send()).statusCode).toBe(400);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
  });

  it(`allows a signed-in user ${USER_BOOKS_LIMIT.max} books per hour, then 429`, async () => {
    const writer = await createUser(app);
    const { payload, headers } = multipart({ ...VALID[2], toolId: '99' });
    const send = () =>
      app.inject({ method: 'POST', url: '/api/getGenerateCategoriesWithQuestions', payload, headers: { ...headers, ...writer.headers } });
    for (let i = 0; i < USER_BOOKS_LIMIT.max; i += 1) expect((await send()).statusCode).toBe(400);
    expect((await send()).statusCode).toBe(429);
  });
});
