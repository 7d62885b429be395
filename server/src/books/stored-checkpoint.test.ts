import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createBook, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { findSessionRow, readCheckpoint, storedCheckpoint } from './repository';

let app: TestApp;
let alice: TestUser;
beforeAll(async () => {
  app = await buildTestApp();
  alice = await createUser(app);
});
afterAll(async () => {
  await app.close();
});

const readRow = async (id: number) => (await findSessionRow(app.ctx.db, id))!;

async function saveChapterText(id: number, index: number, text: string) {
  const row = await readRow(id);
  const chapter = { ...readCheckpoint(row).checkpoint.data[index], generated_content: text };
  const res = await app.inject({
    method: 'POST',
    url: '/api/upSertChapter',
    headers: alice.headers,
    payload: { service_session_id: id, chapter, version: row.version },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('storedCheckpoint: the parsed checkpoint saves reuse', () => {
  it('is the one a save wrote, equal to a fresh parse of the stored JSON, and reused while the row holds that JSON', async () => {
    const book = await createBook(app, { userId: alice.id }, { paid: true });
    await saveChapterText(book.id, 1, 'The harbour at dawn.');
    const row = await readRow(book.id);
    const kept = storedCheckpoint(row);
    expect(kept).toEqual(readCheckpoint(row).checkpoint);
    expect(storedCheckpoint(await readRow(book.id))).toBe(kept);
  });

  it('is never stale: a row written by anyone else (same version) is parsed again, and the next save builds on it', async () => {
    const book = await createBook(app, { userId: alice.id }, { paid: true });
    await saveChapterText(book.id, 0, 'Saved through the route');
    const before = await readRow(book.id);
    expect(storedCheckpoint(before).data[0].generated_content).toBe('Saved through the route');
    // another process (or a script) rewrites the checkpoint without moving the version
    const changed = readCheckpoint(before).checkpoint;
    changed.data[2].generated_content = 'Written elsewhere';
    await app.ctx.db
      .updateTable('service_sessions')
      .set({ checkpoint_data: JSON.stringify(changed) })
      .where('id', '=', book.id)
      .execute();
    expect(storedCheckpoint(await readRow(book.id)).data[2].generated_content).toBe('Written elsewhere');
    await saveChapterText(book.id, 1, 'Next save');
    const after = readCheckpoint(await readRow(book.id)).checkpoint;
    expect(after.data.map((c) => c.generated_content)).toEqual(['Saved through the route', 'Next save', 'Written elsewhere']);
  });

  it('cannot be changed by a caller: it is shared by every save of the book', async () => {
    const book = await createBook(app, { userId: alice.id }, { paid: true });
    const kept = storedCheckpoint(await readRow(book.id));
    expect(() => {
      kept.data[0].generated_content = 'changed in place';
    }).toThrow(TypeError);
    expect(() => kept.data.push(kept.data[0])).toThrow(TypeError);
    expect(storedCheckpoint(await readRow(book.id)).data[0].generated_content).toBe('');
  });
});
