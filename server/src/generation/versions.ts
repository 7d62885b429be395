import type { Chapter } from '@common/schemas/session';
import type { BookText, RestoredText, TextKey, TextOrigin, TextVersion } from '@common/schemas/versions';
import { updateSessionAttribute, type SessionRow } from '../books/repository';
import { nowIso, type Db } from '../db';
import { notFound } from '../http/errors';
import { saveWithRetry } from './save-with-retry';

/**
 * Versions of a book's texts (issue 15: no draft is ever lost): each chapter, the introduction and
 * the summary. Every text a chapter has shown — each generated one, and an edited one when it is
 * replaced — and every text the introduction and the summary have held is kept in `text_versions`,
 * once per distinct text. The current text stays where it is (the checkpoint, or the book's column):
 * kept beside the book, not in it, the checkpoint the workspace saves does not grow, and exports
 * print only the current text.
 */

const columnsOf = (text: TextKey) => (typeof text === 'number' ? { part: 'chapter', chapter_id: text } : { part: text, chapter_id: 0 });

interface KeptText {
  content: string;
  content_json?: string | null;
  origin: TextOrigin;
}

/** Keeps a text among the versions unless it is empty or already kept. */
async function keepText(db: Db, sessionId: number, text: TextKey, kept: KeptText): Promise<void> {
  if (!kept.content.trim()) return;
  const { part, chapter_id } = columnsOf(text);
  const same = await db
    .selectFrom('text_versions')
    .select('id')
    .where('session_id', '=', sessionId)
    .where('part', '=', part)
    .where('chapter_id', '=', chapter_id)
    .where('content', '=', kept.content)
    .executeTakeFirst();
  if (same) return;
  await db
    .insertInto('text_versions')
    .values({
      session_id: sessionId,
      part,
      chapter_id,
      origin: kept.origin,
      content: kept.content,
      content_json: kept.content_json ?? null,
      created_at: nowIso(),
    })
    .execute();
}

const originOf = (chapter: Chapter): TextOrigin => chapter.text_origin ?? 'generated';

const keepChapterText = (db: Db, sessionId: number, chapter: Chapter) =>
  keepText(db, sessionId, chapter.id, {
    content: chapter.generated_content,
    content_json: chapter.generated_content_json ?? null,
    origin: originOf(chapter),
  });

/** After a new text replaced a chapter's `previous` one: both are kept (the previous one as it was, generated or edited). */
export async function keepReplacedText(
  db: Db,
  sessionId: number,
  previous: Chapter,
  next: { content: string; content_json: string },
): Promise<void> {
  await keepChapterText(db, sessionId, previous);
  await keepText(db, sessionId, previous.id, { ...next, origin: 'generated' });
}

/**
 * After the introduction or the summary changed from `previous` to `next`: both are kept, the
 * previous one with the origin it was kept with (a text from before versions existed counts as
 * the author's), the new one with `origin`.
 */
export async function keepBookTextChange(
  db: Db,
  sessionId: number,
  text: BookText,
  previous: string,
  next: string,
  origin: TextOrigin,
): Promise<void> {
  if (previous === next) return;
  await keepText(db, sessionId, text, { content: previous, origin: 'edited' });
  await keepText(db, sessionId, text, { content: next, origin });
}

export async function listTextVersions(db: Db, sessionId: number, text: TextKey): Promise<TextVersion[]> {
  const { part, chapter_id } = columnsOf(text);
  const rows = await db
    .selectFrom('text_versions')
    .select(['id', 'origin', 'created_at', 'content', 'content_json'])
    .where('session_id', '=', sessionId)
    .where('part', '=', part)
    .where('chapter_id', '=', chapter_id)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), origin: row.origin as TextOrigin }));
}

/**
 * Restores an earlier text as the current one; the text it replaces is kept first (an edited
 * chapter text that was never stored becomes a version too). A chapter is restored in one
 * version-checked save of the checkpoint; the introduction or the summary in its own column.
 */
export async function restoreTextVersion(db: Db, book: SessionRow, text: TextKey, versionId: number): Promise<RestoredText> {
  const { part, chapter_id } = columnsOf(text);
  const version = await db
    .selectFrom('text_versions')
    .selectAll()
    .where('id', '=', versionId)
    .where('session_id', '=', book.id)
    .where('part', '=', part)
    .where('chapter_id', '=', chapter_id)
    .executeTakeFirst();
  if (!version) throw notFound('generation.version_not_found');
  const origin = version.origin as TextOrigin;
  const restored = { content: version.content, content_json: version.content_json, origin };

  if (typeof text !== 'number') {
    const updated_at = await updateSessionAttribute(db, book.id, text, version.content);
    if (updated_at === null) throw notFound('books.not_found');
    await keepText(db, book.id, text, { content: book[text], origin: 'edited' });
    return { ...restored, updated_at };
  }

  let replaced: Chapter | undefined;
  const saved = await saveWithRetry(db, book.id, (_row, checkpoint) => {
    const current = checkpoint.data.find((c) => c.id === text);
    if (!current) throw notFound('generation.version_not_found');
    replaced = current;
    const chapter: Chapter = {
      ...current,
      generated_content: version.content,
      generated_content_json: version.content_json,
      text_origin: origin === 'edited' ? 'edited' : 'generated',
    };
    return { checkpoint: { ...checkpoint, data: checkpoint.data.map((c) => (c.id === text ? chapter : c)) } };
  });
  if (replaced) await keepChapterText(db, book.id, replaced);
  return { ...restored, version: saved.version };
}
