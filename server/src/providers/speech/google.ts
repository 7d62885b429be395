import type { Language } from '@common/constants';
import { fetchWithDeadline, readJson, SpeechProviderError, type SpeechInput, type SpeechProviderOptions, type SpeechToText } from './types';

/** BCP-47 codes Google expects for our four languages. */
const GOOGLE_LANGUAGE_CODES: Record<Language, string> = { en: 'en-US', fr: 'fr-FR', es: 'es-ES', it: 'it-IT' };

/** Synchronous `speech:recognize` takes about a minute of audio at most: longer (or unknown) goes long-running. */
const GOOGLE_SYNC_MAX_SECONDS = 55;

interface RecognizeResponse {
  results?: { alternatives?: { transcript?: string; confidence?: number }[] }[];
}
interface Operation {
  name?: string;
  done?: boolean;
  error?: { code?: number; message?: string };
  response?: RecognizeResponse;
}

/**
 * Google Cloud Speech-to-Text v1: `POST /v1/speech:recognize` for short recordings and
 * `POST /v1/speech:longrunningrecognize` + `GET /v1/operations/{name}` for longer ones, inline
 * base64 audio, `?key=` authentication, automatic punctuation, the book's language.
 */
export function createGoogleSpeech(
  { baseUrl, apiKey }: { baseUrl: string; apiKey?: string },
  options: SpeechProviderOptions,
): SpeechToText {
  const fetchImpl = options.fetch ?? fetch;
  const pollMs = options.pollIntervalMs ?? 1500;
  const base = baseUrl.replace(/\/+$/, '');
  const url = (path: string) => `${base}${path}${apiKey ? `?key=${encodeURIComponent(apiKey)}` : ''}`;
  const call = async (path: string, init: RequestInit, deadline: number) => {
    const response = await fetchWithDeadline(fetchImpl, url(path), init, deadline);
    const body = await readJson(response);
    if (!response.ok) throw googleError(response.status, body);
    return body;
  };

  return {
    name: 'google',
    async transcribe(input: SpeechInput): Promise<string> {
      const deadline = Date.now() + options.timeoutMs;
      const body = JSON.stringify({ config: recognitionConfig(input), audio: { content: input.audio.toString('base64') } });
      const init: RequestInit = { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body };
      const long = input.durationSeconds === null || input.durationSeconds > GOOGLE_SYNC_MAX_SECONDS;
      if (!long) return joinResults((await call('/v1/speech:recognize', init, deadline)) as RecognizeResponse);

      let operation = (await call('/v1/speech:longrunningrecognize', init, deadline)) as Operation;
      if (!operation.name && !operation.done)
        throw new SpeechProviderError('failed', 'long-running recognition answered without an operation name');
      while (!operation.done) {
        const wait = Math.min(pollMs, deadline - Date.now());
        if (wait <= 0) throw new SpeechProviderError('timeout', 'long-running recognition did not finish in time');
        await new Promise((resolve) => setTimeout(resolve, wait));
        operation = (await call(
          `/v1/operations/${encodeURIComponent(operation.name ?? '')}`,
          { method: 'GET', headers: { accept: 'application/json' } },
          deadline,
        )) as Operation;
      }
      if (operation.error) {
        const code = operation.error.code ?? 13;
        throw new SpeechProviderError(
          code === 3 ? 'rejected' : code === 4 ? 'timeout' : 'failed',
          `operation error ${code}: ${operation.error.message ?? ''}`,
        );
      }
      return joinResults(operation.response ?? {});
    },
  };
}

function recognitionConfig(input: SpeechInput): Record<string, unknown> {
  const config: Record<string, unknown> = {
    languageCode: GOOGLE_LANGUAGE_CODES[input.language] ?? 'en-US',
    enableAutomaticPunctuation: true,
  };
  switch (input.format) {
    case 'webm':
      if (input.codec && input.codec !== 'opus')
        throw new SpeechProviderError('unsupported', `Google reads WebM with Opus only, not ${input.codec}`);
      return { ...config, encoding: 'WEBM_OPUS', sampleRateHertz: 48_000 };
    case 'ogg':
      if (input.codec && input.codec !== 'opus')
        throw new SpeechProviderError('unsupported', `Google reads Ogg with Opus only, not ${input.codec}`);
      return { ...config, encoding: 'OGG_OPUS', sampleRateHertz: 48_000 };
    case 'wav':
      // LINEAR16 in a WAV header: Google reads the rate and channels from the header
      return { ...config, encoding: 'LINEAR16', ...(input.sampleRateHertz ? { sampleRateHertz: input.sampleRateHertz } : {}) };
    case 'mp3':
      return { ...config, encoding: 'MP3', ...(input.sampleRateHertz ? { sampleRateHertz: input.sampleRateHertz } : {}) };
    case 'mp4':
      throw new SpeechProviderError('unsupported', 'Google Speech-to-Text v1 does not read MP4/AAC');
  }
}

function joinResults(response: RecognizeResponse): string {
  return (response.results ?? [])
    .map((result) => result.alternatives?.[0]?.transcript?.trim() ?? '')
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function googleError(status: number, body: unknown): SpeechProviderError {
  const error = (body as { error?: { code?: number; message?: string; status?: string } } | null)?.error;
  const detail = `HTTP ${status}${error?.status ? ` ${error.status}` : ''}: ${error?.message ?? 'no message'}`;
  if (status === 429 || error?.status === 'RESOURCE_EXHAUSTED') return new SpeechProviderError('busy', detail, status);
  if (status === 504 || error?.status === 'DEADLINE_EXCEEDED') return new SpeechProviderError('timeout', detail, status);
  // a bad API key is also a 400 INVALID_ARGUMENT: that is our configuration, not the author's audio
  if (status === 400 && !/api key/i.test(error?.message ?? '')) return new SpeechProviderError('rejected', detail, status);
  return new SpeechProviderError('failed', detail, status);
}
