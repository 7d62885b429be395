import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newToken } from '../auth/tokens';
import { sessionFileKey } from '../books/files';
import { buildTestApp, createBook, createUser, type TestApp } from '../../test/helpers';
import { startS3StandIn, type S3StandIn } from '../../test/stand-ins/s3';
import { makeWav, multipart, readFixture } from '../../test/sample-audio';
import { VOICE_SAMPLE_KEY } from './voice-sample';

/** The audiobook's voice sample: POST /api/uploadVoiceSample and GET /api/voiceSample/:id. */
describe('voice sample', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ STT_PROVIDER: 'none', UPLOAD_LIMIT_BYTES: 2_000_000 });
  });
  afterAll(() => app?.close());

  async function upload(
    headers: Record<string, string>,
    fields: Record<string, string>,
    file?: { data: Buffer; name?: string; field?: string },
  ) {
    const body = await multipart(
      fields,
      file && { field: file.field ?? 'voice_sample', data: file.data, name: file.name ?? 'voice_sample.wav', type: 'audio/wav' },
    );
    return app.inject({ method: 'POST', url: '/api/uploadVoiceSample', headers: { ...headers, ...body.headers }, payload: body.payload });
  }
  const status = (headers: Record<string, string>, id: number) => app.inject({ method: 'GET', url: `/api/voiceSample/${id}`, headers });
  const ownBook = async () => {
    const user = await createUser(app);
    const book = await createBook(app, { userId: user.id });
    return { user, book, fields: { service_session_id: String(book.id) } };
  };

  it('is for signed-in authors only: a guest, even holding the book’s token, gets 401', async () => {
    const guestToken = newToken();
    const book = await createBook(app, { guestToken });
    const res = await upload({ 'x-guest-token': guestToken }, { service_session_id: String(book.id) }, { data: makeWav(40) });
    expect(res.statusCode).toBe(401);
    expect((await status({ 'x-guest-token': guestToken }, book.id)).statusCode).toBe(401);
    expect(await app.ctx.storage.get(sessionFileKey(book.id, VOICE_SAMPLE_KEY))).toBeNull();
  });

  it('refuses another author’s book with 404, as an unknown one', async () => {
    const { book, fields } = await ownBook();
    const other = await createUser(app);
    const res = await upload(other.headers, fields, { data: makeWav(40) });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('books.not_found');
    expect((await status(other.headers, book.id)).statusCode).toBe(404);
    expect(await app.ctx.storage.get(sessionFileKey(book.id, VOICE_SAMPLE_KEY))).toBeNull();
  });

  it('refuses what is not audio with 415, whatever its name and declared type', async () => {
    const { user, book, fields } = await ownBook();
    const res = await upload({ ...user.headers, lng: 'fr' }, fields, {
      data: Buffer.from('<html>not a recording, just text pretending</html>'),
      name: 'voice.wav',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'speech.unsupported_audio' });
    expect(res.json().error).toContain('format d’enregistrement n’est pas pris en charge');
    expect((await status(user.headers, book.id)).json()).toEqual({ success: { exists: false, duration_seconds: null } });
  });

  it('refuses a sample shorter than 30 s or longer than 120 s, and a missing file', async () => {
    const { user, fields } = await ownBook();
    const short = await upload({ ...user.headers, lng: 'it' }, fields, { data: makeWav(5) });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('speech.sample_too_short');
    expect(short.json().error).toBe('Questo campione della voce è troppo breve. Legga ad alta voce per almeno 30 secondi.');
    const long = await upload(user.headers, fields, { data: makeWav(121, 2000) });
    expect(long.statusCode).toBe(413);
    expect(long.json().code).toBe('speech.sample_too_long');
    const missing = await upload(user.headers, fields, { field: 'audio', data: makeWav(40) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('speech.sample_missing');
  });

  it('refuses a file over the size limit with 413', async () => {
    const { user, fields } = await ownBook();
    // 60 s of 48 kHz 16-bit mono: about 5.8 MB, over this app's 2 MB upload limit
    const res = await upload(user.headers, fields, { data: makeWav(60, 48_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('speech.sample_too_large');
  });

  it('stores a real recording under the book’s files and says so: success true', async () => {
    const { user, book, fields } = await ownBook();
    const webm = readFixture('chromium-recording.webm');
    // the real browser fixture is a short clip: too short for a voice sample
    expect((await upload(user.headers, fields, { data: webm, name: 'abcdefgh1700000000000.webm' })).json().code).toBe(
      'speech.sample_too_short',
    );

    const wav = makeWav(30);
    const res = await upload(user.headers, fields, { data: wav, name: 'Xy7Qa9Lm1732240000000.wav' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await app.ctx.storage.get(sessionFileKey(book.id, VOICE_SAMPLE_KEY))).toEqual(wav);
    expect((await status(user.headers, book.id)).json()).toEqual({ success: { exists: true, duration_seconds: 30 } });
    // not an image: the workspace's image list (GET shape) is unchanged
    const session = await app.inject({ method: 'GET', url: `/api/getSession/${book.id}`, headers: user.headers });
    expect(session.json().success.images).toEqual([]);
  });

  it('replaces the previous sample', async () => {
    const { user, book, fields } = await ownBook();
    expect((await upload(user.headers, fields, { data: makeWav(35) })).statusCode).toBe(200);
    const second = makeWav(45);
    expect((await upload(user.headers, fields, { data: second })).json()).toEqual({ success: true });
    expect(await app.ctx.storage.get(sessionFileKey(book.id, VOICE_SAMPLE_KEY))).toEqual(second);
    expect((await status(user.headers, book.id)).json()).toEqual({ success: { exists: true, duration_seconds: 45 } });
    const rows = await app.ctx.db.selectFrom('session_files').selectAll().where('session_id', '=', book.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: VOICE_SAMPLE_KEY, content_type: 'audio/wav', size: second.length });
  });
});

/**
 * Issue 18 item 4: concurrent uploads to one book leave one whole sample, recorded with its own type
 * and size. On a bucket whose PUT answers come back in the reverse order of arrival (the first one
 * stored is acknowledged last), so that the uploads' steps interleave as they do between nodes.
 */
describe('voice sample uploads racing on an S3-compatible bucket', () => {
  let app: TestApp;
  let bucket: S3StandIn;
  beforeAll(async () => {
    bucket = await startS3StandIn({ putAnswerDelayMs: (rank) => Math.max(0, 10 - rank) * 30 });
    app = await buildTestApp({
      STT_PROVIDER: 'none',
      UPLOAD_LIMIT_BYTES: 2_000_000,
      STORAGE_PROVIDER: 's3',
      S3_ENDPOINT: bucket.url,
      S3_REGION: bucket.region,
      S3_BUCKET: bucket.bucket,
      S3_ACCESS_KEY_ID: bucket.accessKeyId,
      S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
    });
  });
  afterAll(async () => {
    await app?.close();
    await bucket?.close();
  });
  const upload = async (headers: Record<string, string>, fields: Record<string, string>, file: { data: Buffer }) => {
    const body = await multipart(fields, {
      field: 'voice_sample',
      data: file.data,
      name: 'voice_sample.bin',
      type: 'application/octet-stream',
    });
    return app.inject({ method: 'POST', url: '/api/uploadVoiceSample', headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const ownBook = async () => {
    const user = await createUser(app);
    const book = await createBook(app, { userId: user.id });
    return { user, book, fields: { service_session_id: String(book.id) } };
  };

  it('keeps one whole sample with its own content type when 10 uploads of WAV and MP3 race (10: the rate limit)', async () => {
    const { user, book, fields } = await ownBook();
    // a constant-bitrate MPEG-2 layer III stream (8 kbit/s): 1 000 bytes a second after its first header
    const mp3 = (seconds: number) => Buffer.concat([Buffer.from([0xff, 0xf3, 0x10, 0x00]), Buffer.alloc(seconds * 1000 - 4)]);
    const samples = Array.from({ length: 10 }, (_, i) =>
      i % 2 === 0 ? { data: makeWav(31 + i), type: 'audio/wav' } : { data: mp3(31 + i), type: 'audio/mpeg' },
    );
    const answers = await Promise.all(samples.map((sample) => upload(user.headers, fields, { data: sample.data })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(samples.map(() => 200));
    const stored = (await app.ctx.storage.get(sessionFileKey(book.id, VOICE_SAMPLE_KEY)))!;
    const winner = samples.find((sample) => sample.data.equals(stored));
    expect(winner, 'the stored file is one whole upload').toBeDefined();
    const rows = await app.ctx.db.selectFrom('session_files').selectAll().where('session_id', '=', book.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: VOICE_SAMPLE_KEY, content_type: winner!.type, size: stored.length });
  });
});
