import { useCallback } from 'react';
import type { StoryAnswer } from '@common/schemas/generation';
import type { BookText, TextOrigin } from '@common/schemas/versions';
import { readTrialSession, writeTrialSession } from '../../../lib/trial-session';
import { updateChapter } from '../model/checkpoint-ops';
import type { SyncEngine } from '../model/sync-engine';
import type { BookMeta } from './use-workspace';

/**
 * Applying what the server wrote itself, without writing it again: `replaceBookText` for the
 * introduction or summary (a draft, a restored version, the summary assembled with a chapter; a
 * guest's trial copy follows), `applyWritten` for a generated chapter (with the book version it made).
 */
export function useServerWrites(engine: SyncEngine, meta: BookMeta, setMeta: (patch: Partial<BookMeta>) => void) {
  const { id: sessionId, textOrigins, isGuest } = meta;
  const replaceBookText = useCallback(
    (text: BookText, content: string, origin: TextOrigin) => {
      setMeta({ [text]: content, textOrigins: { ...textOrigins, [text]: origin } });
      if (isGuest) {
        const trial = readTrialSession();
        if (trial?.id === sessionId) writeTrialSession({ ...trial, [text]: content });
      }
    },
    [setMeta, textOrigins, isGuest, sessionId],
  );

  const applyWritten = useCallback(
    (chapterId: number, result: StoryAnswer) => {
      engine.applyServerWrite(
        (c) =>
          updateChapter(c, chapterId, {
            text_origin: 'generated',
            generated_content: result.content,
            generated_content_json: result.content_json,
            summary: result.summary,
            submitted_at: result.submitted_at,
            generated_count: result.generated_count,
            needs_assistant: result.needs_assistant,
          }),
        result.version,
      );
      if (result.book_summary !== undefined) replaceBookText('book_summary', result.book_summary, 'assembled');
    },
    [engine, replaceBookText],
  );

  return { replaceBookText, applyWritten };
}
