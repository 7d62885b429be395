import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startElevenLabsStandIn, type ElevenLabsStandIn } from '../../../test/stand-ins/elevenlabs';
import { startSpeechServerStandIn, type SpeechServerStandIn } from '../../../test/stand-ins/speech-server';
import { toneMp3 } from '../../../test/stand-ins/voice-audio';
import { chunkText, speakSection, VoiceProviderError, type VoiceSampleInput } from './cloned';
import { createElevenLabs } from './elevenlabs';
import { createSpeechServer } from './speech-server';

let elevenLabs: ElevenLabsStandIn;
let speechServer: SpeechServerStandIn;
let sample: VoiceSampleInput;
beforeAll(async () => {
  elevenLabs = await startElevenLabsStandIn();
  speechServer = await startSpeechServerStandIn({ apiKey: 'tts-key' });
  sample = { audio: await toneMp3(1), fileName: 'sample.mp3', mimeType: 'audio/mpeg', language: 'fr', name: 'plume-voice-1' };
});
beforeEach(() => {
  elevenLabs.mode = 'ok';
});
afterAll(async () => {
  await elevenLabs.close();
  await speechServer.close();
});

/** A paragraph of `n` sentences of about 60 characters. */
const paragraph = (n: number, word = 'mot') =>
  Array.from({ length: n }, (_, i) => `Phrase ${i} avec un ${word} de plus pour remplir la page.`).join(' ');

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VoiceProviderError);
  return (error as VoiceProviderError).kind;
};

describe('chunkText', () => {
  it('keeps paragraphs whole when they fit and cuts long ones at sentences, never over the limit', () => {
    const chunks = chunkText(['Un.', 'Deux.', paragraph(40)], 500, 'fr');
    expect(chunks[0].startsWith('Un.\n\nDeux.')).toBe(true);
    expect(chunks.every((c) => c.length <= 500)).toBe(true);
    expect(chunks.join(' ').replace(/\s+/g, ' ')).toBe(['Un.', 'Deux.', paragraph(40)].join(' '));
  });
});

describe('ElevenLabs against its stand-in', () => {
  const provider = () => createElevenLabs({ apiKey: elevenLabs.apiKey, baseUrl: elevenLabs.url });

  it('clones a voice from the sample (multipart name + files + labels)', async () => {
    const voiceId = await provider().clone(sample);
    expect(elevenLabs.voices.has(voiceId)).toBe(true);
    const clone = elevenLabs.clones.at(-1)!;
    expect(clone.name).toBe('plume-voice-1');
    expect(clone.files).toEqual([{ name: 'sample.mp3', type: 'audio/mpeg', size: sample.audio.length }]);
    expect(JSON.parse(clone.labels!)).toEqual({ language: 'fr' });
  });

  it('reads a long chapter in chunks within the model limit, each stitched to at most 3 earlier requests', async () => {
    const voiceId = await provider().clone(sample);
    const from = elevenLabs.speech.length;
    // 5 paragraphs of ~9 600 characters: 5 requests under eleven_multilingual_v2's 10 000
    const paragraphs = Array.from({ length: 5 }, (_, i) => paragraph(160, `mot${i}`));
    const mp3s = await speakSection(provider(), voiceId, paragraphs, 'fr');
    const requests = elevenLabs.speech.slice(from);
    expect(requests).toHaveLength(5);
    expect(
      requests.every((r) => r.text.length <= 10_000 && r.modelId === 'eleven_multilingual_v2' && r.outputFormat === 'mp3_44100_128'),
    ).toBe(true);
    expect(requests[0].previousRequestIds).toEqual([]);
    expect(requests[1].previousRequestIds).toEqual([requests[0].requestId]);
    expect(requests[4].previousRequestIds).toEqual([requests[1].requestId, requests[2].requestId, requests[3].requestId]);
    expect(requests[0].nextText).toBe(requests[1].text.slice(0, 300));
    expect(requests[4].nextText).toBeNull();
    expect(mp3s).toHaveLength(5);
    const decoded = await parseBuffer(mp3s[0], { mimeType: 'audio/mpeg' });
    expect(decoded.format.duration).toBeGreaterThan(0);
  });

  it('maps quota exceeded, invalid key, voice not found and rate limit to their kinds', async () => {
    const voiceId = await provider().clone(sample);
    const chunk = { text: 'Bonjour.', language: 'fr' as const };
    elevenLabs.mode = 'quota_exceeded';
    expect(await failure(provider().speak(voiceId, chunk))).toBe('quota');
    expect(await failure(provider().clone(sample))).toBe('quota');
    elevenLabs.mode = 'busy';
    expect(await failure(provider().speak(voiceId, chunk))).toBe('rate_limited');
    elevenLabs.mode = 'ok';
    expect(await failure(createElevenLabs({ apiKey: 'wrong', baseUrl: elevenLabs.url }).speak(voiceId, chunk))).toBe('invalid_key');
    expect(await failure(provider().speak('no-such-voice', chunk))).toBe('voice_not_found');
  });

  it('deletes the cloned voice at the provider (a voice already gone is fine)', async () => {
    const voiceId = await provider().clone(sample);
    await provider().remove(voiceId);
    expect(elevenLabs.voices.has(voiceId)).toBe(false);
    expect(elevenLabs.deleted).toContain(voiceId);
    await provider().remove(voiceId);
    expect(await failure(createElevenLabs({ apiKey: 'wrong', baseUrl: elevenLabs.url }).remove(voiceId))).toBe('invalid_key');
  });
});

describe('OpenAI-style speech server (Chatterbox) against its stand-in', () => {
  const provider = (apiKey = 'tts-key') =>
    createSpeechServer({ baseUrl: `${speechServer.url}/v1`, apiKey, model: 'chatterbox-multilingual' });

  it('uploads the sample as a voice, reads in chunks of at most 3 000 characters with it, and deletes it', async () => {
    const voiceId = await provider().clone(sample);
    expect(speechServer.voices.get(voiceId)).toEqual({ language: 'fr', size: sample.audio.length, fileName: 'sample.mp3' });
    const mp3s = await speakSection(provider(), voiceId, [paragraph(60), paragraph(60)], 'fr');
    const requests = speechServer.speech.filter((r) => r.voice === voiceId);
    expect(requests.length).toBeGreaterThanOrEqual(3);
    expect(requests.every((r) => r.input.length <= 3_000 && r.format === 'mp3' && r.model === 'chatterbox-multilingual')).toBe(true);
    expect(mp3s).toHaveLength(requests.length);
    expect((await parseBuffer(mp3s[0], { mimeType: 'audio/mpeg' })).format.duration).toBeGreaterThan(0);
    await provider().remove(voiceId);
    expect(speechServer.deleted).toContain(voiceId);
    await provider().remove(voiceId);
  });

  it('maps a missing voice and a wrong key', async () => {
    expect(await failure(provider().speak('plume_gone', { text: 'Bonjour.', language: 'fr' }))).toBe('voice_not_found');
    expect(await failure(provider('wrong').clone(sample))).toBe('invalid_key');
  });
});
