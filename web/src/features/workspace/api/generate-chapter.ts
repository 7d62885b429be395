import type { Chapter } from '@common/schemas/session';
import { apiBaseUrl, postSuccess, requestLanguage } from '../../../lib/api';
import { getToken } from '../../../lib/token-store';
import { guestHeaders } from './guest';

export interface GeneratedChapter {
  content: string;
  content_json: unknown;
  summary?: string | null;
}

export interface GenerateInput {
  sessionId: number;
  chapter: Chapter;
  index: number;
  isPayed: boolean;
  selectedSurveyQuestions: Array<{ service_session_id: number; survey_question_id: number; survey_answer_id: number }>;
  user?: unknown;
  onDelta: (textSoFar: string) => void;
  signal?: AbortSignal;
}

export class GenerationError extends Error {
  constructor(message: string, readonly code?: string) {
    super(message);
  }
}

/**
 * Generates a chapter, showing it as it streams: POST getStoryAnswerStream (SSE events `delta` {text},
 * then `done` {content, content_json, summary} or `error` {error, code}); falls back to the plain
 * getStoryAnswer call when streaming is not available.
 */
export async function generateChapter(input: GenerateInput): Promise<GeneratedChapter> {
  const body = {
    data: input.chapter,
    service_session_id: input.sessionId,
    selected_survey_questions: input.selectedSurveyQuestions,
    index: input.index,
    isPayed: input.isPayed,
    user: input.user ?? null,
  };
  const token = getToken();
  const response = await fetch(`${apiBaseUrl()}/api/getStoryAnswerStream`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      lng: requestLanguage(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...guestHeaders(input.sessionId),
    },
    body: JSON.stringify(body),
    signal: input.signal,
  });
  if (response.status === 404 || response.status === 405) {
    return postSuccess<GeneratedChapter>('/getStoryAnswer', body, { headers: guestHeaders(input.sessionId) });
  }
  if (!response.ok || !response.body) {
    const data = (await response.json().catch(() => ({}))) as { error?: string; code?: string };
    throw new GenerationError(data.error ?? '', data.code);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    let boundary = buffer.search(/\r?\n\r?\n/);
    while (boundary >= 0) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary).replace(/^\r?\n\r?\n/, '');
      const event = parseEvent(block);
      if (event?.event === 'delta') {
        text += (event.data as { text?: string }).text ?? '';
        input.onDelta(text);
      } else if (event?.event === 'done') {
        void reader.cancel().catch(() => undefined);
        return event.data as GeneratedChapter;
      } else if (event?.event === 'error') {
        const data = event.data as { error?: string; code?: string };
        throw new GenerationError(data.error ?? '', data.code);
      }
      boundary = buffer.search(/\r?\n\r?\n/);
    }
    if (done) break;
  }
  throw new GenerationError('');
}

function parseEvent(block: string): { event: string; data: unknown } | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if (data.length === 0) return null;
  try {
    return { event, data: JSON.parse(data.join('\n')) };
  } catch {
    return null;
  }
}
