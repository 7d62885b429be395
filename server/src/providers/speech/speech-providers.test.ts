import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { inspectAudio, MIME_TYPES } from '../../speech/audio-format';
import { makeWav, readFixture } from '../../../test/sample-audio';
import { startGoogleSttStandIn, type GoogleSttStandIn } from '../../../test/stand-ins/google-stt';
import { startWhisperStandIn, type WhisperStandIn } from '../../../test/stand-ins/whisper';
import { createSpeechProvider, SpeechProviderError, type SpeechInput } from './index';
import { createGoogleSpeech } from './google';
import { createOpenAiSpeech, transcriptionsUrl } from './openai';

function inputOf(audio: Buffer, language: SpeechInput['language'] = 'fr'): SpeechInput {
  const info = inspectAudio(audio);
  if (!info) throw new Error('not audio');
  return {
    audio,
    language,
    format: info.format,
    fileName: `recording.${info.format}`,
    mimeType: MIME_TYPES[info.format],
    durationSeconds: info.durationSeconds,
    sampleRateHertz: info.sampleRateHertz,
    codec: info.codec,
  };
}

async function failure(promise: Promise<unknown>): Promise<SpeechProviderError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SpeechProviderError) return error;
    throw error;
  }
  throw new Error('expected a SpeechProviderError');
}

describe('provider factory', () => {
  it('is none by default, and names the missing base URL for openai', () => {
    expect(createSpeechProvider(loadConfig({}, { STT_PROVIDER: 'none' }))).toBeNull();
    expect(() => createSpeechProvider(loadConfig({}, { STT_PROVIDER: 'openai' }))).toThrow(/STT_BASE_URL/);
    expect(createSpeechProvider(loadConfig({}, { STT_PROVIDER: 'google' }))?.name).toBe('google');
  });

  it('builds the transcription URL from a base with or without /v1', () => {
    expect(transcriptionsUrl('https://api.openai.com/v1')).toBe('https://api.openai.com/v1/audio/transcriptions');
    expect(transcriptionsUrl('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080/v1/audio/transcriptions');
  });
});

describe('OpenAI-compatible adapter against the whisper stand-in', () => {
  let whisper: WhisperStandIn;
  beforeAll(async () => {
    whisper = await startWhisperStandIn({ apiKey: 'sk-test' });
  });
  afterAll(() => whisper.close());
  afterEach(() => {
    whisper.mode = 'ok';
    whisper.requests.length = 0;
  });
  const provider = (timeoutMs = 5_000, apiKey = 'sk-test') =>
    createOpenAiSpeech({ baseUrl: whisper.url, apiKey, model: 'whisper-1' }, { timeoutMs });

  it('sends file (with its extension), model, ISO-639-1 language and response_format=json', async () => {
    const text = await provider().transcribe(inputOf(readFixture('chromium-recording.webm'), 'fr'));
    expect(text).toBe('Je suis né dans un petit village au bord de la mer.');
    expect(whisper.requests[0]).toMatchObject({
      model: 'whisper-1',
      language: 'fr',
      responseFormat: 'json',
      fileName: 'recording.webm',
      fileType: 'audio/webm',
      authorization: 'Bearer sk-test',
    });
    expect(whisper.requests[0].fileSize).toBe(readFixture('chromium-recording.webm').length);
  });

  it('maps the vendor errors', async () => {
    whisper.mode = 'server_error';
    expect((await failure(provider().transcribe(inputOf(makeWav(2))))).kind).toBe('failed');
    whisper.mode = 'rate_limited';
    expect((await failure(provider().transcribe(inputOf(makeWav(2))))).kind).toBe('busy');
    whisper.mode = 'reject_audio';
    expect((await failure(provider().transcribe(inputOf(makeWav(2))))).kind).toBe('rejected');
    whisper.mode = 'garbage';
    expect((await failure(provider().transcribe(inputOf(makeWav(2))))).kind).toBe('failed');
    whisper.mode = 'hang_up';
    expect((await failure(provider().transcribe(inputOf(makeWav(2))))).kind).toBe('failed');
    whisper.mode = 'ok';
    const badKey = await failure(provider(5_000, 'sk-wrong').transcribe(inputOf(makeWav(2))));
    expect(badKey).toMatchObject({ kind: 'failed', upstreamStatus: 401 });
    expect(badKey.message).toContain('invalid_api_key');
  });

  it('gives up after its timeout on a slow server', async () => {
    whisper.mode = 'slow';
    whisper.delayMs = 2_000;
    const started = Date.now();
    expect((await failure(provider(300).transcribe(inputOf(makeWav(2))))).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('cannot reach a server that is not there', async () => {
    const gone = createOpenAiSpeech({ baseUrl: 'http://127.0.0.1:9/v1', model: 'whisper-1' }, { timeoutMs: 2_000 });
    expect((await failure(gone.transcribe(inputOf(makeWav(2))))).kind).toBe('failed');
  });
});

describe('Google Speech-to-Text v1 adapter against its stand-in', () => {
  let google: GoogleSttStandIn;
  beforeAll(async () => {
    google = await startGoogleSttStandIn({ apiKey: 'g-key' });
  });
  afterAll(() => google.close());
  afterEach(() => {
    google.mode = 'ok';
    google.pollsUntilDone = 1;
    google.requests.length = 0;
  });
  const provider = (timeoutMs = 5_000, apiKey = 'g-key') =>
    createGoogleSpeech({ baseUrl: google.url, apiKey }, { timeoutMs, pollIntervalMs: 20 });

  it('recognizes a short WebM/Opus recording synchronously in the book language', async () => {
    const text = await provider().transcribe(inputOf(readFixture('chromium-recording.webm'), 'fr'));
    expect(text).toBe('Je suis né dans un petit village au bord de la mer.');
    expect(google.requests).toHaveLength(1);
    expect(google.requests[0]).toMatchObject({ path: '/v1/speech:recognize', key: 'g-key' });
    expect(google.requests[0].config).toMatchObject({
      encoding: 'WEBM_OPUS',
      sampleRateHertz: 48000,
      languageCode: 'fr-FR',
      enableAutomaticPunctuation: true,
    });
  });

  it('sends a recording over a minute to longrunningrecognize and polls the operation', async () => {
    google.pollsUntilDone = 3;
    const text = await provider().transcribe(inputOf(makeWav(100), 'it'));
    expect(text).toBe('Sono nato in un piccolo paese vicino al mare.');
    expect(google.requests.map((r) => `${r.method} ${r.path.replace(/\d+$/, 'N')}`)).toEqual([
      'POST /v1/speech:longrunningrecognize',
      'GET /v1/operations/N',
      'GET /v1/operations/N',
      'GET /v1/operations/N',
    ]);
    expect(google.requests[0].config).toMatchObject({ encoding: 'LINEAR16', sampleRateHertz: 8000, languageCode: 'it-IT' });
  });

  it('the stand-in refuses synchronous audio over a minute, as Google does', async () => {
    const input = { ...inputOf(makeWav(100)), durationSeconds: 30 }; // lie about the length
    const error = await failure(provider().transcribe(input));
    expect(error.kind).toBe('rejected');
    expect(error.message).toContain('Sync input too long');
  });

  it('returns an empty transcript when no speech was heard', async () => {
    google.mode = 'no_speech';
    expect(await provider().transcribe(inputOf(makeWav(3)))).toBe('');
  });

  it('maps errors: bad key, quota, server error, unavailable, failed operation, MP4', async () => {
    const badKey = await failure(provider(5_000, 'nope').transcribe(inputOf(makeWav(3))));
    expect(badKey).toMatchObject({ kind: 'failed', upstreamStatus: 400 });
    google.mode = 'quota';
    expect((await failure(provider().transcribe(inputOf(makeWav(3))))).kind).toBe('busy');
    google.mode = 'server_error';
    expect((await failure(provider().transcribe(inputOf(makeWav(3))))).kind).toBe('failed');
    google.mode = 'unavailable';
    expect((await failure(provider().transcribe(inputOf(makeWav(3))))).kind).toBe('failed');
    google.mode = 'operation_error';
    expect((await failure(provider().transcribe(inputOf(makeWav(90))))).kind).toBe('rejected');
    google.mode = 'ok';
    expect((await failure(provider().transcribe(inputOf(readFixture('chromium-recording.mp4'))))).kind).toBe('unsupported');
  });

  it('times out on a slow answer and on an operation that never finishes', async () => {
    google.mode = 'slow';
    google.delayMs = 2_000;
    expect((await failure(provider(300).transcribe(inputOf(makeWav(3))))).kind).toBe('timeout');
    google.mode = 'never_done';
    const started = Date.now();
    expect((await failure(provider(400).transcribe(inputOf(makeWav(90))))).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
