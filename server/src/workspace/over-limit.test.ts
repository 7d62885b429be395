import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER_TEXT_MAX_LENGTH } from '@common/constants';
import { buildCheckpoint, buildTestApp, createBook, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { multipart } from '../../test/fixtures/books/forms';
import { findSessionRow, saveCheckpoint } from '../books/repository';

/**
 * Issue 18, item 3: a book stored with a chapter over the limit (as a model that wrote too much
 * once left it) still opens with a warning, still exports, and a save repairs it; nothing over a
 * limit can be stored again.
 */
let app: TestApp;
let owner: TestUser;
beforeAll(async () => {
  app = await buildTestApp();
  owner = await createUser(app);
});
afterAll(async () => app?.close());

async function bookOverTheLimit() {
  const book = await createBook(app, { userId: owner.id }, { paid: true, chapters: 2 });
  const checkpoint = buildCheckpoint(2);
  checkpoint.data[1].generated_content = 'A sentence of the chapter. '.repeat(10_000); // 270 000 characters
  // Written as an older server did, without the check every save now makes.
  await app.ctx.db
    .updateTable('service_sessions')
    .set({ checkpoint_data: JSON.stringify(checkpoint) })
    .where('id', '=', book.id)
    .execute();
  return book;
}

describe('a book over a limit', () => {
  it('opens with a warning, exports, and is repaired by a save', async () => {
    const book = await bookOverTheLimit();
    const read = await app.inject({ method: 'GET', url: `/api/getSession/${book.id}`, headers: owner.headers });
    expect(read.statusCode).toBe(200);
    const session = read.json().success;
    expect(session.over_limit).toEqual([{ path: 'data.1.generated_content', max: CHAPTER_TEXT_MAX_LENGTH }]);
    expect(session.checkpoint_data.data[1].generated_content.length).toBe(CHAPTER_TEXT_MAX_LENGTH);

    const form = multipart({ service_session_id: String(book.id) });
    const exported = await app.inject({
      method: 'POST',
      url: '/api/postGenerateBook',
      payload: form.payload,
      headers: { ...form.headers, ...owner.headers },
    });
    expect(exported.statusCode, exported.body).toBe(200);

    const saved = await app.inject({
      method: 'POST',
      url: '/api/upSertSession',
      headers: owner.headers,
      payload: { service_session_id: book.id, checkpoint_data: session.checkpoint_data, version: session.version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = (await app.inject({ method: 'GET', url: `/api/getSession/${book.id}`, headers: owner.headers })).json().success;
    expect(again.over_limit).toBeUndefined();
    expect(again.checkpoint_data.data[1].generated_content.length).toBe(CHAPTER_TEXT_MAX_LENGTH);
  });

  it('is never stored again: every write passes the schema reads use (422)', async () => {
    const book = await createBook(app, { userId: owner.id }, { chapters: 1 });
    const checkpoint = buildCheckpoint(1);
    checkpoint.data[0].generated_content = 'x'.repeat(CHAPTER_TEXT_MAX_LENGTH + 1);
    await expect(saveCheckpoint(app.ctx.db, book.id, book.version, checkpoint)).rejects.toMatchObject({
      statusCode: 422,
      code: 'books.over_limit',
    });
    expect((await findSessionRow(app.ctx.db, book.id))!.version).toBe(book.version);
  });
});
