import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCheckpoint, buildTestApp, createBook, createUser, type TestApp } from '../../test/helpers';
import { down, up } from '../db/migrations/0320_book_list_summary';
import { down as downProgress, up as upProgress } from '../db/migrations/0340_book_list_progress';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const listOf = async (headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/getUserSessions', headers })).json().success as Array<{
    id: number;
    progress: number;
    checkpoint_data: { general_category_id: number; data: Array<{ id: number; name: string; generated_content: string }> };
  }>;

describe('My Books reads each book from its list summary', () => {
  it('the migration fills the summary of books written before it, old checkpoint shapes included', async () => {
    const user = await createUser(app);
    const checkpoint = buildCheckpoint(2);
    checkpoint.data[0].generated_content = `  ${'Once upon a time. '.repeat(20)}`;
    const written = await createBook(app, { userId: user.id }, { checkpoint });
    const legacy = await createBook(app, { userId: user.id });
    const db = app.ctx.db as unknown as Kysely<unknown>;
    await down(db);
    // a checkpoint of the first format, its chapters under data.chapters (written before saves were validated)
    await app.ctx.db
      .updateTable('service_sessions')
      .set({
        checkpoint_data: JSON.stringify({
          general_category_id: 2,
          data: { chapters: [{ id: 7, name: 'Old', generated_content: 'Text' }] },
        }),
      })
      .where('id', '=', legacy.id)
      .execute();
    await up(db);

    const books = await listOf(user.headers);
    const fresh = books.find((b) => b.id === written.id)!;
    expect(fresh.progress).toBe(50);
    expect(fresh.checkpoint_data.data.map((c) => c.name)).toEqual(['Chapter 1', 'Chapter 2']);
    expect(fresh.checkpoint_data.data[0].generated_content).toBe('Once upon a time. '.repeat(20).trim().slice(0, 160));
    expect(books.find((b) => b.id === legacy.id)!.checkpoint_data).toEqual({
      general_category_id: 2,
      data: [{ id: 7, name: 'Old', generated_content: 'Text' }],
    });
  });

  it('the progress migration fills the progress of books written before it from their summaries', async () => {
    const user = await createUser(app);
    const checkpoint = buildCheckpoint(4);
    checkpoint.data[0].generated_content = 'Once upon a time.';
    const begun = await createBook(app, { userId: user.id }, { checkpoint });
    const untouched = await createBook(app, { userId: user.id });
    const db = app.ctx.db as unknown as Kysely<unknown>;
    await downProgress(db);
    await upProgress(db);

    const books = await listOf(user.headers);
    expect(books.find((b) => b.id === begun.id)!.progress).toBe(25);
    expect(books.find((b) => b.id === untouched.id)!.progress).toBe(0);
  });
});
