import { sql } from 'kysely';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildCheckpoint, buildTestApp, createBook, createUser, type TestApp } from '../../test/helpers';
import { hit } from '../rate-limit';
import { inGroupCommit } from './group-commit';
import { createDb, nowIso, type Db } from './index';

let app: TestApp;
let fresh: Db;
beforeAll(async () => {
  app = await buildTestApp();
  // another connection to the same database, as after a restart: it sees only what was committed
  fresh = createDb(app.ctx.config);
});
afterAll(async () => {
  await fresh.destroy();
  await app.close();
});

const save = (headers: Record<string, string>, id: number, version: number, story: string) => {
  const checkpoint_data = { ...buildCheckpoint(), another_story_subject: story };
  return app.inject({ method: 'POST', url: '/api/upSertSession', headers, payload: { service_session_id: id, checkpoint_data, version } });
};

const storedStory = async (id: number) => {
  const row = await fresh
    .selectFrom('service_sessions')
    .select(['checkpoint_data', 'version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { story: (JSON.parse(row.checkpoint_data) as { another_story_subject: string }).another_story_subject, version: row.version };
};

describe('saves of the same moment (group commit)', () => {
  it('concurrent saves of different books all land, each acknowledged with its new version, and a fresh connection reads them', async () => {
    const savers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const user = await createUser(app);
        return { user, book: await createBook(app, { userId: user.id }) };
      }),
    );
    const answers = await Promise.all(savers.map(({ user, book }, n) => save(user.headers, book.id, book.version, `Story ${n}`)));
    for (const [n, answer] of answers.entries()) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().success.version).toBe(savers[n].book.version + 1);
      expect(await storedStory(savers[n].book.id)).toEqual({ story: `Story ${n}`, version: savers[n].book.version + 1 });
    }
  });

  it('a stale save among them gets its 409 with the stored book, while the others land', async () => {
    const savers = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const user = await createUser(app);
        return { user, book: await createBook(app, { userId: user.id }) };
      }),
    );
    const stale = savers[1];
    const answers = await Promise.all(
      savers.map(({ user, book }, n) => save(user.headers, book.id, n === 1 ? book.version - 1 : book.version, `Story ${n}`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 409, 200, 200]);
    expect(answers[1].json()).toMatchObject({
      code: 'workspace.version_conflict',
      server: { id: stale.book.id, version: stale.book.version },
    });
    expect(await storedStory(stale.book.id)).toEqual({ story: 'A life by the sea', version: stale.book.version });
    for (const n of [0, 2, 3]) expect((await storedStory(savers[n].book.id)).story).toBe(`Story ${n}`);
  });

  it('two saves of one book from the same version in the same moment: one lands, the other gets its 409', async () => {
    const user = await createUser(app);
    const book = await createBook(app, { userId: user.id });
    const answers = await Promise.all(['Tab one', 'Tab two'].map((story) => save(user.headers, book.id, book.version, story)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers[0].statusCode === 200 ? 'Tab one' : 'Tab two';
    expect(await storedStory(book.id)).toEqual({ story: winner, version: book.version + 1 });
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))('on SQLite, a commit waits for its fsync (synchronous = FULL)', async () => {
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(app.ctx.db);
    expect(rows[0].synchronous).toBe(2);
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'on SQLite, a batch of only counters commits without waiting for the disk; one with a durable write waits, and the connection is back to FULL after',
    async () => {
      const db = app.ctx.db;
      const modeIn = async (durable: boolean) =>
        (await inGroupCommit(db, sql<{ synchronous: number }>`pragma synchronous`.compile(db), { durable })).rows[0].synchronous;
      expect(await Promise.all([modeIn(false), modeIn(false)])).toEqual([1, 1]);
      expect(await Promise.all([modeIn(false), modeIn(true)])).toEqual([2, 2]);
      // a rate-limit hit is such a counter
      expect((await Promise.all([modeIn(false), hit(db, 'gc:counted', 60_000)]))[0]).toBe(1);
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
      expect(rows[0].synchronous).toBe(2);
      // the save after it is on disk: a fresh connection reads it
      const user = await createUser(app);
      const book = await createBook(app, { userId: user.id });
      expect((await save(user.headers, book.id, book.version, 'After the counters')).statusCode).toBe(200);
      expect(await storedStory(book.id)).toEqual({ story: 'After the counters', version: book.version + 1 });
    },
  );

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'on SQLite, the page cache holds the books being saved (32 MB, not 2) and the file is read through a memory map',
    async () => {
      const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(app.ctx.db);
      expect(rows[0].cache_size).toBe(-32 * 1024);
      const mapped = await sql<{ mmap_size: number }>`pragma mmap_size`.execute(app.ctx.db);
      expect(mapped.rows[0].mmap_size).toBe(1024 ** 3);
    },
  );

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'on SQLite, writes of the same turn share one transaction; one that fails is undone alone and only its caller hears of it',
    async () => {
      const db = app.ctx.db;
      const insert = (key: string) => inGroupCommit(db, db.insertInto('counters').values({ key, count: 1, expires_at: 0 }).compile());
      // better-sqlite3's statements, spied on (they still run): how many commits ran
      const run = vi.spyOn(Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1')) as SQLite.Statement, 'run');
      const commits = () => run.mock.contexts.filter((statement) => (statement as SQLite.Statement).source === 'commit').length;
      onTestFinished(() => run.mockRestore());
      const before = commits();
      // the second writes two rows, the second of them the first write's key again: refused by the primary key, neither row stays
      const twoRows = () =>
        inGroupCommit(
          db,
          db
            .insertInto('counters')
            .values(['gc:b', 'gc:a'].map((key) => ({ key, count: 1, expires_at: 0 })))
            .compile(),
        );
      const outcomes = await Promise.allSettled([insert('gc:a'), twoRows(), insert('gc:c')]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(commits()).toBe(before + 1);
      const keys = await fresh.selectFrom('counters').select('key').where('key', 'like', 'gc:%').orderBy('key').execute();
      expect(keys.map((k) => k.key)).toEqual(['gc:a', 'gc:c']);
      // a write of a later turn is a transaction of its own
      await insert('gc:d');
      expect(commits()).toBe(before + 2);
      // what a write answers: how many rows it changed, or the rows it returns
      const changed = await inGroupCommit(db, db.updateTable('counters').set({ count: 5 }).where('key', 'in', ['gc:a', 'gc:c']).compile());
      expect(changed.numAffectedRows).toBe(2n);
      const returned = await inGroupCommit(db, db.deleteFrom('counters').where('key', '=', 'gc:d').returning('count').compile());
      expect(returned.rows).toEqual([{ count: 1 }]);
    },
  );

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'on SQLite, when the shared commit itself fails, no write of it is acknowledged and none is stored',
    async () => {
      const db = app.ctx.db;
      const write = (key: string) => inGroupCommit(db, db.insertInto('counters').values({ key, count: 1, expires_at: 0 }).compile());
      // a token of no user, with foreign keys checked at commit (for this transaction): the commit fails, not the statement
      const deferChecks = inGroupCommit(db, sql`pragma defer_foreign_keys = on`.compile(db));
      const orphan = inGroupCommit(
        db,
        db
          .insertInto('auth_tokens')
          .values({ user_id: 987_654_321, token_hash: 'gc-orphan', expires_at: nowIso(), revoked_at: null, created_at: nowIso() })
          .compile(),
      );
      const outcomes = await Promise.allSettled([write('gc:before'), deferChecks, orphan, write('gc:after')]);
      expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
      // the connection is usable again: no transaction was left open
      await write('gc:later');
      expect(await fresh.selectFrom('counters').select('key').where('key', '=', 'gc:later').execute()).toEqual([{ key: 'gc:later' }]);
      expect(await fresh.selectFrom('counters').select('key').where('key', 'in', ['gc:before', 'gc:after']).execute()).toEqual([]);
    },
  );
});
