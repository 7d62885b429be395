import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newToken } from '../auth/tokens';
import { buildTestApp, createBook, createUser, type TestApp } from '../../test/helpers';
import { startWhisperStandIn, type WhisperStandIn } from '../../test/stand-ins/whisper';
import { startGoogleSttStandIn, type GoogleSttStandIn } from '../../test/stand-ins/google-stt';
import { SPEECH_RATE_LIMIT } from './service';
import { makeWav, multipart, readFixture } from '../../test/sample-audio';

const webm = readFixture('chromium-recording.webm');

const newBook = (app: TestApp, owner: { userId?: number; guestToken?: string }, language = 'fr') =>
  createBook(app, owner, { language, checkpoint: { data: [] } as never });

/** A link for a relative to answer question 10 of a paid book (or only read it). */
async function familyLink(app: TestApp, permission: 'answer' | 'read' = 'answer', language = 'it') {
  const author = await createUser(app);
  const book = await createBook(app, { userId: author.id }, { paid: true, language: 'fr' });
  const created = await app.inject({
    method: 'POST',
    url: '/api/createFamilyInvitation',
    headers: author.headers,
    payload: {
      service_session_id: book.id,
      contributor_name: 'Marie',
      relation: 'sister',
      language,
      permission,
      chapter_id: 1,
      question_ids: [10],
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const { id, url } = created.json().success as { id: number; url: string };
  return { author, book, id, token: url.slice(url.indexOf('#') + 1) };
}

async function relativeUpload(app: TestApp, token: string | null, fields: Record<string, string> = {}) {
  const body = await multipart(fields, { data: readFixture('speech-en.wav'), name: 'a.wav' });
  return app.inject({
    method: 'POST',
    url: '/api/contributorSpeechToText',
    headers: { ...(token && { 'x-invitation-token': token }), ...body.headers },
    payload: body.payload,
  });
}

async function upload(
  app: TestApp,
  headers: Record<string, string>,
  fields: Record<string, string>,
  file?: { data: Buffer; name: string; type?: string; field?: string },
) {
  const body = await multipart(fields, file);
  return app.inject({ method: 'POST', url: '/api/getGoogleSpeechToText', headers: { ...headers, ...body.headers }, payload: body.payload });
}

describe('speech with no provider (the offline default)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ STT_PROVIDER: 'none' });
  });
  afterAll(() => app?.close());

  it('tells the client there is none', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/speechConfig' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: { provider: 'none', max_seconds: 120, max_bytes: 10_000_000 } });
  });

  it('answers 401 to a stranger, then 503 speech.not_configured, translated', async () => {
    expect((await upload(app, {}, {}, { data: webm, name: 'abcdefgh1700000000000.webm' })).statusCode).toBe(401);
    const user = await createUser(app);
    const res = await upload(app, { ...user.headers, lng: 'fr' }, {}, { data: webm, name: 'abcdefgh1700000000000.webm' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'speech.not_configured' });
    expect(res.json().error).toContain('La saisie vocale n’est pas configurée');
  });
});

describe('speech with an OpenAI-compatible provider', () => {
  let app: TestApp;
  let whisper: WhisperStandIn;
  beforeAll(async () => {
    whisper = await startWhisperStandIn({ apiKey: 'sk-local' });
    app = await buildTestApp({
      STT_PROVIDER: 'openai',
      STT_BASE_URL: whisper.url,
      STT_API_KEY: 'sk-local',
      STT_MODEL: 'whisper-large-v3',
      STT_TIMEOUT_MS: 3_000, // generous: a loaded CI machine must not turn a good answer into a timeout
      UPLOAD_LIMIT_BYTES: 3_000_000,
    });
  });
  afterAll(async () => {
    await app?.close();
    await whisper?.close();
  });
  afterEach(() => {
    whisper.mode = 'ok';
    whisper.requests.length = 0;
  });

  it('reports its provider and size limit', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/speechConfig' });
    expect(res.json().success).toEqual({ provider: 'openai', max_seconds: 120, max_bytes: 3_000_000 });
  });

  it('refuses strangers, and books that are not yours', async () => {
    expect((await upload(app, {}, {}, { data: webm, name: 'a.webm' })).statusCode).toBe(401);
    const owner = await createUser(app);
    const other = await createUser(app);
    const book = await newBook(app, { userId: owner.id });
    const res = await upload(app, other.headers, { service_session_id: String(book.id) }, { data: webm, name: 'a.webm' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('books.not_found');
    const guestBook = await newBook(app, { guestToken: newToken() });
    expect(
      (await upload(app, { 'x-guest-token': 'wrong' }, { service_session_id: String(guestBook.id) }, { data: webm, name: 'a.webm' }))
        .statusCode,
    ).toBe(404);
    expect((await upload(app, { 'x-guest-token': 'any' }, {}, { data: webm, name: 'a.webm' })).statusCode).toBe(401);
    expect(whisper.requests).toHaveLength(0);
  });

  it('transcribes a signed-in author’s recording in the book’s language', async () => {
    const user = await createUser(app);
    const book = await newBook(app, { userId: user.id }, 'es');
    const res = await upload(
      app,
      { ...user.headers, lng: 'en' },
      { service_session_id: String(book.id) },
      { data: webm, name: 'Xy7Qa9Lm1732240000000.webm', type: 'audio/webm;codecs=opus' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: { transcript: 'Nací en un pequeño pueblo junto al mar.' } });
    expect(whisper.requests[0]).toMatchObject({
      model: 'whisper-large-v3',
      language: 'es',
      responseFormat: 'json',
      fileName: 'recording.webm',
    });
  });

  it('transcribes a relative’s spoken answer through their link, in the link’s language (issue 19 item 2)', async () => {
    const { author, book, id, token } = await familyLink(app);
    const res = await relativeUpload(app, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success.transcript).toBe('Sono nato in un piccolo paese vicino al mare.');
    expect(whisper.requests.at(-1)).toMatchObject({ language: 'it' });
    // the language field wins, as for the author
    expect((await relativeUpload(app, token, { language: 'fr' })).json().success.transcript).toBe(
      'Je suis né dans un petit village au bord de la mer.',
    );
    const sent = whisper.requests.length;
    // no link: 401; another, made-up link: 404; a reading link: 403; a revoked link stops at once: 404
    expect((await relativeUpload(app, null)).statusCode).toBe(401);
    expect((await relativeUpload(app, 'x'.repeat(32))).statusCode).toBe(404);
    expect((await relativeUpload(app, (await familyLink(app, 'read')).token)).statusCode).toBe(403);
    const revoked = await app.inject({
      method: 'POST',
      url: '/api/revokeFamilyInvitation',
      headers: author.headers,
      payload: { service_session_id: book.id, invitation_id: id },
    });
    expect(revoked.statusCode).toBe(200);
    const refused = await relativeUpload(app, token);
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'family.link_invalid']);
    // the author's session is no way in either: the route takes only a link
    const asAuthor = await multipart({}, { data: readFixture('speech-en.wav'), name: 'a.wav' });
    const byAuthor = await app.inject({
      method: 'POST',
      url: '/api/contributorSpeechToText',
      headers: { ...author.headers, ...asAuthor.headers },
      payload: asAuthor.payload,
    });
    expect(byAuthor.statusCode).toBe(401);
    expect(whisper.requests).toHaveLength(sent);
  });

  it('lets a guest transcribe for their trial book; the language field wins', async () => {
    const token = newToken();
    const book = await newBook(app, { guestToken: token }, 'fr');
    const res = await upload(
      app,
      { 'x-guest-token': token },
      { service_session_id: String(book.id), language: 'it' },
      { data: readFixture('speech-en.wav'), name: 'a.wav' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().success.transcript).toBe('Sono nato in un piccolo paese vicino al mare.');
    // without a book, a signed-in author's lng header decides
    const user = await createUser(app);
    const plain = await upload(app, { ...user.headers, lng: 'fr' }, {}, { data: readFixture('speech-en.ogg'), name: 'b.ogg' });
    expect(plain.json().success.transcript).toBe('Je suis né dans un petit village au bord de la mer.');
    expect(whisper.requests.map((r) => r.fileName)).toEqual(['recording.wav', 'recording.ogg']);
  });

  it('checks the audio itself: missing, empty, not audio, corrupt, too short, too long, too large', async () => {
    const user = await createUser(app);
    const h = { ...user.headers, lng: 'en' };
    const missing = await upload(app, h, { service_session_id: 'x' }); // a malformed field is refused before the audio is looked at
    expect([missing.statusCode, missing.json().code]).toEqual([400, 'invalid_input']);
    const wrongField = await upload(app, h, {}, { field: 'file', data: webm, name: 'a.webm' });
    expect(wrongField.json().code).toBe('speech.audio_missing');
    const notMultipart = await app.inject({ method: 'POST', url: '/api/getGoogleSpeechToText', headers: h, payload: { audio: 'hello' } });
    expect([notMultipart.statusCode, notMultipart.json().code]).toEqual([400, 'speech.audio_missing']);
    const empty = await upload(app, h, {}, { data: Buffer.alloc(0), name: 'a.webm' });
    expect([empty.statusCode, empty.json().code]).toEqual([400, 'speech.empty_audio']);
    const pdf = await upload(
      app,
      h,
      {},
      { data: Buffer.from('%PDF-1.7 this is a document, not a voice'), name: 'voice.webm', type: 'audio/webm' },
    );
    expect([pdf.statusCode, pdf.json().code]).toEqual([415, 'speech.unsupported_audio']);
    expect(pdf.json().error).toMatch(/not supported/);
    const corrupt = await upload(app, h, {}, { data: Buffer.concat([webm.subarray(0, 4), Buffer.alloc(100)]), name: 'a.webm' });
    expect([corrupt.statusCode, corrupt.json().code]).toEqual([400, 'speech.corrupt_audio']);
    const short = await upload(app, h, {}, { data: makeWav(0.1), name: 'a.wav' });
    expect(short.json().code).toBe('speech.too_short');
    const long = await upload(app, { ...h, lng: 'es' }, {}, { data: makeWav(130), name: 'a.wav' });
    expect([long.statusCode, long.json().code]).toEqual([413, 'speech.too_long']);
    expect(long.json().error).toBe('Esta grabación dura más de 120 segundos. Graba una respuesta más corta.');
    const large = await upload(app, h, {}, { data: makeWav(100, 16000), name: 'a.wav' });
    expect([large.statusCode, large.json().code]).toEqual([413, 'speech.too_large']);
    const field = await upload(app, h, { service_session_id: 'abc' }, { data: webm, name: 'a.webm' });
    expect([field.statusCode, field.json().code]).toEqual([400, 'invalid_input']);
    expect(whisper.requests).toHaveLength(0);
  });

  it('accepts a recording up to the limit', async () => {
    const user = await createUser(app);
    const res = await upload(app, user.headers, {}, { data: makeWav(123), name: 'a.wav' });
    expect(res.statusCode).toBe(200);
  });

  it('turns provider failures into clear answers', async () => {
    const user = await createUser(app);
    const cases: Array<[WhisperStandIn['mode'], number, string]> = [
      ['server_error', 502, 'speech.provider_failed'],
      ['garbage', 502, 'speech.provider_failed'],
      ['hang_up', 502, 'speech.provider_failed'],
      ['rate_limited', 503, 'speech.provider_busy'],
      ['reject_audio', 422, 'speech.audio_rejected'],
      ['slow', 504, 'speech.provider_timeout'],
    ];
    whisper.delayMs = 8_000; // well past STT_TIMEOUT_MS, for the slow case
    for (const [mode, status, code] of cases) {
      whisper.mode = mode;
      const res = await upload(app, { ...user.headers, lng: 'it' }, {}, { data: webm, name: 'a.webm' });
      expect([mode, res.statusCode, res.json().code]).toEqual([mode, status, code]);
      expect(res.json().error).not.toMatch(/127\.0\.0\.1|HTTP|stack/);
    }
  });

  it('is rate-limited per author', async () => {
    const user = await createUser(app);
    for (let i = 0; i < SPEECH_RATE_LIMIT.max; i += 1) {
      expect((await upload(app, user.headers, {}, { data: Buffer.from('not audio at all, no'), name: 'a.webm' })).statusCode).toBe(415);
    }
    const limited = await upload(app, user.headers, {}, { data: webm, name: 'a.webm' });
    expect([limited.statusCode, limited.json().code]).toEqual([429, 'rate_limited']);
    // another author is not affected
    const other = await createUser(app);
    expect((await upload(app, other.headers, {}, { data: webm, name: 'a.webm' })).statusCode).toBe(200);
  });
});

describe('speech with Google Speech-to-Text', () => {
  let app: TestApp;
  let google: GoogleSttStandIn;
  beforeAll(async () => {
    google = await startGoogleSttStandIn({ apiKey: 'g-local' });
    app = await buildTestApp({ STT_PROVIDER: 'google', GOOGLE_STT_URL: google.url, GOOGLE_STT_API_KEY: 'g-local' });
  });
  afterAll(async () => {
    await app?.close();
    await google?.close();
  });

  it('transcribes a WebM/Opus recording', async () => {
    const config = await app.inject({ method: 'GET', url: '/api/speechConfig' });
    expect(config.json().success.provider).toBe('google');
    const user = await createUser(app);
    const res = await upload(app, { ...user.headers, lng: 'fr' }, {}, { data: webm, name: 'a.webm' });
    expect(res.json()).toEqual({ success: { transcript: 'Je suis né dans un petit village au bord de la mer.' } });
    expect(google.requests[0].config).toMatchObject({ encoding: 'WEBM_OPUS', languageCode: 'fr-FR' });
  });

  it('says clearly when Google cannot read the container (Safari MP4)', async () => {
    const user = await createUser(app);
    const res = await upload(app, user.headers, {}, { data: readFixture('chromium-recording.mp4'), name: 'a.mp4' });
    expect([res.statusCode, res.json().code]).toEqual([415, 'speech.unsupported_by_provider']);
  });
});
