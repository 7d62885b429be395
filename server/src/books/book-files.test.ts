import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createBook, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { multipart } from '../../test/fixtures/books/forms';
import { startS3StandIn, type S3StandIn } from '../../test/stand-ins/s3';
import { makePng } from '../../test/sample-books';
import { normalizeImage, THUMBNAIL_EDGE } from '../images/normalize-image';
import { sessionFileKey } from './files';
import { findSessionFile, recordSessionFile } from './repository';
import { addAudiobookAndPrintFiles } from '../../test/owned-files';

/**
 * Issue 18, item 4, on the disk and on an S3-compatible bucket alike: 20 uploads racing for one
 * photo slot leave one whole image with the right type; deleting a book deletes every file it
 * owns (photos, cover, voice sample, PDF, EPUB, DOCX, audiobook, print files) and nobody else's.
 */
describe.each(['local', 's3'] as const)('book files in %s storage', (kind) => {
  let app: TestApp;
  let owner: TestUser;
  let bucket: S3StandIn | undefined;

  beforeAll(async () => {
    bucket = kind === 's3' ? await startS3StandIn() : undefined;
    app = await buildTestApp(
      bucket
        ? {
            STORAGE_PROVIDER: 's3',
            S3_ENDPOINT: bucket.url,
            S3_REGION: bucket.region,
            S3_BUCKET: bucket.bucket,
            S3_ACCESS_KEY_ID: bucket.accessKeyId,
            S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
          }
        : {},
    );
    owner = await createUser(app);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await bucket?.close();
  });

  const upload = (bookId: number, key: string, data: Buffer) => {
    const form = multipart({ service_session_id: String(bookId), key }, [
      { field: 'file', filename: 'photo.png', contentType: 'image/png', data },
    ]);
    return app.inject({
      method: 'POST',
      url: '/api/uploadSessionImage',
      payload: form.payload,
      headers: { ...form.headers, ...owner.headers },
    });
  };

  it('keeps one whole image of the right type when 20 uploads to one slot race', async () => {
    const book = await createBook(app, { userId: owner.id }, { paid: true });
    const images = Array.from({ length: 20 }, (_, i) => makePng(60 + i, 40 + i, i + 1));
    const answers = await Promise.all(images.map((data) => upload(book.id, 'chap_1_media_0', data)));
    expect(answers.map((a) => a.statusCode)).toEqual(images.map(() => 200));
    const safe = await Promise.all(images.map(normalizeImage));
    const stored = (await app.ctx.storage.get(sessionFileKey(book.id, 'chap_1_media_0')))!;
    const winner = safe.findIndex((image) => image.data.equals(stored));
    expect(winner).toBeGreaterThanOrEqual(0);
    const record = await findSessionFile(app.ctx.db, book.id, 'chap_1_media_0');
    expect(record?.content_type).toBe('image/jpeg');
    const read = await app.inject({ method: 'GET', url: `/api/sessionImage/${book.id}/chap_1_media_0`, headers: owner.headers });
    expect(read.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(read.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: safe[winner].width,
      height: safe[winner].height,
    });
  });

  it('sends a thumbnail of an image when asked (size=thumbnail), made once and following the image as it changes and goes', async () => {
    const book = await createBook(app, { userId: owner.id }, { paid: true });
    const url = `/api/sessionImage/${book.id}/cover_media_photo`;
    const thumbnailOf = () => app.inject({ method: 'GET', url: `${url}?size=thumbnail`, headers: owner.headers });
    expect((await upload(book.id, 'cover_media_photo', makePng(540, 660, 1))).statusCode).toBe(200);
    const whole = await app.inject({ method: 'GET', url, headers: owner.headers });
    const first = await thumbnailOf();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    const tall = await sharp(first.rawPayload).metadata();
    expect(tall).toMatchObject({ format: 'jpeg', height: THUMBNAIL_EDGE });
    expect(tall.width).toBeCloseTo((540 * THUMBNAIL_EDGE) / 660, -0.5);
    expect(first.rawPayload.length).toBeLessThan(whole.rawPayload.length);
    // smaller than libjpeg's own encoding of the same picture at the same quality (mozjpeg's: ~20 % less)
    const plain = await sharp(whole.rawPayload).resize({ height: THUMBNAIL_EDGE }).jpeg({ quality: 75 }).toBuffer();
    expect(first.rawPayload.length).toBeLessThan(plain.length * 0.9);
    // kept: the same bytes again
    expect((await thumbnailOf()).rawPayload.equals(first.rawPayload)).toBe(true);

    // a new cover, wide this time: its own thumbnail
    expect((await upload(book.id, 'cover_media_photo', makePng(700, 540, 2))).statusCode).toBe(200);
    const wide = await sharp((await thumbnailOf()).rawPayload).metadata();
    expect(wide.width).toBe(THUMBNAIL_EDGE);
    expect(wide.height).toBeCloseTo((540 * THUMBNAIL_EDGE) / 700, -0.5);
    // a small image is not enlarged
    expect((await upload(book.id, 'chap_1_media_0', makePng(200, 100, 3))).statusCode).toBe(200);
    const small = await app.inject({
      method: 'GET',
      url: `/api/sessionImage/${book.id}/chap_1_media_0?size=thumbnail`,
      headers: owner.headers,
    });
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 200, height: 100 });

    // removed: nothing is left of it, thumbnails included
    const removed = await app.inject({
      method: 'POST',
      url: '/api/deleteSessionImage',
      payload: { service_session_id: book.id, key: 'cover_media_photo' },
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await thumbnailOf()).statusCode).toBe(404);
    const left = bucket
      ? [...bucket.objects.keys()]
      : fs.readdirSync(path.join(app.ctx.config.dataDir, 'files', `sessions/${book.id}`), { recursive: true, encoding: 'utf8' });
    expect(left.filter((key) => key.includes('cover'))).toEqual([]);
    // an unknown size is refused
    expect((await app.inject({ method: 'GET', url: `${url}?size=huge`, headers: owner.headers })).statusCode).toBe(400);
  });

  it('deletes every file of a deleted book, and only those', async () => {
    const book = await createBook(app, { userId: owner.id }, { paid: true, chapters: 2 });
    const other = await createBook(app, { userId: owner.id }, { paid: true, chapters: 2 });
    const audiobookAndPrint: Record<number, string[]> = {};
    for (const id of [book.id, other.id]) {
      audiobookAndPrint[id] = await addAudiobookAndPrintFiles(app, owner.id, id);
      for (const key of ['cover_media_photo', 'chap_1_media_0', 'chap_2_media_1'])
        expect((await upload(id, key, makePng(50, 30))).statusCode).toBe(200);
      await app.ctx.storage.put(sessionFileKey(id, 'voice_sample'), Buffer.from('RIFF....WAVE'), 'audio/wav');
      await recordSessionFile(app.ctx.db, id, 'voice_sample', 'audio/wav', 12);
      const form = multipart({ service_session_id: String(id) });
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/postGenerateBook',
            payload: form.payload,
            headers: { ...form.headers, ...owner.headers },
          })
        ).statusCode,
      ).toBe(200);
      expect((await app.inject({ method: 'GET', url: `/api/bookFile/${id}/book.docx`, headers: owner.headers })).statusCode).toBe(200);
    }
    const keysOf = (id: number) => [
      ...['cover_media_photo', 'chap_1_media_0', 'chap_2_media_1', 'voice_sample'].map((key) => sessionFileKey(id, key)),
      ...['book.pdf', 'book.epub', 'book.docx'].map((file) => `exports/${id}/${file}`),
      ...audiobookAndPrint[id],
    ];
    for (const key of keysOf(book.id)) expect(await app.ctx.storage.get(key), key).not.toBeNull();

    const deleted = await app.inject({ method: 'POST', url: '/api/deleteSessionById', payload: { id: book.id }, headers: owner.headers });
    expect(deleted.statusCode).toBe(200);
    for (const key of keysOf(book.id)) expect(await app.ctx.storage.get(key), key).toBeNull();
    expect(await app.ctx.db.selectFrom('session_files').selectAll().where('session_id', '=', book.id).execute()).toEqual([]);
    if (bucket) {
      const left = [...bucket.objects.keys()];
      expect(left.filter((key) => key.includes(`/${book.id}/`) || audiobookAndPrint[book.id].some((gone) => key.endsWith(gone)))).toEqual(
        [],
      );
    }
    for (const key of keysOf(other.id)) expect(await app.ctx.storage.get(key), key).not.toBeNull();
  }, 60_000);
});
