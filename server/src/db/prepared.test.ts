import { DefaultQueryCompiler, DefaultQueryExecutor, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, createBook, createUser, type TestApp } from '../../test/helpers';
import SQLite from 'better-sqlite3';
import { isPostgres, type Db } from './index';
import { preparedQuery } from './prepared';
import { saveBookAttribute } from '../books/attributes';
import { keepBookTextChange } from '../generation/versions';
import { findSessionRow, insertSession, listUserSessionRows, parseCheckpoint } from '../books/repository';
import { sampleBook } from '../../test/sample-books';

let app: TestApp;
beforeAll(async () => {
  // the job queue polls once, at start: its own queries are not counted below
  app = await buildTestApp({ JOB_POLL_MS: 3_600_000 });
});

/** Queries of the job queue (its poll) are not the requests' own, nor the kept token lookups' check of SQLite's data_version (auth/repository.ts). */
const ofRequests = (sql: string) => !sql.includes('"jobs"') && sql !== 'pragma data_version';
afterAll(async () => {
  await app.close();
});

/** How many queries Kysely compiles while `run` runs (its compiler, spied on, still does the work). */
async function compilesDuring(run: () => Promise<unknown>): Promise<number> {
  const compile = vi.spyOn(DefaultQueryCompiler.prototype, 'compileQuery');
  try {
    await run();
    return compile.mock.results.filter((result) => result.type === 'return' && ofRequests((result.value as { sql: string }).sql)).length;
  } finally {
    compile.mockRestore();
  }
}

/** better-sqlite3's statements, which every query on SQLite runs through (Kysely's driver or db/prepared.ts's direct reads). */
const Statement = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1')) as SQLite.Statement;

/** The SQL of every query run while `run` runs: the statements run on SQLite, the queries Kysely executes on PostgreSQL. */
async function queriesDuring(run: () => Promise<unknown>): Promise<string[]> {
  if (isPostgres(app.ctx.db)) {
    const execute = vi.spyOn(DefaultQueryExecutor.prototype, 'executeQuery');
    try {
      await run();
      return execute.mock.calls.map(([query]) => query.sql).filter(ofRequests);
    } finally {
      execute.mockRestore();
    }
  }
  const ran = (['all', 'get', 'run', 'iterate'] as const).map((method) => vi.spyOn(Statement, method));
  try {
    await run();
    return ran.flatMap((spy) => spy.mock.contexts.map((statement) => (statement as SQLite.Statement).source)).filter(ofRequests);
  } finally {
    for (const spy of ran) spy.mockRestore();
  }
}

describe('preparedQuery (issue 17 item 5)', () => {
  it('is built and compiled once, then answers each call with its own values, in transactions too', async () => {
    const build = vi.fn((db: Db, userId: number, name: string) =>
      db
        .selectFrom('service_sessions')
        .select(['id', 'book_name'])
        .where('user_id', '=', userId)
        .where(sql<boolean>`book_name <> ${name}`)
        .orderBy('id'),
    );
    const query = preparedQuery(build);
    const [ada, bob] = [await createUser(app), await createUser(app)];
    const adaBooks = [await createBook(app, { userId: ada.id }), await createBook(app, { userId: ada.id })];
    const bobBook = await createBook(app, { userId: bob.id });
    const db = app.ctx.db;

    expect(await query.execute(db, ada.id, 'none')).toEqual(adaBooks.map((b) => ({ id: b.id, book_name: b.book_name })));
    expect(await compilesDuring(() => query.execute(db, bob.id, 'none'))).toBe(0);
    expect(await query.executeTakeFirst(db, bob.id, 'none')).toEqual({ id: bobBook.id, book_name: bobBook.book_name });
    expect(await query.execute(db, bob.id, bobBook.book_name)).toEqual([]);
    expect(await db.transaction().execute((trx) => query.executeTakeFirst(trx, bob.id, 'none'))).toEqual({
      id: bobBook.id,
      book_name: bobBook.book_name,
    });
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('refuses a query that looks at an argument instead of using it as a value', async () => {
    const query = preparedQuery((db: Db, id: number) =>
      db
        .selectFrom('service_sessions')
        .select('id')
        .where('id', '=', Number(id) || 0),
    );
    await expect(query.execute(app.ctx.db, 1)).rejects.toThrow(/argument 0 is not a value of the query/);
  });

  it('builds each query anew on a database with Kysely plugins (they may rewrite every query)', async () => {
    let seen = 0;
    const db = app.ctx.db.withPlugin({
      transformQuery: ({ node }) => {
        seen += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const query = preparedQuery((db: Db, id: number) => db.selectFrom('users').select('id').where('id', '=', id));
    const user = await createUser(app);
    expect(await query.executeTakeFirst(db, user.id)).toEqual({ id: user.id });
    expect(await query.executeTakeFirst(db, user.id)).toEqual({ id: user.id });
    expect(seen).toBe(2);
  });
});

describe('the reads of books (issue 17 item 5)', () => {
  it('on SQLite run outside Kysely’s executor (no connection lock, no promise per query), both dialects answering alike', async () => {
    const owner = await createUser(app);
    await createBook(app, { userId: owner.id });
    const read = async () => {
      const res = await app.inject({ method: 'GET', url: '/api/getUserSessions', headers: owner.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toHaveLength(1);
    };
    await read();
    const execute = vi.spyOn(DefaultQueryExecutor.prototype, 'executeQuery');
    try {
      await read();
      // the token lookup and the list: two on PostgreSQL, none on SQLite
      expect(execute.mock.calls.filter(([query]) => ofRequests(query.sql))).toHaveLength(isPostgres(app.ctx.db) ? 2 : 0);
    } finally {
      execute.mockRestore();
    }
  });

  it('wait for a transaction open on the connection instead of reading its uncommitted writes', async () => {
    const owner = await createUser(app);
    const db = app.ctx.db;
    let listedMeanwhile: Promise<{ book_name: string }[]> | undefined;
    await expect(
      db.transaction().execute(async (trx) => {
        const { checkpoint } = sampleBook('en', { chapters: 1, wordsPerChapter: 10 });
        await insertSession(trx, {
          user_id: owner.id,
          guest_token_hash: null,
          service_id: 1,
          general_category_id: 1,
          book_name: 'Never committed',
          language: 'en',
          checkpoint,
        });
        // another request's My Books, while this transaction is open (and then rolled back)
        listedMeanwhile = listUserSessionRows(db, owner.id);
        await new Promise((resolve) => setImmediate(resolve));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await listedMeanwhile!).map((row) => row.book_name)).not.toContain('Never committed');
  });

  it('compile no query once warm: the token lookup, My Books, and getSession with its files, unlocked chapters and text origins', async () => {
    const owner = await createUser(app);
    const book = await createBook(app, { userId: owner.id });
    await app.ctx.db
      .updateTable('service_sessions')
      .set({ introduction: 'Once.', book_summary: 'Twice.' })
      .where('id', '=', book.id)
      .execute();
    const read = async () => {
      for (const url of ['/api/getUserSessions', `/api/getSession/${book.id}`]) {
        const res = await app.inject({ method: 'GET', url, headers: owner.headers });
        expect(res.statusCode, url).toBe(200);
      }
    };
    await read();
    expect(await compilesDuring(read)).toBe(0);
  });

  it('compile no query once warm for the saves either: upSertChapter and upSertSession, with the save limit’s counter', async () => {
    const owner = await createUser(app);
    const book = await createBook(app, { userId: owner.id }, { paid: true });
    const save = async (text: string) => {
      const row = (await findSessionRow(app.ctx.db, book.id))!;
      const checkpoint = parseCheckpoint(row);
      const chapter = { ...checkpoint.data[1], generated_content: text };
      for (const [url, payload] of [
        ['/api/upSertChapter', { service_session_id: book.id, version: row.version, chapter }],
        ['/api/upSertSession', { service_session_id: book.id, version: row.version + 1, checkpoint_data: checkpoint }],
      ] as const) {
        const res = await app.inject({ method: 'POST', url, headers: owner.headers, payload });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      }
    };
    await save('First.');
    const { version } = (await findSessionRow(app.ctx.db, book.id))!;
    expect(await compilesDuring(() => save('Second.'))).toBe(0);
    expect((await findSessionRow(app.ctx.db, book.id))!.version).toBe(version + 2);
  });

  it('getSession reads the book and whether its owner is subscribed in one query, its files, unlocked chapters and text origins in another: three in all for an unpaid book', async () => {
    const owner = await createUser(app);
    const book = await createBook(app, { userId: owner.id });
    // an introduction and a summary, each with its kept versions: their origins are looked for
    await saveBookAttribute(app.ctx.db, book.id, 'introduction', 'Once upon a time.');
    await keepBookTextChange(app.ctx.db, book.id, 'introduction', '', 'Once upon a time.', 'generated');
    await saveBookAttribute(app.ctx.db, book.id, 'book_summary', 'The end.');
    await keepBookTextChange(app.ctx.db, book.id, 'book_summary', 'An older end.', 'The end.', 'edited');
    const queries = await queriesDuring(async () => {
      const res = await app.inject({ method: 'GET', url: `/api/getSession/${book.id}`, headers: owner.headers });
      expect(res.json().success.is_payed).toBe(false);
      expect(res.json().success.text_origins).toEqual({ introduction: 'generated', book_summary: 'edited' });
    });
    // the token, the book with its owner's subscription, its files with its unlocked chapters and its texts' origins
    expect(queries).toHaveLength(3);
    expect(queries.filter((q) => q.includes('"subscriptions"'))).toHaveLength(1);
    expect(
      queries.filter((q) => q.includes('"session_files"') && q.includes('"unlocked_chapters"') && q.includes('"text_versions"')),
    ).toHaveLength(1);
  });

  it('getSession sends the book’s own files, sorted, and its own unlocked chapters from that one query', async () => {
    const owner = await createUser(app);
    const [book, other] = [await createBook(app, { userId: owner.id }), await createBook(app, { userId: owner.id })];
    const db = app.ctx.db;
    const now = new Date().toISOString();
    const file = (session_id: number, key: string) => ({ session_id, key, content_type: 'image/jpeg', size: 1, updated_at: now });
    await db
      .insertInto('session_files')
      .values([
        file(book.id, 'cover_media_photo'),
        file(book.id, 'chap_2_media_0'),
        file(book.id, 'chap_1_media_1'),
        file(other.id, 'chap_3_media_0'),
      ])
      .execute();
    const unlock = async (sessionId: number, chapterId: number) => {
      const order = await db
        .insertInto('orders')
        .values({
          reference: `extra_${sessionId}_${chapterId}_${Math.random()}`,
          kind: 'extra_chapter',
          status: 'paid',
          provider: 'sandbox',
          user_id: owner.id,
          plan_id: null,
          service_session_id: sessionId,
          chapter_id: chapterId,
          subscription_id: null,
          coupon_id: null,
          amount_cents: 500,
          currency: 'EUR',
          tax_rate_bp: 2000,
          email: owner.email,
          recipient_email: null,
          language: 'en',
          form_token_hash: null,
          form_expires_at: null,
          transaction_id: null,
          payment_method_token: null,
          failure: null,
          created_at: now,
          updated_at: now,
          paid_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('unlocked_chapters')
        .values({ service_session_id: sessionId, chapter_id: chapterId, order_id: order.id, created_at: now })
        .execute();
    };
    await unlock(book.id, 7);
    await unlock(book.id, 4);
    await unlock(other.id, 5);
    const answer = (await app.inject({ method: 'GET', url: `/api/getSession/${book.id}`, headers: owner.headers })).json().success;
    expect(answer.images).toEqual(['chap_1_media_1', 'chap_2_media_0', 'cover_media_photo']);
    expect(answer.unlocked_chapters).toEqual([4, 7]);
  });
});
