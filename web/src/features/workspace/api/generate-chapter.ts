import { createParser } from 'eventsource-parser';
import { generationApi } from '@common/api/generation';
import type { StoryAnswer, StoryAnswerBody } from '@common/schemas/generation';
import type { Chapter } from '@common/schemas/session';
import { ApiError, call, callRaw } from '../../../lib/api';

export interface GenerateInput {
  sessionId: number;
  chapter: Chapter;
  index: number;
  isPayed: boolean;
  selectedSurveyQuestions: StoryAnswerBody['selected_survey_questions'];
  user?: unknown;
  onDelta: (textSoFar: string) => void;
  signal?: AbortSignal;
}

export class GenerationError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * Generates a chapter, showing it as it streams: POST getStoryAnswerStream (SSE events `delta` {text},
 * then `done` {content, content_json, summary} or `error` {error, code}); falls back to the plain
 * getStoryAnswer call when streaming is not available.
 */
export async function generateChapter(input: GenerateInput): Promise<StoryAnswer> {
  const body = {
    data: input.chapter,
    service_session_id: input.sessionId,
    selected_survey_questions: input.selectedSurveyQuestions,
    index: input.index,
    isPayed: input.isPayed,
    user: input.user ?? null,
  } as StoryAnswerBody;
  // the stream's schemas (and zod) are loaded with the first generation, not with the workspace
  const schemas = import('@common/schemas/generation');
  schemas.catch(() => undefined); // awaited below; not an unhandled rejection when the call fails first
  let response: Response;
  try {
    response = await callRaw(
      generationApi.getStoryAnswerStream,
      { body },
      { quiet: true, signal: input.signal, headers: { accept: 'text/event-stream' } },
    );
  } catch (error) {
    if (!(error instanceof ApiError && (error.status === 404 || error.status === 405))) throw asGenerationError(error);
    // like the stream, the fallback stays quiet: the chapter shows its own message for a failure
    return call(generationApi.getStoryAnswer, { body }, { quiet: true, signal: input.signal }).catch((fallbackError: unknown) => {
      throw asGenerationError(fallbackError);
    });
  }
  if (!response.body) throw new GenerationError('');
  const { StoryAnswerSchema, StoryStreamDeltaSchema, StoryStreamErrorSchema } = await schemas;
  let text = '';
  let outcome: { done: StoryAnswer } | { error: GenerationError } | null = null;
  const parser = createParser({
    onEvent(event) {
      if (outcome) return;
      const data: unknown = JSON.parse(event.data);
      if (event.event === 'delta') {
        text += StoryStreamDeltaSchema.parse(data).text;
        input.onDelta(text);
      } else if (event.event === 'done') {
        outcome = { done: StoryAnswerSchema.parse(data) };
      } else if (event.event === 'error') {
        const failure = StoryStreamErrorSchema.parse(data);
        outcome = { error: new GenerationError(failure.error, failure.code) };
      }
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  while (!outcome) {
    const { value, done } = await reader.read();
    if (value) parser.feed(value);
    if (done) break;
  }
  void reader.cancel().catch(() => undefined);
  const result = outcome as { done: StoryAnswer } | { error: GenerationError } | null;
  if (!result) throw new GenerationError('');
  if ('error' in result) throw result.error;
  return result.done;
}

function asGenerationError(error: unknown): unknown {
  return error instanceof ApiError ? new GenerationError(error.status === null ? '' : error.message, error.code) : error;
}
