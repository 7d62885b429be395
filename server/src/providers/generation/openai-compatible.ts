import type { Language } from '@common/constants';
import type { Paragraph } from '@common/schemas/session';
import type { BookText } from '@common/schemas/versions';
import { typographic } from '@common/rules/typography';
import { AppError } from '../../http/errors';
import { extractSummary } from './composer';
import { bookTextMessages, chapterMessages, optimizeMessages, tailorMessages, type ChatMessage } from './prompts';
import { cleanAnswer } from './text';
import type {
  AnswerInput,
  BookTextInput,
  ChapterInput,
  ChapterOutput,
  FamilyMemory,
  GenerateOptions,
  GenerationProvider,
  TailorInput,
  TailorOutput,
} from './types';
import { withPassages } from './passages';

/**
 * Any OpenAI-compatible chat API (OpenAI, Mistral, Ollama, vLLM, llama.cpp server), spoken with
 * plain fetch and our own SSE reader (see docs/decisions/0003-generation-provider.md).
 */
export interface OpenAiCompatibleOptions {
  /** Base URL including the version segment, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Whole call, retries included. */
  timeoutMs: number;
  /** No byte from the provider for this long → the attempt is abandoned. */
  idleTimeoutMs?: number;
  maxAttempts?: number;
  /** First back-off delay; doubles each retry, with jitter; a Retry-After header wins (capped). */
  backoffMs?: number;
  maxBackoffMs?: number;
  temperature?: number;
  fetchImpl?: typeof fetch;
  /** Where provider details are logged (never sent to the client). */
  log?: (message: string, details?: Record<string, unknown>) => void;
}

export interface CompletionResult {
  text: string;
  finishReason: string | null;
  usage: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null;
  attempts: number;
}

/** Provider failures. `retryable` tells the retry loop; the code is what the user reads (translated). */
export class GenerationFailure extends AppError {
  constructor(
    status: number,
    code: string,
    readonly retryable: boolean,
    readonly detail: string,
    readonly retryAfterMs?: number,
  ) {
    super(status, code);
  }
}

/**
 * The most a chapter may cost in output tokens: about 32 000 characters, well under the
 * 200 000 a chapter may hold (CHAPTER_TEXT_MAX_LENGTH), and within what chat models accept.
 */
export const CHAPTER_MAX_TOKENS = 8192;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

function errorMessageOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string; code?: string } | string; message?: string };
    if (typeof parsed.error === 'string') return parsed.error;
    return parsed.error?.message ?? parsed.message ?? body.slice(0, 300);
  } catch {
    return body.slice(0, 300);
  }
}

function failureForStatus(status: number, body: string, retryAfter?: number): GenerationFailure {
  const detail = `HTTP ${status}: ${errorMessageOf(body)}`;
  if (status === 429) return new GenerationFailure(503, 'generation.provider_busy', true, detail, retryAfter);
  if (status >= 500) return new GenerationFailure(502, 'generation.provider_unavailable', true, detail, retryAfter);
  if (status === 408) return new GenerationFailure(504, 'generation.timeout', true, detail, retryAfter);
  // 400, 401, 403, 404, 422: our configuration or request is wrong; retrying will not help.
  return new GenerationFailure(502, 'generation.provider_rejected', false, detail);
}

/**
 * Reads a `text/event-stream` body: calls `onData` with each event's data (multi-line data joined
 * with \n). Comments (`:`), `event:`, `id:` and `retry:` fields are ignored.
 */
export async function readSse(body: ReadableStream<Uint8Array>, onData: (data: string) => boolean | void): Promise<boolean> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const flush = (block: string): boolean => {
    const data: string[] = [];
    for (const line of block.split(/\r\n|\r|\n/)) {
      if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
    }
    return data.length > 0 ? onData(data.join('\n')) === true : false;
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let boundary: RegExpExecArray | null;
      while ((boundary = /\r\n\r\n|\n\n|\r\r/.exec(buffer))) {
        const block = buffer.slice(0, boundary.index);
        buffer = buffer.slice(boundary.index + boundary[0].length);
        if (flush(block)) return true;
      }
    }
    buffer += decoder.decode();
    return buffer.trim() ? flush(buffer) : false;
  } finally {
    reader.releaseLock();
  }
}

interface ChunkShape {
  choices?: { delta?: { content?: string | null }; message?: { content?: string | null }; finish_reason?: string | null }[];
  usage?: CompletionResult['usage'];
  error?: { message?: string; code?: string | number } | string;
}

/** Which answers a paragraph draws on: the answers sharing the most distinctive words with it. */
export function attributeParagraphs(texts: string[], answers: AnswerInput[]): Paragraph[] {
  const wordsOf = (s: string) =>
    new Set(
      s
        .toLowerCase()
        .normalize('NFC')
        .match(/\p{L}{4,}|\d+/gu) ?? [],
    );
  const answerWords = answers.map((a) => ({ id: a.id, words: wordsOf(a.answer) }));
  const documentFrequency = new Map<string, number>();
  for (const { words } of answerWords) for (const w of words) documentFrequency.set(w, (documentFrequency.get(w) ?? 0) + 1);
  const answered = answers.filter((a) => a.answer.trim()).map((a) => a.id);
  return texts.map((text) => {
    const words = wordsOf(text);
    const scores = answerWords.map(({ id, words: aw }) => {
      let score = 0;
      for (const w of words) if (aw.has(w)) score += 1 / (documentFrequency.get(w) ?? 1);
      return { id, score };
    });
    const best = Math.max(0, ...scores.map((s) => s.score));
    const ids = best > 0 ? scores.filter((s) => s.score >= Math.max(1, best * 0.4)).map((s) => s.id) : [];
    return { text, question_ids: ids.length > 0 ? ids : best > 0 ? [scores.find((s) => s.score === best)!.id] : answered };
  });
}

/** Provenance of the memories the model used: the paragraphs that name their contributor. */
export function attributeMemories(paragraphs: Paragraph[], memories: FamilyMemory[]): Paragraph[] {
  return paragraphs.map((paragraph) => {
    const used = memories.filter((m) => paragraph.text.includes(m.name));
    return used.length ? { ...paragraph, contributions: used.map((m) => ({ id: m.id, contributor_id: m.contributor_id })) } : paragraph;
  });
}

/** Model output → paragraphs: blank-line separated, markdown headings and stray fences dropped. */
export function paragraphsFromText(text: string): string[] {
  return text
    .replace(/```[a-z]*\n?/gi, '')
    .split(/\n\s*\n/)
    .map((p) =>
      p
        .replace(/^#{1,6}\s+.*$/gm, '')
        .replace(/\s*\n\s*/g, ' ')
        .trim(),
    )
    .filter(Boolean);
}

export class OpenAiCompatibleProvider implements GenerationProvider {
  readonly name = 'openai-compatible';
  private readonly options: Required<Omit<OpenAiCompatibleOptions, 'apiKey' | 'log'>> & Pick<OpenAiCompatibleOptions, 'apiKey' | 'log'>;

  constructor(options: OpenAiCompatibleOptions) {
    this.options = {
      idleTimeoutMs: Math.min(options.timeoutMs, 60_000),
      maxAttempts: 3,
      backoffMs: 500,
      maxBackoffMs: 8_000,
      temperature: 0.4,
      fetchImpl: (...args) => fetch(...args),
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
    };
  }

  /**
   * One chat completion, streamed. Retries 429/5xx/network failures and broken streams with
   * back-off, but only while nothing has been passed to `onDelta` (the client must never see text
   * twice). The overall deadline covers every attempt.
   */
  async complete(messages: ChatMessage[], options: GenerateOptions & { maxTokens?: number } = {}): Promise<CompletionResult> {
    const { maxAttempts, timeoutMs } = this.options;
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    let emitted = false;
    const onDelta = options.onDelta
      ? (text: string) => {
          emitted = true;
          options.onDelta?.(text);
        }
      : undefined;
    let lastFailure: GenerationFailure | null = null;
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      try {
        const result = await this.attempt(messages, { ...options, onDelta }, signal);
        return { ...result, attempts: attempt };
      } catch (error) {
        const failure = this.asFailure(error, signal, deadline);
        this.options.log?.('generation provider attempt failed', { attempt, code: failure.code, detail: failure.detail });
        lastFailure = failure;
        if (!failure.retryable || emitted || attempt === maxAttempts) break;
        const exponential = Math.min(this.options.maxBackoffMs, this.options.backoffMs * 2 ** (attempt - 1));
        const jittered = exponential / 2 + Math.random() * (exponential / 2);
        const wait = failure.retryAfterMs !== undefined ? Math.min(failure.retryAfterMs, this.options.maxBackoffMs) : jittered;
        try {
          await sleep(wait, signal);
        } catch {
          lastFailure = this.asFailure(signal.reason, signal, deadline);
          break;
        }
      }
    }
    if (lastFailure && emitted && lastFailure.retryable && lastFailure.code !== 'generation.timeout') {
      throw new GenerationFailure(502, 'generation.stream_broken', false, lastFailure.detail);
    }
    throw lastFailure ?? new GenerationFailure(502, 'generation.provider_unavailable', false, 'no attempt');
  }

  private asFailure(error: unknown, signal: AbortSignal, deadline: AbortSignal): GenerationFailure {
    if (error instanceof GenerationFailure) return error;
    if (deadline.aborted) return new GenerationFailure(504, 'generation.timeout', false, 'deadline reached');
    if (signal.aborted) return new GenerationFailure(499, 'generation.cancelled', false, 'cancelled by the client');
    const detail =
      error instanceof Error
        ? `${error.name}: ${error.message}${error.cause ? ` (${String((error.cause as Error).message ?? error.cause)})` : ''}`
        : String(error);
    return new GenerationFailure(502, 'generation.provider_unavailable', true, detail);
  }

  private async attempt(
    messages: ChatMessage[],
    options: GenerateOptions & { maxTokens?: number },
    outer: AbortSignal,
  ): Promise<Omit<CompletionResult, 'attempts'>> {
    const controller = new AbortController();
    const abort = () => controller.abort(outer.reason);
    outer.addEventListener('abort', abort, { once: true });
    let idleTimer: NodeJS.Timeout | undefined;
    let idle = false;
    const touch = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        idle = true;
        controller.abort(new Error('idle timeout'));
      }, this.options.idleTimeoutMs);
    };
    try {
      touch();
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
      if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
      const response = await this.options.fetchImpl(`${this.options.baseUrl}/chat/completions`, {
        method: 'POST',
        headers,
        signal: controller.signal,
        body: JSON.stringify({
          model: this.options.model,
          messages,
          stream: true,
          stream_options: { include_usage: true },
          temperature: this.options.temperature,
          ...(options.maxTokens ? { max_tokens: options.maxTokens } : {}),
        }),
      });
      if (!response.ok) {
        const body = await response.text().catch(() => '');
        throw failureForStatus(response.status, body, retryAfterMs(response.headers.get('retry-after')));
      }
      const contentType = response.headers.get('content-type') ?? '';
      if (!contentType.includes('text/event-stream') || !response.body) {
        // A server that ignored `stream: true` answers one JSON completion.
        const body = (await response.json()) as ChunkShape;
        if (body.error)
          throw new GenerationFailure(502, 'generation.provider_unavailable', true, `error body: ${errorMessageOf(JSON.stringify(body))}`);
        const text = body.choices?.[0]?.message?.content ?? '';
        if (text) options.onDelta?.(text);
        return { text, finishReason: body.choices?.[0]?.finish_reason ?? null, usage: body.usage ?? null };
      }
      let text = '';
      let finishReason: string | null = null;
      let usage: CompletionResult['usage'] = null;
      const sawDone = await readSse(response.body, (data) => {
        touch();
        if (data.trim() === '[DONE]') return true;
        let chunk: ChunkShape;
        try {
          chunk = JSON.parse(data) as ChunkShape;
        } catch {
          throw new GenerationFailure(502, 'generation.stream_broken', true, `unreadable chunk: ${data.slice(0, 120)}`);
        }
        if (chunk.error)
          throw new GenerationFailure(502, 'generation.provider_unavailable', true, `error in stream: ${errorMessageOf(data)}`);
        if (chunk.usage) usage = chunk.usage;
        const choice = chunk.choices?.[0];
        if (choice?.finish_reason) finishReason = choice.finish_reason;
        const piece = choice?.delta?.content;
        if (piece) {
          text += piece;
          options.onDelta?.(piece);
        }
        return false;
      });
      if (!sawDone && !finishReason) throw new GenerationFailure(502, 'generation.stream_broken', true, 'stream ended before [DONE]');
      return { text, finishReason, usage };
    } catch (error) {
      if (idle && !outer.aborted) throw new GenerationFailure(504, 'generation.timeout', true, 'no data from the provider (idle timeout)');
      if (error instanceof GenerationFailure) throw error;
      if (outer.aborted) throw outer.reason;
      throw error;
    } finally {
      clearTimeout(idleTimer);
      outer.removeEventListener('abort', abort);
      // Closes the connection if the body was not read to the end (error chunk, bad JSON…).
      controller.abort();
    }
  }

  async writeChapter(input: ChapterInput, options: GenerateOptions = {}): Promise<ChapterOutput> {
    const { text } = await this.complete(chapterMessages(input), { ...options, maxTokens: CHAPTER_MAX_TOKENS });
    const texts = paragraphsFromText(text).map((paragraph) => typographic(paragraph, input.context.language));
    if (texts.length === 0) throw new GenerationFailure(502, 'generation.empty_output', false, 'the model wrote nothing');
    const memories = input.chapter.memories ?? [];
    // accepted memories were given to the model as material; quoted ones are kept word for word
    const paragraphs = withPassages(
      attributeMemories(
        attributeParagraphs(texts, input.chapter.answers),
        memories.filter((m) => !m.quoted),
      ),
      memories.filter((m) => m.quoted),
      input.context.language,
    );
    // The summary is extracted from the author's own (cleaned) sentences: it never invents.
    const summary = extractSummary(input.chapter.answers.flatMap((a) => cleanAnswer(a.answer, input.context.language)));
    return { paragraphs, content: paragraphs.map((p) => p.text).join('\n\n'), summary };
  }

  async writeBookText(input: BookTextInput, text: BookText, options: GenerateOptions = {}): Promise<string> {
    const { text: written } = await this.complete(bookTextMessages(input, text), { signal: options.signal });
    const paragraphs = paragraphsFromText(written).map((paragraph) => typographic(paragraph, input.context.language));
    if (paragraphs.length === 0) throw new GenerationFailure(502, 'generation.empty_output', false, 'the model wrote nothing');
    return paragraphs.join('\n\n');
  }

  async optimizeAnswer(input: { transcript: string; language: Language }, options: GenerateOptions = {}): Promise<string> {
    const { text } = await this.complete(optimizeMessages(input.transcript, input), options);
    return text.trim() || input.transcript;
  }

  /** Rewords questions for the subject; anything that does not keep the same ids falls back to the input. */
  async tailorChapters(input: TailorInput, options: GenerateOptions = {}): Promise<TailorOutput> {
    const { text } = await this.complete(tailorMessages(input), { signal: options.signal });
    try {
      const json = text.slice(text.indexOf('['), text.lastIndexOf(']') + 1);
      const parsed = JSON.parse(json) as TailorOutput;
      return input.chapters.map((chapter) => {
        const tailored = parsed.find((c) => c.id === chapter.id);
        return {
          ...chapter,
          name: typeof tailored?.name === 'string' && tailored.name.trim() ? tailored.name.trim() : chapter.name,
          questions: chapter.questions.map((q) => {
            const name = tailored?.questions?.find((t) => t.id === q.id)?.name;
            return { ...q, name: typeof name === 'string' && name.trim() ? name.trim() : q.name };
          }),
        };
      });
    } catch {
      return input.chapters;
    }
  }
}
