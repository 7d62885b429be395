import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCheckpoint, buildTestApp, createBook as createBookOf, createUser, type TestApp } from '../../test/helpers';
import { PNG, VALID, multipart } from '../../test/fixtures/books/forms';

let app: TestApp;
let alice: Awaited<ReturnType<typeof createUser>>;
let bob: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  app = await buildTestApp();
  alice = await createUser(app);
  bob = await createUser(app);
});
afterAll(async () => {
  await app.close();
});

async function createBook(owner: { headers: Record<string, string> }, kind: 1 | 2 | 3, extra: Record<string, string> = {}, cover = false) {
  const { payload, headers } = multipart(
    { ...VALID[kind], ...extra },
    cover ? [{ field: 'cover', filename: 'c.png', contentType: 'image/png', data: PNG }] : [],
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/getGenerateCategoriesWithQuestions',
    payload,
    headers: { ...headers, ...owner.headers },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().success as { id: number; book_name: string; checkpoint_data: { data: Array<{ generated_content: string }> } };
}

const list = async (who: { headers: Record<string, string> }) => {
  const res = await app.inject({ method: 'GET', url: '/api/getUserSessions', headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json().success as Array<Record<string, unknown> & { id: number; book_name: string }>;
};
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/api${url}`, payload: body as Record<string, unknown>, headers: { lng: 'en', ...headers } });
/** An injected clock (Date only): each book is saved a second after the one before, so updated_at orders them. */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});
const tick = () => vi.setSystemTime(Date.now() + 1_000);

describe('GET /api/getUserSessions', () => {
  it('needs a signed-in user', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/getUserSessions' })).statusCode).toBe(401);
  });

  it('lists only my books, newest-updated first, with progress and cover', async () => {
    const first = await createBook(alice, 1, { book_name: 'First' }, true);
    tick();
    const second = await createBook(alice, 3, { book_name: 'Second' });
    tick();
    await createBook(bob, 2, { book_name: 'Bob’s' });
    const books = await list(alice);
    expect(books.map((b) => b.book_name)).toEqual(['Second', 'First']);
    expect(books[0]).toMatchObject({
      id: second.id,
      is_payed: false,
      progress: 0,
      cover_url: null,
      checkpoint_data: { general_category_id: 3 },
    });
    expect(books[1]).toMatchObject({ id: first.id, cover_url: `/api/sessionImage/${first.id}/cover_media_photo` });
    expect(typeof books[0].updated_at).toBe('string');
    const data = (books[0].checkpoint_data as { data: Array<Record<string, unknown>> }).data;
    expect(Object.keys(data[0]).sort()).toEqual(['generated_content', 'id', 'name']);
  });

  it('reports progress from generated chapters and cuts chapter text to an excerpt, as saved', async () => {
    const book = await createBook(alice, 2, { book_name: 'Progress' });
    await app.ctx.db.updateTable('service_sessions').set({ is_payed: 1 }).where('id', '=', book.id).execute(); // bought: every chapter opens
    const session = (await app.inject({ method: 'GET', url: `/api/getSession/${book.id}`, headers: alice.headers })).json().success;
    const checkpoint = session.checkpoint_data;
    checkpoint.data[0].generated_content = 'x'.repeat(5000);
    checkpoint.data[1].generated_content = 'y';
    const saved = await post(
      '/upSertSession',
      { service_session_id: book.id, checkpoint_data: checkpoint, version: session.version },
      alice.headers,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const item = (await list(alice)).find((b) => b.id === book.id)!;
    const expected = Math.round((2 / checkpoint.data.length) * 100);
    expect(item.progress).toBe(expected);
    const chapters = (item.checkpoint_data as { data: Array<{ generated_content: string }> }).data;
    expect(chapters[0].generated_content.length).toBeLessThan(200);
  });

  it('reads a saved book’s new summary and progress', async () => {
    const carol = await createUser(app);
    const book = await createBook(carol, 1, { book_name: 'Kept' });
    await app.ctx.db.updateTable('service_sessions').set({ is_payed: 1 }).where('id', '=', book.id).execute();
    const session = (await app.inject({ method: 'GET', url: `/api/getSession/${book.id}`, headers: carol.headers })).json().success;
    session.checkpoint_data.data[0].generated_content = 'A new first chapter.';
    session.checkpoint_data.data[0].name = 'Renamed chapter';
    const saved = await post(
      '/upSertSession',
      { service_session_id: book.id, checkpoint_data: session.checkpoint_data, version: session.version },
      carol.headers,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const item = (await list(carol)).find((b) => b.id === book.id)!;
    const chapters = (item.checkpoint_data as { data: Array<{ name: string; generated_content: string }> }).data;
    expect(chapters[0]).toMatchObject({ name: 'Renamed chapter', generated_content: 'A new first chapter.' });
    expect(item.progress).toBe(Math.round((1 / chapters.length) * 100));
  });
});

describe('GET /api/getUserSessions in production (issue 17 item 5)', () => {
  it('sends each stored summary as it is stored, without parsing it', async () => {
    // production: answers are projected, not checked by zod (http/serializer.ts)
    const production = await buildTestApp({ NODE_ENV: 'production' });
    try {
      const dora = await createUser(production);
      const books = [];
      for (const chapters of [2, 5]) {
        const checkpoint = buildCheckpoint(chapters);
        checkpoint.data[0].generated_content = 'Once upon a time.';
        books.push(await createBookOf(production, { userId: dora.id }, { checkpoint }));
      }
      const stored = await production.ctx.db
        .selectFrom('service_sessions')
        .select(['id', 'list_summary', 'list_progress'])
        .where('user_id', '=', dora.id)
        .orderBy('id', 'desc')
        .execute();
      expect(stored.map((row) => row.list_progress)).toEqual([20, 50]);
      const parse = vi.spyOn(JSON, 'parse');
      let body: string;
      try {
        const res = await production.inject({ method: 'GET', url: '/api/getUserSessions', headers: dora.headers });
        expect(res.statusCode).toBe(200);
        body = res.body;
        expect(parse.mock.calls.filter(([text]) => stored.some((row) => row.list_summary === text))).toHaveLength(0);
      } finally {
        parse.mockRestore();
      }
      for (const row of stored)
        expect(body).toContain(`"progress":${row.list_progress},"cover_url":null,"checkpoint_data":${row.list_summary}}`);
      expect(JSON.parse(body).success.map((item: { id: number }) => item.id)).toEqual(books.map((book) => book.id).reverse());
    } finally {
      await production.close();
    }
  });
});

/** My Books' rename: the spec's updateBookAttribute with `book_name`. */
const rename = (id: unknown, name: string, headers: Record<string, string>) =>
  post('/updateBookAttribute', { id, attribute: 'book_name', value: name }, headers);

describe('rename (POST /api/updateBookAttribute book_name)', () => {
  it('renames my book (trimmed) and moves it first', async () => {
    const old = await createBook(alice, 1, { book_name: 'Old name' });
    tick();
    await createBook(alice, 1, { book_name: 'Newer' });
    tick();
    const res = await rename(old.id, '  A better name  ', alice.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toMatchObject({ id: old.id, attribute: 'book_name', value: 'A better name' });
    const books = await list(alice);
    expect(books[0]).toMatchObject({ id: old.id, book_name: 'A better name' });
  });

  it('refuses an empty or too long name', async () => {
    const book = await createBook(alice, 1);
    const empty = await rename(book.id, '   ', alice.headers);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('books.book_name_required');
    expect((await rename(book.id, 'n'.repeat(201), alice.headers)).json().code).toBe('books.book_name_too_long');
    expect((await rename(book.id, 'n'.repeat(200), alice.headers)).statusCode).toBe(200);
    expect((await rename('abc', 'x', alice.headers)).statusCode).toBe(400);
  });
});

describe('ownership: another account can neither rename nor delete', () => {
  it('answers 404 to another user or a forged guest token (as for an unknown book), 401 to a visitor, and changes nothing', async () => {
    const book = await createBook(alice, 3, { book_name: 'Mine' });
    for (const [headers, status] of [
      [bob.headers, 404],
      [{}, 401],
      [{ 'x-guest-token': 'forged' }, 404],
    ] as Array<[Record<string, string>, number]>) {
      const renamed = await rename(book.id, 'Stolen', headers);
      expect(renamed.statusCode).toBe(status);
      expect(renamed.json().code).toBe(status === 401 ? 'unauthorized' : 'books.not_found');
      expect((await post('/deleteSessionById', { id: book.id }, headers)).statusCode).toBe(status);
    }
    const row = await app.ctx.db.selectFrom('service_sessions').selectAll().where('id', '=', book.id).executeTakeFirstOrThrow();
    expect(row.book_name).toBe('Mine');
    expect(row.deleted_at).toBeNull();
    expect((await list(bob)).some((b) => b.id === book.id)).toBe(false);
  });

  it('answers 404 for an unknown book', async () => {
    expect((await post('/deleteSessionById', { id: 999_999 }, alice.headers)).statusCode).toBe(404);
    expect((await rename(999_999, 'x', alice.headers)).statusCode).toBe(404);
  });

  it('lets a guest rename and delete the book it holds the token of', async () => {
    const { payload, headers } = multipart(VALID[2]);
    const res = await app.inject({ method: 'POST', url: '/api/getGenerateCategoriesWithQuestionsAsGuest', payload, headers });
    const { id, guest_token } = res.json().success;
    const guest = { 'x-guest-token': guest_token };
    expect((await rename(id, 'Grand-mère', guest)).statusCode).toBe(200);
    expect((await post('/deleteSessionById', { id }, alice.headers)).statusCode).toBe(404);
    expect((await post('/deleteSessionById', { id }, guest)).statusCode).toBe(200);
  });
});

describe('POST /api/deleteSessionById', () => {
  it('soft-deletes my book: gone from the list, the row kept', async () => {
    const book = await createBook(alice, 2, { book_name: 'To delete' });
    const res = await post('/deleteSessionById', { id: book.id }, alice.headers);
    expect(res.statusCode).toBe(200);
    expect((await list(alice)).some((b) => b.id === book.id)).toBe(false);
    const row = await app.ctx.db.selectFrom('service_sessions').select('deleted_at').where('id', '=', book.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await post('/deleteSessionById', { id: book.id }, alice.headers)).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/sessionImage/${book.id}/cover_media_photo`, headers: alice.headers })).statusCode,
    ).toBe(404);
  });
});
