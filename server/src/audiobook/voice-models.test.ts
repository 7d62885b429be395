import { parseBuffer } from 'music-metadata';
import NodeID3 from 'node-id3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestsTo } from '../../test/requests';
import { buildCheckpoint, buildTestApp, createBook, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { startElevenLabsStandIn, type ElevenLabsStandIn } from '../../test/stand-ins/elevenlabs';
import { startSpeechServerStandIn, type SpeechServerStandIn } from '../../test/stand-ins/speech-server';
import { sessionFileKey } from '../books/files';
import { recordSessionFile } from '../books/repository';
import { makeWav } from '../../test/sample-audio';
import { VOICE_SAMPLE_KEY } from '../speech/voice-sample';

/**
 * Voice models (issue 13 items 2 and 4): the sample cloned at ElevenLabs or a Chatterbox-style
 * speech server (local stand-ins speaking their wire protocols), the audiobook read with the
 * clone, failures explained, and the author's voice data listed and deleted (at the provider too).
 */
let elevenLabs: ElevenLabsStandIn;
let speechServer: SpeechServerStandIn;
let app: TestApp;
let chatterboxApp: TestApp;
beforeAll(async () => {
  elevenLabs = await startElevenLabsStandIn();
  speechServer = await startSpeechServerStandIn();
  app = await buildTestApp({ JOB_POLL_MS: 100, ELEVENLABS_API_KEY: elevenLabs.apiKey, ELEVENLABS_API_URL: elevenLabs.url });
  chatterboxApp = await buildTestApp({ JOB_POLL_MS: 100, TTS_BASE_URL: speechServer.url });
});
afterAll(async () => {
  await app?.close();
  await chatterboxApp?.close();
  await elevenLabs?.close();
  await speechServer?.close();
});

const { post, get } = requestsTo(() => app);
const ACCEPTED = '4111 1111 1111 1111';

async function bookWithSample(on: TestApp, user: TestUser, seconds = 40) {
  const checkpoint = buildCheckpoint(2);
  checkpoint.language = 'it';
  checkpoint.data[0].generated_content = 'Sono nata a Torino nel 1950.';
  checkpoint.data[1].generated_content = 'Mio padre faceva il fornaio.';
  const book = await createBook(on, { userId: user.id }, { checkpoint, bookName: 'La mia vita', language: 'it' });
  const wav = makeWav(seconds);
  await on.ctx.storage.put(sessionFileKey(book.id, VOICE_SAMPLE_KEY), wav, 'audio/wav');
  await recordSessionFile(on.ctx.db, book.id, VOICE_SAMPLE_KEY, 'audio/wav', wav.length);
  return book;
}

async function payAndMake(on: TestApp, user: TestUser, bookId: number) {
  const { post: postTo } = requestsTo(() => on);
  const quota = (await postTo('/api/checkAudiobookQuota', { service_session_id: bookId }, user)).json().success;
  const form = (await postTo('/api/create-audiobook-payment-form', { service_session_id: bookId, price: quota.price }, user)).json()
    .success;
  const paid = await postTo('/api/sandboxPay', { formToken: form.formToken, card_number: ACCEPTED, expiry: '12/39', cvc: '123' });
  expect(paid.statusCode, paid.body).toBe(200);
  const started = await postTo('/api/generateAudiobook', { service_session_id: bookId }, user);
  expect(started.statusCode, started.body).toBe(200);
  await on.ctx.queue.idle();
}

describe('voice model with ElevenLabs', () => {
  it('clones the sample, reads the audiobook with the clone, lists it on the profile and deletes it at ElevenLabs', async () => {
    const user = await createUser(app);
    const book = await bookWithSample(app, user);
    const made = await post('/api/createVoiceModel', { service_session_id: book.id }, user);
    expect(made.statusCode, made.body).toBe(200);
    const { voice_model_id, voice } = made.json().success;
    expect(voice).toBe('cloned');
    const clone = elevenLabs.clones.at(-1)!;
    expect(clone.files[0].type).toBe('audio/wav');
    expect(JSON.parse(clone.labels!)).toEqual({ language: 'it' });
    const voiceId = [...elevenLabs.voices.keys()].at(-1)!;

    const from = elevenLabs.speech.length;
    await payAndMake(app, user, book.id);
    const status = (await get(`/api/audiobookStatus/${book.id}`, user)).json().success;
    expect(status).toMatchObject({ state: 'done', voice: 'cloned', error_code: null });
    const spoken = elevenLabs.speech.slice(from);
    expect(spoken.length).toBe(status.files.length);
    expect(spoken.every((r) => r.voiceId === voiceId)).toBe(true);
    expect(spoken.map((r) => r.text).join(' ')).toContain('Sono nata a Torino nel 1950.');
    const whole = (await get(status.book_url, user)).rawPayload;
    expect(NodeID3.read(whole).chapter).toHaveLength(status.files.length);
    expect((await parseBuffer(whole, 'audio/mpeg', { duration: true })).format.duration).toBeGreaterThan(0);

    const data = (await get('/api/myVoiceData', user)).json().success;
    expect(data.samples).toEqual([expect.objectContaining({ service_session_id: book.id, book_name: 'La mia vita' })]);
    expect(data.models).toEqual([expect.objectContaining({ id: voice_model_id, voice: 'cloned', provider: 'elevenlabs', language: 'it' })]);

    // someone else can neither see nor delete it
    const stranger = await createUser(app);
    expect((await get('/api/myVoiceData', stranger)).json().success).toEqual({ samples: [], models: [] });
    expect((await post(`/api/deleteVoiceModel/${voice_model_id}`, {}, stranger)).statusCode).toBe(404);
    expect(elevenLabs.voices.has(voiceId)).toBe(true);

    const deleted = await post(`/api/deleteVoiceModel/${voice_model_id}`, {}, user);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(elevenLabs.deleted).toContain(voiceId);
    expect(elevenLabs.voices.has(voiceId)).toBe(false);
    expect((await post('/api/deleteVoiceSample', { service_session_id: book.id }, user)).statusCode).toBe(200);
    expect((await get('/api/myVoiceData', user)).json().success).toEqual({ samples: [], models: [] });
    expect(await app.ctx.storage.get(sessionFileKey(book.id, VOICE_SAMPLE_KEY))).toBeNull();
  });

  it('explains a used-up quota in the author’s language, and a failed reading can be made again without paying', async () => {
    const user = await createUser(app);
    const book = await bookWithSample(app, user);
    expect((await post('/api/createVoiceModel', { service_session_id: book.id }, user)).statusCode).toBe(200);
    elevenLabs.mode = 'quota_exceeded';
    try {
      const refused = await post('/api/createVoiceModel', { service_session_id: book.id }, user, 'fr');
      expect(refused.statusCode).toBe(503);
      expect(refused.json().code).toBe('audiobook.voice_quota');
      expect(refused.json().error).toMatch(/quota/i);
      await payAndMake(app, user, book.id);
      const status = (await get(`/api/audiobookStatus/${book.id}`, user)).json().success;
      expect(status).toMatchObject({ state: 'failed', error_code: 'audiobook.voice_quota' });
      const inFrench = (await get(`/api/audiobookStatus/${book.id}`, user, 'fr')).json().success;
      expect(inFrench.error_message).toMatch(/^Le quota de caractères du service vocal est épuisé/);
    } finally {
      elevenLabs.mode = 'ok';
    }
    expect((await post('/api/generateAudiobook', { service_session_id: book.id }, user)).statusCode).toBe(200);
    await app.ctx.queue.idle();
    expect((await get(`/api/audiobookStatus/${book.id}`, user)).json().success).toMatchObject({ state: 'done', voice: 'cloned' });
  });

  it('refuses a sample outside 30–120 s, and a book without one', async () => {
    const user = await createUser(app);
    const short = await bookWithSample(app, user, 20);
    const res = await post('/api/createVoiceModel', { service_session_id: short.id }, user);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('speech.sample_too_short');
    const none = await createBook(app, { userId: user.id });
    expect((await post('/api/createVoiceModel', { service_session_id: none.id }, user)).json().code).toBe('audiobook.no_sample');
  });
  it('deletes the cloned voices at ElevenLabs when the account is deleted', async () => {
    const user = await createUser(app);
    const book = await bookWithSample(app, user);
    expect((await post('/api/createVoiceModel', { service_session_id: book.id }, user)).statusCode).toBe(200);
    const voiceId = [...elevenLabs.voices.keys()].at(-1)!;
    const gone = await post('/api/deleteAccount', { email: user.email }, user);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(elevenLabs.voices.has(voiceId)).toBe(false);
  });
});

describe('voice model with a Chatterbox-style speech server', () => {
  it('uploads the sample as a voice, reads with it, and deletes it there', async () => {
    const { post: postTo, get: getFrom } = requestsTo(() => chatterboxApp);
    const user = await createUser(chatterboxApp);
    const book = await bookWithSample(chatterboxApp, user);
    const made = await postTo('/api/createVoiceModel', { service_session_id: book.id }, user);
    expect(made.statusCode, made.body).toBe(200);
    const name = [...speechServer.voices.keys()].at(-1)!;
    expect(speechServer.voices.get(name)?.language).toBe('it');
    await payAndMake(chatterboxApp, user, book.id);
    const status = (await getFrom(`/api/audiobookStatus/${book.id}`, user)).json().success;
    expect(status).toMatchObject({ state: 'done', voice: 'cloned' });
    expect(speechServer.speech.filter((r) => r.voice === name).length).toBe(status.files.length);
    expect((await postTo(`/api/deleteVoiceModel/${made.json().success.voice_model_id}`, {}, user)).statusCode).toBe(200);
    expect(speechServer.voices.has(name)).toBe(false);
  });
});
