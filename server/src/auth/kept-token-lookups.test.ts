import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const getUser = (who: TestUser) => app.inject({ method: 'GET', url: '/api/getUser', headers: who.headers });

/** better-sqlite3's statements, which every query on SQLite runs through. */
const Statement = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1')) as SQLite.Statement;

/** The token lookups (auth/repository.ts) better-sqlite3 runs while `run` runs. */
async function tokenLookupsDuring(run: () => Promise<unknown>): Promise<number> {
  const ran = vi.spyOn(Statement, 'all');
  try {
    await run();
    return ran.mock.contexts.filter((statement) => (statement as SQLite.Statement).source.includes('"auth_tokens"."token_hash" = ?'))
      .length;
  } finally {
    ran.mockRestore();
  }
}

describe.skipIf(!!process.env.DATABASE_URL)('token lookups kept on SQLite (issue 17 item 5)', () => {
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

  it('a token revoked by another process (another connection to the file) is refused on the next request', async () => {
    const ada = await createUser(app);
    expect((await getUser(ada)).statusCode).toBe(200);
    const other = new SQLite(path.join(app.ctx.config.dataDir, 'plume.sqlite'));
    try {
      other.prepare('update auth_tokens set revoked_at = ? where user_id = ?').run(new Date().toISOString(), ada.id);
    } finally {
      other.close();
    }
    expect((await getUser(ada)).statusCode).toBe(401);
  });
});
