import { randomBytes } from 'node:crypto';
import { jsonOrNull, voiceFetch, VoiceProviderError, type ClonedVoiceProvider, type SpeechChunk, type VoiceSampleInput } from './cloned';

/**
 * A self-hosted OpenAI-style speech server with a voice library (service-contracts section 6):
 * `chatterbox-tts-api` serving Chatterbox Multilingual (MIT, allowed in a paid product). Upload
 * `POST /v1/voices` multipart `voice_name, voice_file, language`; speech `POST /v1/audio/speech
 * {input ≤ 3000, model, voice, …}`; deletion `DELETE /v1/voices/{name}`. Errors are OpenAI's
 * `{error: {message, type}}`; `TTS_API_KEY`, when set, is sent as a Bearer token.
 */
export const SPEECH_SERVER_MAX_CHARACTERS = 3_000;
const TIMEOUT_MS = 300_000;

export function createSpeechServer({ baseUrl, apiKey, model }: { baseUrl: string; apiKey?: string; model: string }): ClonedVoiceProvider {
  const base = baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
  const headers = (extra: Record<string, string> = {}) => (apiKey ? { ...extra, authorization: `Bearer ${apiKey}` } : extra);
  return {
    name: 'speech-server',
    maxCharacters: SPEECH_SERVER_MAX_CHARACTERS,
    stitching: false,

    async clone(sample: VoiceSampleInput) {
      // names are letters, digits, '_' and '-': a random one, never the author's name
      const name = `plume_${randomBytes(9).toString('hex')}`;
      const form = new FormData();
      form.append('voice_name', name);
      form.append('voice_file', new Blob([new Uint8Array(sample.audio)], { type: sample.mimeType }), sample.fileName);
      form.append('language', sample.language);
      const response = await voiceFetch(`${base}/v1/voices`, { method: 'POST', headers: headers(), body: form }, TIMEOUT_MS);
      if (!response.ok) throw speechServerError(response.status, await jsonOrNull(response));
      return name;
    },

    async speak(voiceId: string, chunk: SpeechChunk, signal?: AbortSignal) {
      const response = await voiceFetch(
        `${base}/v1/audio/speech`,
        {
          method: 'POST',
          headers: headers({ 'content-type': 'application/json', accept: 'audio/mpeg' }),
          body: JSON.stringify({
            input: chunk.text,
            model,
            voice: voiceId,
            response_format: 'mp3',
            exaggeration: 0.5,
            cfg_weight: 0.5,
            temperature: 0.8,
          }),
        },
        TIMEOUT_MS,
        signal,
      );
      if (!response.ok) throw speechServerError(response.status, await jsonOrNull(response));
      const mp3 = Buffer.from(await response.arrayBuffer());
      if (mp3.length === 0) throw new VoiceProviderError('failed', 'the speech server answered no audio', response.status);
      return { mp3, requestId: null };
    },

    async remove(voiceId: string) {
      const response = await voiceFetch(
        `${base}/v1/voices/${encodeURIComponent(voiceId)}`,
        { method: 'DELETE', headers: headers() },
        TIMEOUT_MS,
      );
      if (response.ok || response.status === 404) return;
      const error = speechServerError(response.status, await jsonOrNull(response));
      if (error.kind !== 'voice_not_found') throw error;
    },
  };
}

export function speechServerError(httpStatus: number, body: unknown): VoiceProviderError {
  const { message, type } = ((body as { error?: unknown } | null)?.error ?? {}) as { message?: string; type?: string };
  const detail = (body as { detail?: unknown } | null)?.detail;
  const text = `speech server HTTP ${httpStatus}${type ? ` ${type}` : ''}: ${message ?? (detail ? JSON.stringify(detail) : 'no message')}`;
  if (type === 'voice_not_found_error' || httpStatus === 404) return new VoiceProviderError('voice_not_found', text, httpStatus);
  if (httpStatus === 401 || httpStatus === 403) return new VoiceProviderError('invalid_key', text, httpStatus);
  if (httpStatus === 429) return new VoiceProviderError('rate_limited', text, httpStatus);
  if (httpStatus === 402) return new VoiceProviderError('quota', text, httpStatus);
  if (httpStatus < 500) return new VoiceProviderError('rejected', text, httpStatus);
  return new VoiceProviderError('failed', text, httpStatus);
}
