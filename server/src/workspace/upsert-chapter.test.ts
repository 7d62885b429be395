import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VersionConflictSchema } from '@common/schemas/workspace';
import { buildTestApp, createBook, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { findSessionRow, parseCheckpoint } from '../books/repository';
import { newToken } from '../auth/tokens';

let app: TestApp;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  app = await buildTestApp();
  alice = await createUser(app);
  bob = await createUser(app);
});
afterAll(async () => {
  await app.close();
});

const saveChapter = (headers: Record<string, string>, body: unknown) =>
  app.inject({ method: 'POST', url: '/api/upSertChapter', headers, payload: body as object });

/** Chapter `index` of the stored book, with a new text. */
async function editedChapter(id: number, index: number, text: string) {
  const row = (await findSessionRow(app.ctx.db, id))!;
  return { chapter: { ...parseCheckpoint(row).data[index], generated_content: text }, version: row.version };
}

describe('POST /api/upSertChapter', () => {
  it('saves one chapter: the new version comes back, the other chapters stay, My Books shows the new excerpt', async () => {
    const book = await createBook(app, { userId: alice.id }, { paid: true });
    const { chapter, version } = await editedChapter(book.id, 1, 'The harbour at dawn, my father mending nets.');
    const res = await saveChapter(alice.headers, { service_session_id: book.id, chapter, version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toMatchObject({ id: book.id, version: version + 1, progress: 33 });
    const stored = (await findSessionRow(app.ctx.db, book.id))!;
    expect(stored.version).toBe(version + 1);
    const checkpoint = parseCheckpoint(stored);
    expect(checkpoint.data.map((c) => c.generated_content)).toEqual(['', 'The harbour at dawn, my father mending nets.', '']);
    expect(checkpoint.another_story_subject).toBe('A life by the sea');
    const list = (await app.inject({ method: 'GET', url: '/api/getUserSessions', headers: alice.headers })).json().success as Array<{
      id: number;
      checkpoint_data: { data: Array<{ generated_content: string }> };
    }>;
    expect(list.find((b) => b.id === book.id)!.checkpoint_data.data[1].generated_content).toBe(
      'The harbour at dawn, my father mending nets.',
    );
  });

  it('is 401 for a visitor, the same 404 for someone else, a forged guest token and an unknown book, and changes nothing', async () => {
    const book = await createBook(app, { userId: alice.id }, { paid: true });
    const { chapter, version } = await editedChapter(book.id, 0, 'Stolen');
    for (const [headers, status] of [
      [{}, 401],
      [bob.headers, 404],
      [{ 'x-guest-token': 'forged' }, 404],
    ] as Array<[Record<string, string>, number]>) {
      const res = await saveChapter(headers, { service_session_id: book.id, chapter, version });
      expect(res.statusCode).toBe(status);
      expect(res.json().code).toBe(status === 401 ? 'unauthorized' : 'books.not_found');
    }
    expect((await saveChapter(bob.headers, { service_session_id: 999_999, chapter, version })).json().code).toBe('books.not_found');
    const stored = (await findSessionRow(app.ctx.db, book.id))!;
    expect([stored.version, parseCheckpoint(stored).data[0].generated_content]).toEqual([version, '']);
  });

  it('lets a guest save a chapter of the trial book it holds the token of', async () => {
    const token = newToken();
    const book = await createBook(app, { guestToken: token });
    const { chapter, version } = await editedChapter(book.id, 0, 'Free first chapter');
    const res = await saveChapter({ 'x-guest-token': token }, { service_session_id: book.id, chapter, version });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers a stale version with 409 and the stored book to merge, as upSertSession does', async () => {
    const book = await createBook(app, { userId: alice.id }, { paid: true });
    const first = await editedChapter(book.id, 0, 'From the laptop');
    expect((await saveChapter(alice.headers, { service_session_id: book.id, ...first })).statusCode).toBe(200);
    const second = await editedChapter(book.id, 2, 'From the phone');
    const stale = await saveChapter(alice.headers, { service_session_id: book.id, chapter: second.chapter, version: first.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('workspace.version_conflict');
    const { server } = VersionConflictSchema.parse(stale.json());
    expect(server.version).toBe(first.version + 1);
    expect(server.checkpoint_data.data[0].generated_content).toBe('From the laptop');
    expect(parseCheckpoint((await findSessionRow(app.ctx.db, book.id))!).data[2].generated_content).toBe('');
  });

  it('refuses a chapter the book does not have (404), repeated question ids (400), a locked chapter of an unpaid book (402)', async () => {
    const unpaid = await createBook(app, { userId: alice.id });
    const { chapter, version } = await editedChapter(unpaid.id, 1, 'Locked until bought');
    const unknown = await saveChapter(alice.headers, { service_session_id: unpaid.id, chapter: { ...chapter, id: 77 }, version });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'workspace.chapter_not_found']);
    const repeated = { ...chapter, questions: [chapter.questions[0], chapter.questions[0]] };
    expect((await saveChapter(alice.headers, { service_session_id: unpaid.id, chapter: repeated, version })).statusCode).toBe(400);
    const locked = await saveChapter(alice.headers, { service_session_id: unpaid.id, chapter, version });
    expect([locked.statusCode, locked.json().code]).toEqual([402, 'workspace.locked_chapter']);
    const free = await editedChapter(unpaid.id, 0, 'The free chapter');
    expect((await saveChapter(alice.headers, { service_session_id: unpaid.id, ...free })).statusCode).toBe(200);
  });

  it('keeps what only the server sets: generation counts never go down', async () => {
    const book = await createBook(app, { userId: alice.id }, { paid: true });
    await app.ctx.db
      .updateTable('service_sessions')
      .set({
        checkpoint_data: JSON.stringify({
          ...parseCheckpoint(book),
          data: parseCheckpoint(book).data.map((c) => ({ ...c, generated_count: 3 })),
        }),
        version: book.version + 1, // as every write of a checkpoint does
      })
      .where('id', '=', book.id)
      .execute();
    const { chapter, version } = await editedChapter(book.id, 0, 'Edited');
    const res = await saveChapter(alice.headers, { service_session_id: book.id, chapter: { ...chapter, generated_count: 0 }, version });
    expect(res.statusCode, res.body).toBe(200);
    expect(parseCheckpoint((await findSessionRow(app.ctx.db, book.id))!).data[0].generated_count).toBe(3);
  });
  it('chapters saved one after another: the stored JSON holds each chapter as last saved, the others as they were', async () => {
    const book = await createBook(app, { userId: alice.id }, { paid: true });
    const texts = ['', '', ''];
    for (const [index, text] of [
      [0, 'First draft of one'],
      [1, 'Noël — l’été à la mer 🌊, «ça va»'],
      [0, 'Second draft of one'],
      [2, 'Three'],
      [0, 'Third draft of one'],
    ] as const) {
      const { chapter, version } = await editedChapter(book.id, index, text);
      const res = await saveChapter(alice.headers, { service_session_id: book.id, chapter, version });
      expect(res.statusCode, res.body).toBe(200);
      texts[index] = text;
      // straight from the table, not through what the server keeps
      const row = await app.ctx.db
        .selectFrom('service_sessions')
        .select('checkpoint_data')
        .where('id', '=', book.id)
        .executeTakeFirstOrThrow();
      // stored as text (the save hands SQLite UTF-8 bytes), every character as written
      expect(typeof row.checkpoint_data).toBe('string');
      const stored = JSON.parse(row.checkpoint_data) as ReturnType<typeof parseCheckpoint>;
      expect(stored.data.map((c) => c.generated_content)).toEqual(texts);
      expect(stored.another_story_subject).toBe('A life by the sea');
    }
  });
});
