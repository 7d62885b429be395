import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestApp } from '../../test/helpers';
import { hashToken } from '../auth/tokens';
import { insertSession, parseCheckpoint } from '../books/repository';
import { makePng, sampleBook } from '../../test/sample-books';
import { exportPool } from './pool';
import { generateBook, loadBookSource } from './service';
import { bookImages } from './photos';
import { pdfText } from '../../test/export-support';

function multipart(fields: Record<string, string>, files: Record<string, { data: Buffer; type: string }> = {}) {
  const boundary = `----plume${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.bin"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('postGenerateBook and bookFile', () => {
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let other: Awaited<ReturnType<typeof createUser>>;
  let bookId: number;
  let guestBookId: number;

  /** A book of the owner's, stored as it is in the database. */
  const ownersBook = (bookName: string, language: string, checkpoint: ReturnType<typeof sampleBook>['checkpoint']) =>
    insertSession(app.ctx.db, {
      user_id: owner.id,
      guest_token_hash: null,
      service_id: 1,
      general_category_id: 1,
      book_name: bookName,
      language,
      checkpoint,
    });

  beforeAll(async () => {
    app = await buildTestApp();
    owner = await createUser(app, { first_name: 'Zoë' });
    other = await createUser(app);
    const source = sampleBook('fr', { chapters: 3, wordsPerChapter: 300 });
    const row = await ownersBook(source.book_name, 'fr', source.checkpoint);
    bookId = row.id;
    const guest = await insertSession(app.ctx.db, {
      user_id: null,
      guest_token_hash: hashToken('guest-token-1'),
      service_id: 1,
      general_category_id: 1,
      book_name: 'Guest book',
      language: 'en',
      checkpoint: sampleBook('en', { chapters: 1 }).checkpoint,
    });
    guestBookId = guest.id;
    // The workspace keeps the cover and chapter photos in storage.
    await app.ctx.storage.put(`sessions/${bookId}/cover_media_photo`, makePng(300, 400, 2), 'image/png');
    await app.ctx.storage.put(`sessions/${bookId}/chap_1000_media_0`, makePng(320, 200, 4), 'image/png');
  }, 120_000);
  afterAll(async () => app?.close());

  const generate = (
    headers: Record<string, string>,
    fields: Record<string, string>,
    files?: Record<string, { data: Buffer; type: string }>,
  ) => {
    const form = multipart(fields, files);
    return app.inject({ method: 'POST', url: '/api/postGenerateBook', payload: form.payload, headers: { ...form.headers, ...headers } });
  };

  it('refuses visitors and guests (401), other users (404, as an unknown book), unknown books (404), bad input (400)', async () => {
    expect((await generate({}, { service_session_id: String(bookId) })).statusCode).toBe(401);
    expect((await generate({ 'x-guest-token': 'guest-token-1' }, { service_session_id: String(guestBookId) })).statusCode).toBe(401);
    const forbidden = await generate(other.headers, { service_session_id: String(bookId) });
    expect(forbidden.statusCode).toBe(404);
    expect(forbidden.json().code).toBe('books.not_found');
    expect((await generate(owner.headers, { service_session_id: '999999' })).statusCode).toBe(404);
    expect((await generate(owner.headers, { service_session_id: 'abc' })).statusCode).toBe(400);
  });

  it('checks uploaded photos: key, type, size', async () => {
    const id = String(bookId);
    const badKey = await generate(owner.headers, { service_session_id: id }, { '../evil': { data: makePng(10, 10), type: 'image/png' } });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().code).toBe('exports.image_key');
    const notImage = await generate(
      owner.headers,
      { service_session_id: id },
      { chap_1000_media_1: { data: Buffer.from('<svg onload=alert(1)>'), type: 'image/png' } },
    );
    expect(notImage.statusCode).toBe(415);
    const tooBig = await generate(
      { ...owner.headers, lng: 'fr' },
      { service_session_id: id },
      { chap_1000_media_1: { data: Buffer.alloc(307_201, 1), type: 'image/jpeg' } },
    );
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toMatch(/300\sKo/); // the space may be a (narrow) no-break space
  });

  it('makes the PDF, EPUB and DOCX, served only to the owner', async () => {
    const response = await generate(
      owner.headers,
      { service_session_id: String(bookId) },
      { chap_1001_media_1: { data: makePng(300, 300, 5), type: 'image/png' } },
    );
    expect(response.statusCode).toBe(200);
    const result = response.json().success;
    expect(result).toMatchObject({
      url: `/api/bookFile/${bookId}/book.pdf`,
      name: 'Les-Annees-du-verger.pdf',
      epub_url: `/api/bookFile/${bookId}/book.epub`,
      epub_name: 'Les-Annees-du-verger.epub',
      docx_url: `/api/bookFile/${bookId}/book.docx`,
      docx_name: 'Les-Annees-du-verger.docx',
    });
    const pdf = await app.inject({ method: 'GET', url: result.url, headers: owner.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="Les-Annees-du-verger.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Stored cover + stored chapter photo + uploaded photo = 3 images.
    expect(pdf.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(3);
    const epub = await app.inject({ method: 'GET', url: result.epub_url, headers: owner.headers });
    expect(epub.headers['content-type']).toBe('application/epub+zip');
    expect(epub.rawPayload.subarray(30, 38).toString()).toBe('mimetype');
    const docx = await app.inject({ method: 'GET', url: result.docx_url, headers: owner.headers });
    expect(docx.statusCode).toBe(200);

    expect((await app.inject({ method: 'GET', url: result.url })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: result.url, headers: other.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/bookFile/${bookId}/..%2Fsecret.pdf`, headers: owner.headers })).statusCode).toBe(
      400,
    );
  }, 120_000);

  it('runs one export for a double click, two for two different asks, in the worker pool', async () => {
    // A book never exported, of 48 000 words: nothing typeset yet, so its export runs long enough (~0.5 s here, against
    // ~50 ms for a small book whose typesetting is kept) that the second click finds it running on a loaded machine too.
    const source = sampleBook('en', { chapters: 12, wordsPerChapter: 4000 });
    const row = await ownersBook('Double click', 'en', source.checkpoint);
    const id = String(row.id);
    const before = exportPool.completed;
    const [first, second] = await Promise.all([
      generate(owner.headers, { service_session_id: id }),
      generate(owner.headers, { service_session_id: id }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    expect(exportPool.completed - before).toBe(1);

    // The same photo sent by both asks is one export (in the other trim size, typeset for the first time here).
    const withPhoto = (seed: number, trim = 'a5') =>
      generate(
        owner.headers,
        { service_session_id: id, trim_size: trim },
        { chap_1001_media_1: { data: makePng(300, 300, seed), type: 'image/png' } },
      );
    const samePhoto = await Promise.all([withPhoto(7, '6x9'), withPhoto(7, '6x9')]);
    expect(samePhoto.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(exportPool.completed - before).toBe(2);

    // A different trim size is another export: it waits for the running one instead of racing it.
    const [a5, sixByNine] = await Promise.all([
      generate(owner.headers, { service_session_id: id }),
      generate(owner.headers, { service_session_id: id, trim_size: '6x9' }),
    ]);
    expect([a5.statusCode, sixByNine.statusCode]).toEqual([200, 200]);
    expect(exportPool.completed - before).toBe(4);
    const pdf = (await app.inject({ method: 'GET', url: sixByNine.json().success.url, headers: owner.headers })).rawPayload.toString(
      'latin1',
    );
    expect(pdf.startsWith('%PDF-') && pdf.trimEnd().endsWith('%%EOF')).toBe(true);

    // Another photo under the same key is another export.
    const otherPhoto = await Promise.all([withPhoto(7), withPhoto(8)]);
    expect(otherPhoto.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(exportPool.completed - before).toBe(6);
  }, 120_000);

  it('re-exports after one change: only that chapter laid out, only that photo re-encoded; the files show it as a fresh export does', async () => {
    const source = sampleBook('en', { chapters: 3, wordsPerChapter: 400 });
    const row = await ownersBook('Cached', 'en', source.checkpoint);
    const photo = (key: string) => `sessions/${row.id}/${key}`;
    await app.ctx.storage.put(photo('chap_1000_media_0'), makePng(320, 200, 4), 'image/png');
    await app.ctx.storage.put(photo('chap_1002_media_1'), makePng(200, 320, 6), 'image/png');
    const stored = async (file: string) => (await app.ctx.storage.get(`exports/${row.id}/${file}`))!;
    const exportOf = (book: typeof row) => generateBook(app.ctx, book, { author: 'Ada', uploads: new Map() });

    const first = await exportOf(row);
    expect([first.chaptersLaidOut, first.photosMade]).toEqual([3, 2]);

    // The second chapter grows (later chapters move to other pages); the first chapter's photo changes, same size.
    const checkpoint = parseCheckpoint(row);
    checkpoint.data[1].generated_content += `\n\nZanzibar ${'and the orchard was quiet that year '.repeat(60)}`;
    const changed = { ...row, checkpoint_data: JSON.stringify(checkpoint) };
    const newPhoto = makePng(320, 200, 40);
    await app.ctx.storage.put(photo('chap_1000_media_0'), newPhoto, 'image/png');
    const second = await exportOf(changed);
    expect([second.chaptersLaidOut, second.photosMade]).toEqual([1, 1]);
    const [cachedPdf, cachedEpub] = [await stored('book.pdf'), await stored('book.epub')];
    // the new photo is printed: its JPEG (kept after its 40-byte header) is embedded as it is
    const newJpeg = (await stored('cache/chap_1000_media_0.jpg')).subarray(40);
    expect(cachedPdf.includes(newJpeg)).toBe(true);
    expect(cachedEpub.includes(newJpeg)).toBe(true);

    await app.ctx.storage.deleteAll(`exports/${row.id}/cache/`);
    const fresh = await exportOf(changed);
    expect([fresh.chaptersLaidOut, fresh.photosMade]).toEqual([3, 2]);
    expect(fresh.book.page_count).toBe(second.book.page_count);
    expect(fresh.book.page_count).toBeGreaterThan(first.book.page_count);
    const [cachedText, freshText] = await Promise.all([pdfText(cachedPdf), pdfText(await stored('book.pdf'))]);
    expect(cachedText.text).toContain('Zanzibar');
    expect(cachedText.text).toBe(freshText.text);
    expect((await stored('book.pdf')).includes(newJpeg)).toBe(true);
  }, 180_000);

  it('hands the stored photos to the worker raw: the request thread neither decodes nor hashes them; the worker makes them safe', async () => {
    const source = sampleBook('en', { chapters: 2, wordsPerChapter: 50 });
    const row = await ownersBook('Raw', 'en', source.checkpoint);
    const png = makePng(120, 80, 9);
    const junk = Buffer.from('not a photo at all');
    await app.ctx.storage.put(`sessions/${row.id}/chap_1000_media_0`, png, 'image/png');
    await app.ctx.storage.put(`sessions/${row.id}/chap_1001_media_1`, junk, 'image/png');
    const loaded = await loadBookSource(app.ctx, row, 'Ada', new Map());
    expect(loaded.images.size).toBe(0);
    expect([...loaded.stored.keys()].sort()).toEqual(['chap_1000_media_0', 'chap_1001_media_1']);
    expect(Buffer.from(loaded.stored.get('chap_1000_media_0')!.data).equals(png)).toBe(true);
    expect(loaded.stored.get('chap_1000_media_0')!.kept).toBeNull();

    const made = await bookImages(loaded.images, loaded.stored);
    expect(made.photosMade).toBe(2);
    expect([...made.images.keys()]).toEqual(['chap_1000_media_0']); // the junk is left out
    expect(made.images.get('chap_1000_media_0')).toMatchObject({ type: 'jpeg', width: 120, height: 80 });
    const kept = made.kept['chap_1000_media_0'];
    expect(Object.keys(made.kept)).toEqual(['chap_1000_media_0']);
    // kept with the hash of the stored file: given back, it is reused as it is; a changed file is made again
    const again = await bookImages(new Map(), new Map([['chap_1000_media_0', { data: png, kept }]]));
    expect([again.photosMade, Object.keys(again.kept).length]).toEqual([0, 0]);
    expect(again.images.get('chap_1000_media_0')!.data.equals(made.images.get('chap_1000_media_0')!.data)).toBe(true);
    const changed = await bookImages(new Map(), new Map([['chap_1000_media_0', { data: makePng(120, 80, 10), kept }]]));
    expect(changed.photosMade).toBe(1);
  }, 60_000);

  it('answers 404 for a file not made yet', async () => {
    const source = sampleBook('en', { chapters: 1 });
    const row = await ownersBook('x', 'en', source.checkpoint);
    const response = await app.inject({ method: 'GET', url: `/api/bookFile/${row.id}/book.pdf`, headers: owner.headers });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('exports.file_not_found');
  });
});
