import type { Language } from '@common/constants';
import { sentencePieces } from './sentences';

/**
 * A voice cloned from the author's sample and the service that reads with it (issue 13 item 4,
 * docs/audiobook.md): ElevenLabs (elevenlabs.ts) or a self-hosted OpenAI-style speech server with
 * voice upload such as Chatterbox (speech-server.ts). Both answer MP3, chunk by chunk.
 */

/**
 * Why a voice service failed, in terms the screens explain: `quota` (the account's characters are
 * used up), `invalid_key`, `voice_not_found` (the cloned voice is gone), `rate_limited` (too many
 * requests at once), `rejected` (it refused this sample or text), `failed` (anything else).
 */
export type VoiceFailure = 'quota' | 'invalid_key' | 'voice_not_found' | 'rate_limited' | 'rejected' | 'failed';

export class VoiceProviderError extends Error {
  constructor(
    readonly kind: VoiceFailure,
    message: string,
    readonly upstreamStatus?: number,
  ) {
    super(message);
    this.name = 'VoiceProviderError';
  }
}

/** The translated message (locales/*\/errors-audiobook.json) of each failure. */
const FAILURE_KEYS: Record<VoiceFailure, string> = {
  quota: 'audiobook.voice_quota',
  invalid_key: 'audiobook.voice_invalid_key',
  voice_not_found: 'audiobook.voice_not_found',
  rate_limited: 'audiobook.voice_rate_limited',
  rejected: 'audiobook.voice_rejected',
  failed: 'audiobook.voice_failed',
};
export const voiceFailureKey = (kind: VoiceFailure) => FAILURE_KEYS[kind];

export interface VoiceSampleInput {
  audio: Buffer;
  fileName: string;
  mimeType: string;
  language: Language;
  /** A name for the voice at the provider (never the author's name: it is personal data). */
  name: string;
}

export interface SpeechChunk {
  text: string;
  language: Language;
  /** Stitching (ElevenLabs): the text around this chunk and the requests that read what came before. */
  previousText?: string;
  nextText?: string;
  previousRequestIds?: string[];
}

export interface SpokenChunk {
  mp3: Buffer;
  /** The provider's id of this request, for stitching the next one (ElevenLabs `request-id`). */
  requestId: string | null;
}

export interface ClonedVoiceProvider {
  readonly name: 'elevenlabs' | 'speech-server';
  /** Characters one speech request may carry. */
  readonly maxCharacters: number;
  /** Whether the provider joins chunks with previous_request_ids / next_text. */
  readonly stitching: boolean;
  /** Clones a voice from the sample: the provider's voice id. */
  clone(sample: VoiceSampleInput): Promise<string>;
  /** Reads one chunk (at most maxCharacters) with a cloned voice: MP3. */
  speak(voiceId: string, chunk: SpeechChunk, signal?: AbortSignal): Promise<SpokenChunk>;
  /** Deletes the cloned voice at the provider (a voice already gone is not an error). */
  remove(voiceId: string): Promise<void>;
}

/** At most this many earlier requests are named for stitching (ElevenLabs: 3). */
export const MAX_PREVIOUS_REQUESTS = 3;
/** The context sent as next_text / previous_text: enough for intonation, far below the limits. */
const CONTEXT_CHARACTERS = 300;

/**
 * Cuts a section into chunks of at most `max` characters: whole paragraphs when they fit, else
 * sentences, else words. Paragraphs inside a chunk are separated by a blank line.
 */
export function chunkText(paragraphs: string[], max: number, language: Language): string[] {
  const pieces = paragraphs.flatMap((paragraph) => {
    const text = paragraph.trim();
    if (!text) return [];
    if (text.length <= max) return [text];
    return sentencePieces(text, language, max);
  });
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    const joined = current ? `${current}\n\n${piece}` : piece;
    if (joined.length <= max) current = joined;
    else {
      chunks.push(current);
      current = piece;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}

/**
 * Reads a section with a cloned voice, chunk by chunk within the provider's limit, each request
 * stitched to the ones before it (at most 3 request ids) and told the text that follows. Returns
 * the chunks' MP3s in order (the caller stores them; no PCM is ever held).
 */
export async function speakSection(
  provider: ClonedVoiceProvider,
  voiceId: string,
  paragraphs: string[],
  language: Language,
  signal?: AbortSignal,
): Promise<Buffer[]> {
  const chunks = chunkText(paragraphs, provider.maxCharacters, language);
  const out: Buffer[] = [];
  const requestIds: string[] = [];
  for (let i = 0; i < chunks.length; i += 1) {
    signal?.throwIfAborted();
    const chunk: SpeechChunk = { text: chunks[i], language };
    if (provider.stitching) {
      if (i > 0 && requestIds.length > 0) chunk.previousRequestIds = requestIds.slice(-MAX_PREVIOUS_REQUESTS);
      else if (i > 0) chunk.previousText = chunks[i - 1].slice(-CONTEXT_CHARACTERS);
      if (i + 1 < chunks.length) chunk.nextText = chunks[i + 1].slice(0, CONTEXT_CHARACTERS);
    }
    const spoken = await provider.speak(voiceId, chunk, signal);
    out.push(spoken.mp3);
    if (spoken.requestId) requestIds.push(spoken.requestId);
  }
  return out;
}

/** fetch that turns a network failure or timeout into VoiceProviderError('failed'). */
export async function voiceFetch(url: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal): Promise<Response> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    return await fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (error) {
    if (signal?.aborted) throw error;
    const name = (error as { name?: string })?.name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new VoiceProviderError('failed', `voice service did not answer in ${timeoutMs} ms`);
    throw new VoiceProviderError('failed', `voice service unreachable: ${(error as Error)?.message ?? String(error)}`);
  }
}

/** A JSON body, or null when there is none (error bodies of proxies are HTML). */
export async function jsonOrNull(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
