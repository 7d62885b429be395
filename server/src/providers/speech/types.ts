import type { Language } from '@common/constants';
import type { AudioFormat } from '../../speech/audio-format';

/** One recording to transcribe, already checked (format, size, duration) by the speech service. */
export interface SpeechInput {
  audio: Buffer;
  format: AudioFormat;
  /** The upload's name, extension matching the format (OpenAI-compatible servers read it). */
  fileName: string;
  mimeType: string;
  language: Language;
  durationSeconds: number | null;
  sampleRateHertz: number | null;
  codec: string | null;
}

export interface SpeechToText {
  readonly name: 'openai' | 'google';
  /** The words spoken, '' when none were heard. Throws SpeechProviderError. */
  transcribe(input: SpeechInput): Promise<string>;
}

/**
 * Why a provider failed, in terms the API maps to answers: `timeout` (no answer in time),
 * `rejected` (the provider refused this audio), `unsupported` (this provider cannot read this
 * container), `busy` (its rate limit or quota), `failed` (anything else: bad key, 5xx, network).
 */
export type SpeechFailure = 'timeout' | 'rejected' | 'unsupported' | 'busy' | 'failed';

export class SpeechProviderError extends Error {
  constructor(
    readonly kind: SpeechFailure,
    message: string,
    readonly upstreamStatus?: number,
  ) {
    super(message);
    this.name = 'SpeechProviderError';
  }
}

export interface SpeechProviderOptions {
  /** Overall time allowed for one transcription (STT_TIMEOUT_MS). */
  timeoutMs: number;
  /** Google long-running operations are polled this often. */
  pollIntervalMs?: number;
  fetch?: typeof fetch;
}

/** fetch with a deadline: a timeout becomes SpeechProviderError('timeout'), a network failure 'failed'. */
export async function fetchWithDeadline(fetchImpl: typeof fetch, url: string, init: RequestInit, deadline: number): Promise<Response> {
  const remaining = deadline - Date.now();
  if (remaining <= 0) throw new SpeechProviderError('timeout', 'speech provider did not answer in time');
  try {
    return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(remaining) });
  } catch (error) {
    const name = (error as { name?: string })?.name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new SpeechProviderError('timeout', 'speech provider did not answer in time');
    throw new SpeechProviderError('failed', `speech provider unreachable: ${(error as Error)?.message ?? String(error)}`);
  }
}

/** Reads a JSON body (bounded by the same deadline); a broken body is a provider failure. */
export async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    const name = (error as { name?: string })?.name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new SpeechProviderError('timeout', 'speech provider did not answer in time');
    throw new SpeechProviderError('failed', `speech provider sent no JSON (HTTP ${response.status})`, response.status);
  }
}
