import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { onServer } from '../../test/database-template';
import { buildTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';

const onPostgres = !!process.env.DATABASE_URL;
let app: TestApp;
/** pg's queries, spied on before the app's pool makes its clients (db/postgres-changes.ts binds each client's `query`). */
let pgQueries: MockInstance;
beforeAll(async () => {
  pgQueries = vi.spyOn(pg.Client.prototype, 'query');
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
  pgQueries.mockRestore();
});

const getUser = (who: TestUser) => app.inject({ method: 'GET', url: '/api/getUser', headers: who.headers });

/** better-sqlite3's statements, which every query on SQLite runs through. */
const Statement = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1')) as SQLite.Statement;

/** The token lookups (auth/repository.ts) better-sqlite3 or pg runs while `run` runs. */
async function tokenLookupsDuring(run: () => Promise<unknown>): Promise<number> {
  const ran = vi.spyOn(Statement, 'all');
  pgQueries.mockClear();
  try {
    await run();
    const onSqlite = ran.mock.contexts.filter((statement) =>
      (statement as SQLite.Statement).source.includes('"auth_tokens"."token_hash" = ?'),
    );
    const onPg = pgQueries.mock.calls.filter(([text]) => typeof text === 'string' && text.includes('"auth_tokens"."token_hash" = $1'));
    return onSqlite.length + onPg.length;
  } finally {
    ran.mockRestore();
  }
}

/** Another node's (another process's) write, on its own connection to the same database. */
async function writeElsewhere(query: string, values: unknown[]) {
  if (!onPostgres) {
    const other = new SQLite(path.join(app.ctx.config.dataDir, 'plume.sqlite'));
    try {
      other.prepare(query.replace(/\$\d/g, '?')).run(...values);
    } finally {
      other.close();
    }
    return;
  }
  await onServer(app.ctx.config.DATABASE_URL!, query, values);
}

describe('token lookups kept (issue 17 items 4 and 5)', () => {
  // on PostgreSQL a node keeps lookups once it hears the notifications: its listening connection opens with its first
  // lookup (at most one lookup for two requests: one kept in an earlier try may answer both)
  beforeAll(async () => {
    const first = await createUser(app);
    await vi.waitFor(
      async () => expect(await tokenLookupsDuring(async () => [await getUser(first), await getUser(first)])).toBeLessThanOrEqual(1),
      {
        timeout: 5_000,
        interval: 20,
      },
    );
  });

  it('a page’s requests look their token up once while nothing changes', async () => {
    const ada = await createUser(app);
    const lookups = await tokenLookupsDuring(async () => {
      for (let request = 0; request < 4; request += 1) expect((await getUser(ada)).statusCode).toBe(200);
    });
    expect(lookups).toBe(1);
  });

  it('a signed-out token is refused on the next request', async () => {
    const ada = await createUser(app);
    expect((await getUser(ada)).statusCode).toBe(200);
    const revoked = await app.inject({ method: 'POST', url: '/api/revokeToken', headers: ada.headers });
    expect(revoked.statusCode).toBe(200);
    expect((await getUser(ada)).statusCode).toBe(401);
  });

  it('a profile edit shows on the next request', async () => {
    const ada = await createUser(app);
    expect((await getUser(ada)).json().success.first_name).not.toBe('Augusta');
    const edited = await app.inject({
      method: 'POST',
      url: '/api/postUpSertUser',
      headers: ada.headers,
      payload: { id: ada.id, first_name: 'Augusta', last_name: 'King', city: 'London' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await getUser(ada)).json().success.first_name).toBe('Augusta');
  });

  it('a token revoked by another process is refused on the next request (SQLite) or once its commit is notified (PostgreSQL)', async () => {
    const ada = await createUser(app);
    expect(await tokenLookupsDuring(async () => [await getUser(ada), await getUser(ada)])).toBe(1);
    await writeElsewhere('update auth_tokens set revoked_at = $1 where user_id = $2', [new Date().toISOString(), ada.id]);
    if (!onPostgres) expect((await getUser(ada)).statusCode).toBe(401);
    // well before a kept lookup's longest life (10 s): the notification, not the age, makes it go
    else await vi.waitFor(async () => expect((await getUser(ada)).statusCode).toBe(401), { timeout: 5_000, interval: 20 });
  });
});

describe.skipIf(!onPostgres)('token lookups kept on PostgreSQL while its notifications are heard', () => {
  /** Ends the node's listening connection from the database's side, as a restart or a network cut would. */
  const cutListening = () =>
    writeElsewhere(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()",
      [],
    );

  it('keeps nothing while the listening connection is lost, and keeps again once it is back', async () => {
    const ada = await createUser(app);
    expect(await tokenLookupsDuring(async () => [await getUser(ada), await getUser(ada)])).toBe(1);
    await cutListening();
    await vi.waitFor(async () => expect(await tokenLookupsDuring(async () => [await getUser(ada), await getUser(ada)])).toBe(2), {
      timeout: 5_000,
      interval: 20,
    });
    // what was committed while nobody listened is read anew once the node listens again
    await writeElsewhere('update users set first_name = $1 where id = $2', ['Augusta', ada.id]);
    await vi.waitFor(
      async () => {
        const lookups = await tokenLookupsDuring(async () => {
          for (let request = 0; request < 3; request += 1) expect((await getUser(ada)).json().success.first_name).toBe('Augusta');
        });
        // at most one: the lookup kept in an earlier try, once the node listened again, may answer all three
        expect(lookups).toBeLessThanOrEqual(1);
      },
      { timeout: 10_000, interval: 100 },
    );
  });
});
