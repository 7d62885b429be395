import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createBook, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { multipart, VALID, type FilePart } from '../../test/fixtures/books/forms';
import { crashingPng, hostileImages, type HostileImage } from '../../test/hostile-images';
import { sessionFileKey } from '../books/files';
import { clearLimit } from '../rate-limit';

/**
 * Issue 18, item 1: no image a client sends can crash the process. The hostile corpus goes through
 * every route that takes an image (workspace upload, book start cover, photos sent with
 * postGenerateBook) and through every export format (PDF and EPUB, then the DOCX) from stored
 * files written before images were checked. Every refused file gets a 4xx with a translated
 * message; every valid one is stored or typeset as a bounded JPEG; the server keeps answering.
 */
let app: TestApp;
let owner: TestUser;
let corpus: HostileImage[];
let address = 0;

beforeAll(async () => {
  app = await buildTestApp();
  owner = await createUser(app);
  corpus = await hostileImages();
}, 60_000);
afterAll(async () => app?.close());

/** Each call from its own address: the corpus is about images, not rate limits. */
function send(url: string, fields: Record<string, string>, files: FilePart[], headers: Record<string, string>) {
  const form = multipart(fields, files);
  address += 1;
  return app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, ...headers, lng: 'fr' },
    remoteAddress: `10.18.${Math.floor(address / 250)}.${address % 250}`,
  });
}
const file = (field: string, image: HostileImage): FilePart => ({
  field,
  filename: 'photo.png',
  contentType: 'image/png',
  data: image.data,
});

async function expectRefused(response: Awaited<ReturnType<typeof send>>, image: HostileImage) {
  expect(response.statusCode, `${image.name}: ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, image.name).toBeLessThan(500);
  const { code, error } = response.json();
  expect(error, image.name).not.toBe(code);
}

async function expectSafeJpeg(data: Buffer) {
  const meta = await sharp(data).metadata();
  expect(meta.format).toBe('jpeg');
  expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(2400);
  expect(meta.isProgressive).toBe(false);
  expect(data.includes('<script')).toBe(false);
}

/** The server still serves an ordinary request. */
async function expectServing() {
  const res = await app.inject({ method: 'GET', url: '/api/getUserSessions', headers: owner.headers });
  expect(res.statusCode).toBe(200);
}

describe('the hostile image corpus', () => {
  it('has valid and hostile files of every kind', () => {
    expect(corpus.filter((i) => i.valid).length).toBeGreaterThan(30);
    expect(corpus.filter((i) => !i.valid).length).toBeGreaterThan(60);
  });

  it('uploadSessionImage (a guest book): refuses each hostile file with a 4xx, stores each valid one as a safe JPEG', async () => {
    const book = await createBook(app, { guestToken: 'hostile-guest' });
    for (const image of corpus) {
      const res = await send(
        '/api/uploadSessionImage',
        { service_session_id: String(book.id), key: 'cover_media_photo' },
        [file('file', image)],
        {
          'x-guest-token': 'hostile-guest',
        },
      );
      if (!image.valid) {
        await expectRefused(res, image);
        continue;
      }
      expect(res.statusCode, `${image.name}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.json().success.content_type).toBe('image/jpeg');
      const stored = await app.ctx.storage.get(sessionFileKey(book.id, 'cover_media_photo'));
      await expectSafeJpeg(stored!);
    }
    await expectServing();
  });

  it('book start (cover): refuses each hostile file with a 4xx', async () => {
    for (const image of corpus.filter((i) => !i.valid)) {
      await expectRefused(await send('/api/getGenerateCategoriesWithQuestionsAsGuest', VALID[1], [file('cover', image)], {}), image);
    }
    const valid = corpus.find((i) => i.valid && i.name.includes('colour 6'))!;
    const res = await send('/api/getGenerateCategoriesWithQuestions', VALID[1], [file('cover', valid)], owner.headers);
    expect(res.statusCode, res.body).toBe(200);
    await expectSafeJpeg((await app.ctx.storage.get(sessionFileKey(res.json().success.id, 'cover_media_photo')))!);
    await expectServing();
  });

  it('postGenerateBook: refuses each hostile photo with a 4xx, typesets every valid one', async () => {
    const book = await createBook(app, { userId: owner.id }, { paid: true, chapters: 30 });
    // One request per hostile photo: more than the hourly export limit, which is not what this tests.
    const generate = async (files: FilePart[]) => {
      await clearLimit(app.ctx.db, `exports:user:${owner.id}`);
      return send('/api/postGenerateBook', { service_session_id: String(book.id) }, files, owner.headers);
    };
    for (const image of corpus.filter((i) => !i.valid)) await expectRefused(await generate([file('cover_media_photo', image)]), image);
    const valid = corpus.filter((i) => i.valid);
    const res = await generate(valid.map((image, index) => file(`chap_${Math.floor(index / 2) + 1}_media_${index % 2}`, image)));
    expect(res.statusCode, res.body).toBe(200);
    await expectServing();
  });

  it('exports (PDF, EPUB, DOCX) of a book whose stored files predate the checks: no crash, hostile files left out', async () => {
    const book = await createBook(app, { userId: owner.id }, { paid: true, chapters: 60 });
    const images = [{ name: 'the crash of issue 18', data: crashingPng(), valid: false }, ...corpus];
    await Promise.all(
      images.map((image, index) =>
        app.ctx.storage.put(sessionFileKey(book.id, `chap_${Math.floor(index / 2) + 1}_media_${index % 2}`), image.data, 'image/png'),
      ),
    );
    const res = await send('/api/postGenerateBook', { service_session_id: String(book.id) }, [], owner.headers);
    expect(res.statusCode, res.body).toBe(200);
    const pdf = await app.inject({ method: 'GET', url: `/api/bookFile/${book.id}/book.pdf`, headers: owner.headers });
    expect(pdf.statusCode).toBe(200);
    const docx = await app.inject({ method: 'GET', url: `/api/bookFile/${book.id}/book.docx`, headers: owner.headers });
    expect(docx.statusCode).toBe(200);
    await expectServing();
  }, 120_000);
});
