import {
  jsonOrNull,
  voiceFetch,
  VoiceProviderError,
  type ClonedVoiceProvider,
  type SpeechChunk,
  type VoiceFailure,
  type VoiceSampleInput,
} from './cloned';

/**
 * ElevenLabs (service-contracts section 2, header `xi-api-key`): instant voice cloning from the
 * author's sample (`POST /v1/voices/add`), speech chunk by chunk within the model's character
 * limit with request stitching (`previous_request_ids`, `next_text`), and deletion of the voice.
 */
export const ELEVENLABS_URL = 'https://api.elevenlabs.io';
export const ELEVENLABS_DEFAULT_MODEL = 'eleven_multilingual_v2';
const OUTPUT_FORMAT = 'mp3_44100_128';
const TIMEOUT_MS = 180_000;

/** Characters per request of each model family (v3 5 000, flash/turbo v2.5 40 000, multilingual v2 10 000). */
export function elevenLabsLimit(model: string): { maxCharacters: number; stitching: boolean } {
  if (model.startsWith('eleven_v3')) return { maxCharacters: 5_000, stitching: false };
  if (/^eleven_(flash|turbo)_v2_5/.test(model)) return { maxCharacters: 40_000, stitching: true };
  if (model.startsWith('eleven_multilingual_v2')) return { maxCharacters: 10_000, stitching: true };
  return { maxCharacters: 5_000, stitching: true };
}

export function createElevenLabs({
  apiKey,
  baseUrl = ELEVENLABS_URL,
  model = ELEVENLABS_DEFAULT_MODEL,
}: {
  apiKey: string;
  baseUrl?: string;
  model?: string;
}): ClonedVoiceProvider {
  const base = baseUrl.replace(/\/+$/, '');
  const limits = elevenLabsLimit(model);
  return {
    name: 'elevenlabs',
    ...limits,

    async clone(sample: VoiceSampleInput) {
      const form = new FormData();
      form.append('name', sample.name);
      form.append('files', new Blob([new Uint8Array(sample.audio)], { type: sample.mimeType }), sample.fileName);
      form.append('remove_background_noise', 'true');
      form.append('description', 'Plume audiobook narrator');
      form.append('labels', JSON.stringify({ language: sample.language }));
      const response = await voiceFetch(
        `${base}/v1/voices/add`,
        { method: 'POST', headers: { 'xi-api-key': apiKey }, body: form },
        TIMEOUT_MS,
      );
      const body = await jsonOrNull(response);
      if (!response.ok) throw elevenLabsError(response.status, body);
      const voiceId = (body as { voice_id?: unknown } | null)?.voice_id;
      if (typeof voiceId !== 'string' || !voiceId)
        throw new VoiceProviderError('failed', 'ElevenLabs answered without a voice_id', response.status);
      return voiceId;
    },

    async speak(voiceId: string, chunk: SpeechChunk, signal?: AbortSignal) {
      const body: Record<string, unknown> = {
        text: chunk.text,
        model_id: model,
        voice_settings: { stability: 0.5, similarity_boost: 0.75, style: 0, use_speaker_boost: true, speed: 1 },
      };
      if (chunk.previousRequestIds?.length) body.previous_request_ids = chunk.previousRequestIds;
      if (chunk.previousText) body.previous_text = chunk.previousText;
      if (chunk.nextText) body.next_text = chunk.nextText;
      const response = await voiceFetch(
        `${base}/v1/text-to-speech/${encodeURIComponent(voiceId)}?output_format=${OUTPUT_FORMAT}`,
        {
          method: 'POST',
          headers: { 'xi-api-key': apiKey, 'content-type': 'application/json', accept: 'audio/mpeg' },
          body: JSON.stringify(body),
        },
        TIMEOUT_MS,
        signal,
      );
      if (!response.ok) throw elevenLabsError(response.status, await jsonOrNull(response));
      const mp3 = Buffer.from(await response.arrayBuffer());
      if (mp3.length === 0) throw new VoiceProviderError('failed', 'ElevenLabs answered no audio', response.status);
      return { mp3, requestId: response.headers.get('request-id') };
    },

    async remove(voiceId: string) {
      const response = await voiceFetch(
        `${base}/v1/voices/${encodeURIComponent(voiceId)}`,
        { method: 'DELETE', headers: { 'xi-api-key': apiKey } },
        TIMEOUT_MS,
      );
      if (response.ok) return;
      const error = elevenLabsError(response.status, await jsonOrNull(response));
      if (error.kind !== 'voice_not_found') throw error;
    },
  };
}

const STATUS_KINDS: Record<string, VoiceFailure> = {
  quota_exceeded: 'quota',
  invalid_api_key: 'invalid_key',
  voice_not_found: 'voice_not_found',
  too_many_concurrent_requests: 'rate_limited',
  system_busy: 'rate_limited',
  max_character_limit_exceeded: 'rejected',
};

/** `{detail: {status, message}}` (or FastAPI's `{detail: [{loc, msg, type}]}`) → a VoiceProviderError. */
export function elevenLabsError(httpStatus: number, body: unknown): VoiceProviderError {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (Array.isArray(detail)) {
    const messages = detail.map((d) => `${((d as { loc?: unknown[] }).loc ?? []).join('.')}: ${(d as { msg?: string }).msg ?? ''}`);
    return new VoiceProviderError('rejected', `ElevenLabs HTTP ${httpStatus}: ${messages.join('; ')}`, httpStatus);
  }
  const { status, message } = (detail ?? {}) as { status?: string; message?: string };
  const text = `ElevenLabs HTTP ${httpStatus}${status ? ` ${status}` : ''}: ${message ?? 'no message'}`;
  const kind =
    (status && STATUS_KINDS[status]) ||
    (httpStatus === 429
      ? 'rate_limited'
      : httpStatus === 401
        ? 'invalid_key'
        : httpStatus === 404
          ? 'voice_not_found'
          : httpStatus < 500
            ? 'rejected'
            : 'failed');
  return new VoiceProviderError(kind, text, httpStatus);
}
