import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCheckpoint, buildTestApp, createBook, createUser, type TestApp, type TestUser } from '../../test/helpers';
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

  it("is known from a saved book's row without its JSON, which is made only when read and is the table's", async () => {
    const book = await createBook(app, { userId: alice.id }, { paid: true });
    await saveChapterText(book.id, 0, 'Les îles, l’été — 🌊');
    const row = await readRow(book.id);
    // a getter: nothing decoded the 40 KB the save wrote to hand the save its book
    expect(Object.getOwnPropertyDescriptor(row, 'checkpoint_data')?.get).toBeTypeOf('function');
    expect(storedCheckpoint(row).data[0].generated_content).toBe('Les îles, l’été — 🌊');
    const table = await app.ctx.db
      .selectFrom('service_sessions')
      .select('checkpoint_data')
      .where('id', '=', book.id)
      .executeTakeFirstOrThrow();
    expect(row.checkpoint_data).toBe(table.checkpoint_data);
    expect({ ...row }.checkpoint_data).toBe(table.checkpoint_data);
  });

  it('keeps, through a whole-checkpoint save, the stored chapters it sends back unchanged (their JSON is reused)', async () => {
    const book = await createBook(app, { userId: alice.id }, { paid: true });
    await saveChapterText(book.id, 0, 'First');
    const before = await readRow(book.id);
    const kept = storedCheckpoint(before);
    // as the client sends it: parsed from JSON, one chapter edited
    const sent = JSON.parse(JSON.stringify(kept)) as typeof kept;
    sent.data[1].generated_content = 'Second';
    const res = await app.inject({
      method: 'POST',
      url: '/api/upSertSession',
      headers: alice.headers,
      payload: { service_session_id: book.id, checkpoint_data: sent, version: before.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = storedCheckpoint(await readRow(book.id));
    expect(after.data[0]).toBe(kept.data[0]);
    expect(after.data[2]).toBe(kept.data[2]);
    expect(after.data[1]).not.toBe(kept.data[1]);
    const table = await app.ctx.db
      .selectFrom('service_sessions')
      .select('checkpoint_data')
      .where('id', '=', book.id)
      .executeTakeFirstOrThrow();
    expect((JSON.parse(table.checkpoint_data) as typeof kept).data.map((c) => c.generated_content)).toEqual(['First', 'Second', '']);
  });

  it('is never stale: a checkpoint written elsewhere (its version moved, as every writer does) is read again, and the next save builds on it', async () => {
    const book = await createBook(app, { userId: alice.id }, { paid: true });
    await saveChapterText(book.id, 0, 'Saved through the route');
    const before = await readRow(book.id);
    expect(storedCheckpoint(before).data[0].generated_content).toBe('Saved through the route');
    // another process (or a script) rewrites the checkpoint, moving the version as every write must
    const changed = readCheckpoint(before).checkpoint;
    changed.data[2].generated_content = 'Written elsewhere';
    await app.ctx.db
      .updateTable('service_sessions')
      .set({ checkpoint_data: JSON.stringify(changed), version: before.version + 1 })
      .where('id', '=', book.id)
      .execute();
    const reread = await readRow(book.id);
    expect(readCheckpoint(reread).checkpoint.data[2].generated_content).toBe('Written elsewhere');
    expect(storedCheckpoint(reread).data[2].generated_content).toBe('Written elsewhere');
    await saveChapterText(book.id, 1, 'Next save');
    const after = readCheckpoint(await readRow(book.id)).checkpoint;
    expect(after.data.map((c) => c.generated_content)).toEqual(['Saved through the route', 'Next save', 'Written elsewhere']);
  });

  it('spares the read of the stored JSON while the book is at the version kept (every writer moves it)', async () => {
    const book = await createBook(app, { userId: alice.id }, { paid: true });
    await saveChapterText(book.id, 0, 'Kept');
    const kept = await readRow(book.id);
    // written against the rule, version unmoved: what the row read shows is the kept checkpoint, so it was not read
    await app.ctx.db
      .updateTable('service_sessions')
      .set({ checkpoint_data: JSON.stringify(buildCheckpoint(1)) })
      .where('id', '=', book.id)
      .execute();
    const row = await readRow(book.id);
    expect(row.checkpoint_data).toBe(kept.checkpoint_data);
    expect(storedCheckpoint(row)).toBe(storedCheckpoint(kept));
  });

  it("tells a new book given a deleted book's id (SQLite reuses the last id) from the deleted one, at the same version", async () => {
    const bob = await createUser(app);
    const book = await createBook(app, { userId: bob.id }, { paid: true });
    const res = await app.inject({
      method: 'POST',
      url: '/api/upSertChapter',
      headers: bob.headers,
      payload: {
        service_session_id: book.id,
        chapter: { ...buildCheckpoint(3).data[0], generated_content: "Bob's book" },
        version: book.version,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = await readRow(book.id);
    expect(storedCheckpoint(saved).data[0].generated_content).toBe("Bob's book");
    await app.ctx.db.deleteFrom('users').where('id', '=', bob.id).execute(); // his books go with him
    // another process creates a book under the same id and saves it up to the same version
    const other = buildCheckpoint(3);
    other.data[0].generated_content = "Carol's book";
    await app.ctx.db
      .insertInto('service_sessions')
      .values({
        ...saved,
        id: book.id,
        user_id: alice.id,
        checkpoint_data: JSON.stringify(other),
        list_summary: '[]',
        created_at: new Date(Date.parse(saved.created_at) + 1).toISOString(),
      })
      .execute();
    const reused = await readRow(book.id);
    expect(reused.version).toBe(saved.version);
    expect(storedCheckpoint(reused).data[0].generated_content).toBe("Carol's book");
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
