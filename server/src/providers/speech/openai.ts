import { fetchWithDeadline, readJson, SpeechProviderError, type SpeechInput, type SpeechProviderOptions, type SpeechToText } from './types';

/**
 * OpenAI-compatible `POST /v1/audio/transcriptions` (OpenAI, whisper.cpp server, speaches,
 * LocalAI, vLLM): multipart `file` (named with its extension), `model`, `language` (ISO-639-1),
 * and always `response_format=json` → `{ text }` (LocalAI would otherwise answer verbose_json).
 */
export function createOpenAiSpeech(
  { baseUrl, apiKey, model }: { baseUrl: string; apiKey?: string; model: string },
  options: SpeechProviderOptions,
): SpeechToText {
  const fetchImpl = options.fetch ?? fetch;
  const url = transcriptionsUrl(baseUrl);
  return {
    name: 'openai',
    async transcribe(input: SpeechInput): Promise<string> {
      const deadline = Date.now() + options.timeoutMs;
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(input.audio)], { type: input.mimeType }), input.fileName);
      form.append('model', model);
      form.append('language', input.language);
      form.append('response_format', 'json');
      const headers: Record<string, string> = { accept: 'application/json' };
      if (apiKey) headers.authorization = `Bearer ${apiKey}`;
      const response = await fetchWithDeadline(fetchImpl, url, { method: 'POST', headers, body: form }, deadline);
      const body = await readJson(response);
      if (!response.ok) throw openAiError(response.status, body);
      const text = (body as { text?: unknown })?.text;
      if (typeof text !== 'string') throw new SpeechProviderError('failed', 'speech provider answered without text', response.status);
      return text.trim();
    },
  };
}

/** `https://api.openai.com/v1` → `…/v1/audio/transcriptions`; a base without /v1 gets it added. */
export function transcriptionsUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return /\/v\d+$/.test(base) ? `${base}/audio/transcriptions` : `${base}/v1/audio/transcriptions`;
}

function openAiError(status: number, body: unknown): SpeechProviderError {
  const error = (body as { error?: { message?: string; type?: string; code?: string } } | null)?.error;
  const detail = `HTTP ${status}${error?.type ? ` ${error.type}` : ''}${error?.code ? ` ${error.code}` : ''}: ${error?.message ?? 'no message'}`;
  if (status === 429) return new SpeechProviderError('busy', detail, status);
  if (status === 400 || status === 415 || status === 422) return new SpeechProviderError('rejected', detail, status);
  if (status === 408 || status === 504) return new SpeechProviderError('timeout', detail, status);
  return new SpeechProviderError('failed', detail, status);
}
