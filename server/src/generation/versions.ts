import type { Chapter } from '@common/schemas/session';
import type { TextOrigin, TextVersion } from '@common/schemas/versions';
import type { SessionRow } from '../books/repository';
import { nowIso, type Db } from '../db';
import { notFound } from '../http/errors';
import { saveWithRetry } from './service';

/**
 * Versions of a chapter's text (issue 15: no draft is ever lost). Every text the chapter has shown —
 * each generated one, and an edited one when it is replaced — is kept in `text_versions`, once per
 * distinct text; the current one stays in the checkpoint. Kept beside the book, not in it: the
 * checkpoint the workspace saves does not grow, and exports print only the current text.
 */
async function keepText(
  db: Db,
  sessionId: number,
  chapterId: number,
  text: { content: string; content_json: string | null; origin: TextOrigin },
): Promise<void> {
  if (!text.content.trim()) return;
  const same = await db
    .selectFrom('text_versions')
    .select('id')
    .where('session_id', '=', sessionId)
    .where('chapter_id', '=', chapterId)
    .where('content', '=', text.content)
    .executeTakeFirst();
  if (same) return;
  await db
    .insertInto('text_versions')
    .values({ session_id: sessionId, chapter_id: chapterId, ...text, created_at: nowIso() })
    .execute();
}

const originOf = (chapter: Chapter): TextOrigin => chapter.text_origin ?? 'generated';

/** After a new text replaced `previous`: both are kept (the previous one as it was, generated or edited). */
export async function keepReplacedText(
  db: Db,
  sessionId: number,
  previous: Chapter,
  next: { content: string; content_json: string },
): Promise<void> {
  await keepText(db, sessionId, previous.id, {
    content: previous.generated_content,
    content_json: previous.generated_content_json ?? null,
    origin: originOf(previous),
  });
  await keepText(db, sessionId, previous.id, { ...next, origin: 'generated' });
}

export async function listChapterVersions(db: Db, sessionId: number, chapterId: number): Promise<TextVersion[]> {
  const rows = await db
    .selectFrom('text_versions')
    .select(['id', 'origin', 'created_at', 'content', 'content_json'])
    .where('session_id', '=', sessionId)
    .where('chapter_id', '=', chapterId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), origin: row.origin as TextOrigin }));
}

/**
 * Restores an earlier text as the chapter's current one, in one version-checked save; the text it
 * replaces is kept first (an edited text that was never stored becomes a version too).
 */
export async function restoreChapterVersion(db: Db, book: SessionRow, chapterId: number, versionId: number) {
  const version = await db
    .selectFrom('text_versions')
    .selectAll()
    .where('id', '=', versionId)
    .where('session_id', '=', book.id)
    .where('chapter_id', '=', chapterId)
    .executeTakeFirst();
  if (!version) throw notFound('generation.version_not_found');
  const origin = version.origin as TextOrigin;
  let replaced: Chapter | undefined;
  const saved = await saveWithRetry(db, book.id, (_row, checkpoint) => {
    const current = checkpoint.data.find((c) => c.id === chapterId);
    if (!current) throw notFound('generation.version_not_found');
    replaced = current;
    const chapter: Chapter = {
      ...current,
      generated_content: version.content,
      generated_content_json: version.content_json,
      text_origin: origin,
    };
    return { checkpoint: { ...checkpoint, data: checkpoint.data.map((c) => (c.id === chapterId ? chapter : c)) } };
  });
  if (replaced)
    await keepText(db, book.id, chapterId, {
      content: replaced.generated_content,
      content_json: replaced.generated_content_json ?? null,
      origin: originOf(replaced),
    });
  return { version: saved.version, content: version.content, content_json: version.content_json, origin };
}
