import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCheckpoint, buildTestApp, createBook, createUser, type TestApp } from '../../test/helpers';
import { isPostgres } from '../db';
import { LONG_BOOK_COLUMNS, up } from '../db/migrations/0330_checkpoint_last';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const columnsOfBooks = async () =>
  (await sql<{ name: string }>`select name from pragma_table_info('service_sessions') order by cid`.execute(app.ctx.db)).rows.map(
    (row) => row.name,
  );

describe.skipIf(!!process.env.DATABASE_URL)('a book row on SQLite keeps its long texts after every short column', () => {
  it('a new database stores the introduction, the summary and the checkpoint last, the checkpoint at the very end', async () => {
    expect(isPostgres(app.ctx.db)).toBe(false);
    expect((await columnsOfBooks()).slice(-LONG_BOOK_COLUMNS.length)).toEqual([...LONG_BOOK_COLUMNS]);
  });

  it('the migration moves them after a column added since, and every book keeps its texts', async () => {
    const user = await createUser(app);
    const book = await createBook(app, { userId: user.id }, { checkpoint: buildCheckpoint(3) });
    await app.ctx.db
      .updateTable('service_sessions')
      .set({ introduction: 'An introduction', book_summary: 'A summary' })
      .where('id', '=', book.id)
      .execute();
    const before = await app.ctx.db.selectFrom('service_sessions').selectAll().where('id', '=', book.id).executeTakeFirstOrThrow();
    await app.ctx.db.schema.alterTable('service_sessions').addColumn('added_later', 'text').execute();

    await up(app.ctx.db as unknown as Kysely<unknown>);

    const columns = await columnsOfBooks();
    expect(columns.slice(-LONG_BOOK_COLUMNS.length - 1)).toEqual(['added_later', ...LONG_BOOK_COLUMNS]);
    const after = await app.ctx.db.selectFrom('service_sessions').selectAll().where('id', '=', book.id).executeTakeFirstOrThrow();
    expect({ ...after, added_later: undefined }).toEqual({ ...before, added_later: undefined });
    expect(after.checkpoint_data.length).toBeGreaterThan(1000);
    await app.ctx.db.schema.alterTable('service_sessions').dropColumn('added_later').execute();
  });

  it('a migration stopped halfway leaves the table as it was', async () => {
    const columns = await columnsOfBooks();
    // the last column's copy cannot be added: the migration fails after moving the first two
    await app.ctx.db.schema.alterTable('service_sessions').addColumn('checkpoint_data_moved', 'text').execute();
    await expect(up(app.ctx.db as unknown as Kysely<unknown>)).rejects.toThrow();
    expect(await columnsOfBooks()).toEqual([...columns, 'checkpoint_data_moved']);
    await app.ctx.db.schema.alterTable('service_sessions').dropColumn('checkpoint_data_moved').execute();
  });
});
