import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckpointData } from '@common/schemas/session';
import { buildCheckpoint, buildTestApp, createBook, createUser, type TestApp } from '../../test/helpers';
import { JPEG } from '../../test/fixtures/books/forms';
import { findSessionRow } from '../books/repository';
import { makePng } from '../../test/sample-books';
import { newToken } from '../auth/tokens';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const buildBook = (owner: { userId?: number; guestToken?: string } = {}, options: { paid?: boolean; chapters?: number } = {}) =>
  createBook(app, owner, options);

const upsert = (headers: Record<string, string>, body: unknown) =>
  app.inject({ method: 'POST', url: '/api/upSertSession', headers, payload: body as object });

describe('GET /api/getSession/:id', () => {
  it("is 401 for anonymous callers whatever the id, and the same 404 for someone else's book and an unknown id", async () => {
    const owner = await createUser(app);
    const other = await createUser(app);
    const book = await buildBook({ userId: owner.id });
    for (const id of [book.id, 999999, 'abc']) {
      const anonymous = await app.inject({ method: 'GET', url: `/api/getSession/${id}` });
      expect(anonymous.statusCode, String(id)).toBe(401);
    }
    const foreign = await app.inject({ method: 'GET', url: `/api/getSession/${book.id}`, headers: other.headers });
    const unknown = await app.inject({ method: 'GET', url: '/api/getSession/999999', headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect(unknown.json().code).toBe('books.not_found');
    expect((await app.inject({ method: 'GET', url: '/api/getSession/abc', headers: owner.headers })).statusCode).toBe(400);
  });

  it('gives the owner the session with its progress and version', async () => {
    const owner = await createUser(app);
    const book = await buildBook({ userId: owner.id });
    const res = await app.inject({ method: 'GET', url: `/api/getSession/${book.id}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const session = res.json().success;
    expect(session).toMatchObject({ id: book.id, book_name: 'My life', is_payed: false, progress: 0, version: book.version, images: [] });
    expect(session.checkpoint_data.data).toHaveLength(3);
  });

  it('parses the stored checkpoint once per read (issue 17 item 5)', async () => {
    const owner = await createUser(app);
    const book = await buildBook({ userId: owner.id });
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const res = await app.inject({ method: 'GET', url: `/api/getSession/${book.id}`, headers: owner.headers });
      expect(res.statusCode).toBe(200);
      expect(parse.mock.calls.filter(([text]) => text === book.checkpoint_data)).toHaveLength(1);
    } finally {
      parse.mockRestore();
    }
  });

  it('opens a book again without parsing its checkpoint again while at the same version, and a changed one anew (issue 17 item 5)', async () => {
    const owner = await createUser(app);
    const book = await buildBook({ userId: owner.id });
    const open = () => app.inject({ method: 'GET', url: `/api/getSession/${book.id}`, headers: owner.headers });
    const first = await open();
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const again = await open();
      expect(again.json()).toEqual(first.json());
      expect(parse.mock.calls.filter(([text]) => text === book.checkpoint_data)).toHaveLength(0);
    } finally {
      parse.mockRestore();
    }
    // another process saves: the version moves, and the next read has the new text
    const changed = { ...buildCheckpoint(), another_story_subject: 'A life in the mountains' };
    await app.ctx.db
      .updateTable('service_sessions')
      .set({ checkpoint_data: JSON.stringify(changed), version: book.version + 1 })
      .where('id', '=', book.id)
      .execute();
    const after = (await open()).json().success;
    expect(after).toMatchObject({ version: book.version + 1, checkpoint_data: { another_story_subject: 'A life in the mountains' } });
  });

  it('gives a guest their trial book with the guest token, and nothing without it', async () => {
    const token = newToken();
    const book = await buildBook({ guestToken: token });
    expect((await app.inject({ method: 'GET', url: `/api/getSession/${book.id}`, headers: { 'x-guest-token': token } })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ method: 'GET', url: `/api/getSession/${book.id}`, headers: { 'x-guest-token': 'nope' } })).statusCode).toBe(
      404,
    );
  });
});

describe('POST /api/upSertSession', () => {
  it('refuses strangers (404, as for an unknown book) before looking at the content', async () => {
    const owner = await createUser(app);
    const other = await createUser(app);
    const book = await buildBook({ userId: owner.id });
    const res = await upsert(other.headers, { service_session_id: book.id, checkpoint_data: buildCheckpoint(), version: book.version });
    expect(res.statusCode).toBe(404);
    expect((await findSessionRow(app.ctx.db, book.id))!.version).toBe(book.version);
  });

  it('refuses a malformed checkpoint with 400 and overwrites nothing', async () => {
    const owner = await createUser(app);
    const book = await buildBook({ userId: owner.id });
    const bad = [
      { ...buildCheckpoint(), data: 'not a list' },
      { ...buildCheckpoint(), data: [{ id: 1, name: 'x' }] },
      {
        ...buildCheckpoint(),
        data: buildCheckpoint().data.map((c) => ({ ...c, questions: [{ ...c.questions[0], transcript: 'x'.repeat(2501) }] })),
      },
      { ...buildCheckpoint(), data: [buildCheckpoint().data[0], buildCheckpoint().data[0]] },
    ];
    for (const checkpoint_data of bad) {
      const res = await upsert(owner.headers, { service_session_id: book.id, checkpoint_data, version: book.version });
      expect(res.statusCode).toBe(400);
    }
    const garbage = await app.inject({
      method: 'POST',
      url: '/api/upSertSession',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: '{"service_session_id":',
    });
    expect(garbage.statusCode).toBe(400);
    const after = (await findSessionRow(app.ctx.db, book.id))!;
    expect(after.version).toBe(book.version);
    expect(after.checkpoint_data).toBe(book.checkpoint_data);
  });

  it('refuses a body over the size limit with 413', async () => {
    const owner = await createUser(app);
    const book = await buildBook({ userId: owner.id }, { paid: true });
    const big = buildCheckpoint();
    big.data = Array.from({ length: 30 }, (_, i) => ({ ...big.data[0], id: i + 1, generated_content: 'x'.repeat(190_000) }));
    const res = await upsert(owner.headers, { service_session_id: book.id, checkpoint_data: big, version: book.version + 1 });
    expect(res.statusCode).toBe(413);
    expect((await findSessionRow(app.ctx.db, book.id))!.checkpoint_data).toBe(book.checkpoint_data);
  });

  it('saves with the base version and answers the next version', async () => {
    const owner = await createUser(app);
    const book = await buildBook({ userId: owner.id });
    const checkpoint = buildCheckpoint();
    checkpoint.data[0].questions[0].transcript = 'I was born by the sea.';
    checkpoint.data[0].generated_content = 'Chapter text';
    const res = await upsert(owner.headers, { service_session_id: book.id, checkpoint_data: checkpoint, version: book.version });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toMatchObject({ id: book.id, version: book.version + 1, progress: 33 });
    const read = (await app.inject({ method: 'GET', url: `/api/getSession/${book.id}`, headers: owner.headers })).json().success;
    expect(read.checkpoint_data.data[0].questions[0].transcript).toBe('I was born by the sea.');
    expect(read.version).toBe(book.version + 1);
    expect(res.json().success.updated_at).toBe(read.updated_at);
  });

  it('answers a stale save with 409, the code and the server copy, and keeps the newer save', async () => {
    const owner = await createUser(app);
    const book = await buildBook({ userId: owner.id }, { paid: true });
    const first = buildCheckpoint();
    first.data[1].questions[0].transcript = 'Tab A';
    expect((await upsert(owner.headers, { service_session_id: book.id, checkpoint_data: first, version: book.version })).statusCode).toBe(
      200,
    );
    const second = buildCheckpoint();
    second.data[2].questions[0].transcript = 'Tab B';
    const stale = await upsert(owner.headers, { service_session_id: book.id, checkpoint_data: second, version: book.version });
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body.code).toBe('workspace.version_conflict');
    expect(body.error).toMatch(/changed/);
    expect(body.server.version).toBe(book.version + 1);
    expect(body.server.checkpoint_data.data[1].questions[0].transcript).toBe('Tab A');
    // The client merges and saves on top of the server's version: both edits survive.
    second.data[1].questions[0].transcript = 'Tab A';
    const merged = await upsert(owner.headers, { service_session_id: book.id, checkpoint_data: second, version: body.server.version });
    expect(merged.statusCode).toBe(200);
    const read = (await app.inject({ method: 'GET', url: `/api/getSession/${book.id}`, headers: owner.headers })).json().success;
    expect(read.checkpoint_data.data[1].questions[0].transcript).toBe('Tab A');
    expect(read.checkpoint_data.data[2].questions[0].transcript).toBe('Tab B');
  });

  it('lets exactly one of two concurrent saves on the same version win', async () => {
    const owner = await createUser(app);
    const book = await buildBook({ userId: owner.id });
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => {
        const c = buildCheckpoint();
        c.data[0].questions[0].transcript = `save ${n}`;
        return upsert(owner.headers, { service_session_id: book.id, checkpoint_data: c, version: book.version });
      }),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
  });

  it('lets an unpaid book change only its first chapter', async () => {
    const owner = await createUser(app);
    const book = await buildBook({ userId: owner.id });
    let version = book.version;
    const ok = buildCheckpoint();
    ok.data[0].name = 'Childhood';
    ok.data[0].questions.push({ id: 1_700_000_000_000, name: 'A new question', transcript: 'yes', question_category_id: 1 });
    ok.data[0].questions.splice(0, 1);
    ok.lookups.survey_questions[0].survey_answers[0].is_selected = true;
    const saved = await upsert(owner.headers, { service_session_id: book.id, checkpoint_data: ok, version });
    expect(saved.statusCode).toBe(200);
    version = saved.json().success.version;

    const refused = (mutate: (c: CheckpointData) => void) => {
      const c = structuredClone(ok);
      mutate(c);
      return upsert(owner.headers, { service_session_id: book.id, checkpoint_data: c, version });
    };
    const attempts = [
      (c: CheckpointData) => c.data.push({ ...c.data[1], id: 99, name: 'New chapter' }),
      (c: CheckpointData) => c.data.splice(2, 1),
      (c: CheckpointData) => c.data.reverse(),
      (c: CheckpointData) => {
        c.data[1].questions[0].transcript = 'sneaky';
      },
      (c: CheckpointData) => {
        c.data[2].name = 'Renamed';
      },
      (c: CheckpointData) => {
        c.data[1].questions.pop();
      },
      (c: CheckpointData) => {
        c.data[2].generated_content = 'free text';
      },
    ];
    for (const attempt of attempts) {
      const res = await refused(attempt);
      expect(res.statusCode).toBe(402);
      expect(res.json().code).toBe('workspace.locked_chapter');
    }
    expect((await findSessionRow(app.ctx.db, book.id))!.version).toBe(version);
  });

  it('lets a paid book add, delete and reorder chapters and questions', async () => {
    const owner = await createUser(app);
    const book = await buildBook({ userId: owner.id }, { paid: true });
    const c = buildCheckpoint();
    c.data.push({
      id: 1_700_000_000_001,
      name: 'New',
      questions: [{ id: 1_700_000_000_002, name: 'Q', transcript: '', question_category_id: 1_700_000_000_001 }],
      generated_content: '',
      generated_count: 0,
    });
    c.data.reverse();
    c.data.splice(1, 1);
    c.data[0].questions.push({ id: 5, name: 'Q2', transcript: 'a', question_category_id: c.data[0].id });
    const res = await upsert(owner.headers, { service_session_id: book.id, checkpoint_data: c, version: book.version });
    expect(res.statusCode).toBe(200);
    const read = (await app.inject({ method: 'GET', url: `/api/getSession/${book.id}`, headers: owner.headers })).json().success;
    expect(read.checkpoint_data.data.map((x: { id: number }) => x.id)).toEqual([1_700_000_000_001, 2, 1]);
  });

  it('keeps the fields the author cannot change (plans, category, generation counts, fidelity)', async () => {
    const owner = await createUser(app);
    const checkpoint = buildCheckpoint();
    checkpoint.data[0].generated_count = 2;
    checkpoint.fidelity = 'own_words';
    const book = await createBook(app, { userId: owner.id }, { checkpoint });
    const c = buildCheckpoint();
    c.general_category_id = 3;
    c.data[0].generated_count = 0;
    c.fidelity = 'polished';
    const res = await upsert(owner.headers, { service_session_id: book.id, checkpoint_data: c, version: book.version });
    expect(res.statusCode).toBe(200);
    const stored = JSON.parse((await findSessionRow(app.ctx.db, book.id))!.checkpoint_data);
    expect(stored.general_category_id).toBe(1);
    expect(stored.data[0].generated_count).toBe(2);
    expect(stored.fidelity).toBe('own_words');
  });

  it('refuses a checkpoint whose questions share an id (400), and stores nothing', async () => {
    const owner = await createUser(app);
    const book = await buildBook({ userId: owner.id });
    const c = buildCheckpoint();
    const twin = { ...c.data[0].questions[0], transcript: 'a second answer under the same id' };
    c.data[0].questions.push(twin);
    const res = await upsert(owner.headers, { service_session_id: book.id, checkpoint_data: c, version: book.version });
    expect(res.statusCode).toBe(400);
    expect((await findSessionRow(app.ctx.db, book.id))!.version).toBe(book.version);
  });

  it('lets a guest save their trial book with the guest token', async () => {
    const token = newToken();
    const book = await buildBook({ guestToken: token });
    const c = buildCheckpoint();
    c.data[0].questions[0].transcript = 'Sono nato a Napoli.';
    const res = await upsert({ 'x-guest-token': token }, { service_session_id: book.id, checkpoint_data: c, version: book.version });
    expect(res.statusCode).toBe(200);
    expect((await upsert({}, { service_session_id: book.id, checkpoint_data: c, version: book.version + 1 })).statusCode).toBe(401);
  });
});

describe('POST /api/updateBookAttribute', () => {
  it('updates the title (trimmed), introduction and summary of the owner only', async () => {
    const owner = await createUser(app);
    const other = await createUser(app);
    const book = await buildBook({ userId: owner.id });
    const call = (headers: Record<string, string>, attribute: string, value: string) =>
      app.inject({ method: 'POST', url: '/api/updateBookAttribute', headers, payload: { id: book.id, attribute, value } });
    expect((await call(other.headers, 'book_name', 'Stolen')).statusCode).toBe(404);
    expect((await call(owner.headers, 'checkpoint_data', 'x')).statusCode).toBe(400);
    expect((await call(owner.headers, 'book_name', '   ')).statusCode).toBe(400);
    const named = await call(owner.headers, 'book_name', '  The sea and me  ');
    expect(named.statusCode).toBe(200);
    expect(named.json().success.value).toBe('The sea and me');
    expect((await call(owner.headers, 'introduction', 'Once upon a time')).statusCode).toBe(200);
    expect((await call(owner.headers, 'book_summary', 'The end')).statusCode).toBe(200);
    const row = (await findSessionRow(app.ctx.db, book.id))!;
    expect(row).toMatchObject({
      book_name: 'The sea and me',
      introduction: 'Once upon a time',
      book_summary: 'The end',
      version: book.version,
    });
  });
});

describe('title, introduction and summary are version-checked by the value they started from', () => {
  it('of two concurrent edits from one value exactly one is stored; the other gets 409 with the server copy', async () => {
    const owner = await createUser(app);
    const book = await buildBook({ userId: owner.id });
    const edit = (attribute: string, value: string, previous_value: string) =>
      app.inject({
        method: 'POST',
        url: '/api/updateBookAttribute',
        headers: owner.headers,
        payload: { id: book.id, attribute, value, previous_value },
      });
    for (const attribute of ['introduction', 'book_summary', 'book_name'] as const) {
      const start = (await findSessionRow(app.ctx.db, book.id))![attribute];
      const [a, b] = await Promise.all([
        edit(attribute, `${attribute} from tab A`, start),
        edit(attribute, `${attribute} from tab B`, start),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const [won, lost] = a.statusCode === 200 ? [a, b] : [b, a];
      const stored = (await findSessionRow(app.ctx.db, book.id))![attribute];
      expect(stored).toBe(won.json().success.value);
      expect(lost.json()).toMatchObject({ code: 'workspace.attribute_conflict', server: { attribute, value: stored } });
      // the client merges and saves again from the server's value: nothing is lost
      const merged = `${stored} / ${attribute} from tab ${a.statusCode === 200 ? 'B' : 'A'}`;
      expect((await edit(attribute, merged, stored)).statusCode).toBe(200);
      expect((await findSessionRow(app.ctx.db, book.id))![attribute]).toBe(merged);
    }
  });
});

describe('POST /api/postCheckAllChaptersSubmitted', () => {
  it('tells whether every chapter was generated', async () => {
    const owner = await createUser(app);
    const book = await buildBook({ userId: owner.id }, { paid: true, chapters: 2 });
    const check = () =>
      app.inject({
        method: 'POST',
        url: '/api/postCheckAllChaptersSubmitted',
        headers: owner.headers,
        payload: { service_session_id: book.id },
      });
    expect((await check()).json().success).toEqual({ all_chapters_submitted: false, unsubmitted_chapter_ids: [1, 2] });
    const c = buildCheckpoint(2);
    c.data.forEach((ch) => {
      ch.generated_content = 'Text';
      ch.submitted_at = '2026-01-01 10:00:00';
    });
    await upsert(owner.headers, { service_session_id: book.id, checkpoint_data: c, version: book.version });
    expect((await check()).json().success.all_chapters_submitted).toBe(true);
    const stranger = await createUser(app);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/postCheckAllChaptersSubmitted',
          headers: stranger.headers,
          payload: { service_session_id: book.id },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('images', () => {
  const png = makePng(20, 20);
  const jpeg = JPEG;

  function multipart(fields: Record<string, string>, file?: { data: Buffer; name: string; type: string }) {
    const boundary = `----plume${crypto.randomBytes(8).toString('hex')}`;
    const chunks: Buffer[] = [];
    for (const [name, value] of Object.entries(fields)) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
    if (file) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
        ),
      );
      chunks.push(file.data, Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
  }

  const upload = (headers: Record<string, string>, fields: Record<string, string>, file?: { data: Buffer; name: string; type: string }) => {
    const body = multipart(fields, file);
    return app.inject({
      method: 'POST',
      url: '/api/uploadSessionImage',
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  it('stores a cover and chapter photos for the owner only, by magic bytes and size', async () => {
    const owner = await createUser(app);
    const other = await createUser(app);
    const book = await buildBook({ userId: owner.id });
    const id = String(book.id);
    expect(
      (await upload(other.headers, { service_session_id: id, key: 'cover_media_photo' }, { data: png, name: 'a.png', type: 'image/png' }))
        .statusCode,
    ).toBe(404);
    const notImage = await upload(
      owner.headers,
      { service_session_id: id, key: 'cover_media_photo' },
      { data: Buffer.from('GIF89a....'), name: 'a.png', type: 'image/png' },
    );
    expect(notImage.statusCode).toBe(415);
    const big = await upload(
      owner.headers,
      { service_session_id: id, key: 'cover_media_photo' },
      { data: Buffer.concat([png, Buffer.alloc(307_200)]), name: 'a.png', type: 'image/png' },
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('workspace.image_too_big');
    expect(
      (await upload(owner.headers, { service_session_id: id, key: 'chap_1_media_2' }, { data: png, name: 'a.png', type: 'image/png' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await upload(owner.headers, { service_session_id: id, key: 'chap_77_media_0' }, { data: png, name: 'a.png', type: 'image/png' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await upload(owner.headers, { service_session_id: id, key: 'chap_2_media_0' }, { data: png, name: 'a.png', type: 'image/png' }))
        .statusCode,
    ).toBe(402);

    const cover = await upload(
      owner.headers,
      { service_session_id: id, key: 'cover_media_photo' },
      { data: png, name: 'a.png', type: 'image/png' },
    );
    expect(cover.statusCode).toBe(200);
    // Every image is stored as the safe JPEG made from it (images/normalize-image).
    expect(cover.json().success).toMatchObject({ key: 'cover_media_photo', content_type: 'image/jpeg' });
    expect(
      (await upload(owner.headers, { service_session_id: id, key: 'chap_1_media_0' }, { data: jpeg, name: 'b.jpg', type: 'image/jpeg' }))
        .statusCode,
    ).toBe(200);

    const read = await app.inject({ method: 'GET', url: `/api/sessionImage/${id}/chap_1_media_0`, headers: owner.headers });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(read.rawPayload).metadata()).format).toBe('jpeg');
    expect((await app.inject({ method: 'GET', url: `/api/sessionImage/${id}/chap_1_media_0`, headers: other.headers })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'GET', url: `/api/sessionImage/${id}/chap_1_media_0` })).statusCode).toBe(401);

    const session = (await app.inject({ method: 'GET', url: `/api/getSession/${id}`, headers: owner.headers })).json().success;
    expect(session.images).toEqual(['chap_1_media_0', 'cover_media_photo']);

    const removed = await app.inject({
      method: 'POST',
      url: '/api/deleteSessionImage',
      headers: owner.headers,
      payload: { service_session_id: book.id, key: 'chap_1_media_0' },
    });
    expect(removed.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/sessionImage/${id}/chap_1_media_0`, headers: owner.headers })).statusCode).toBe(
      404,
    );
  });

  it('deletes the photos of a chapter deleted from a paid book', async () => {
    const owner = await createUser(app);
    const book = await buildBook({ userId: owner.id }, { paid: true });
    const id = String(book.id);
    expect(
      (await upload(owner.headers, { service_session_id: id, key: 'chap_3_media_1' }, { data: png, name: 'a.png', type: 'image/png' }))
        .statusCode,
    ).toBe(200);
    const c = buildCheckpoint();
    c.data.pop();
    expect((await upsert(owner.headers, { service_session_id: book.id, checkpoint_data: c, version: book.version })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/sessionImage/${id}/chap_3_media_1`, headers: owner.headers })).statusCode).toBe(
      404,
    );
  });
});
