import { FIRST_FREE_CHAPTER_INDEX } from '../constants';
import type { Chapter, CheckpointData, Question } from '../schemas/session';

/**
 * What an unpaid book may change (spec sections 4 and 6): only the first chapter (index 0) is
 * usable, plus each extra chapter bought on its own (issue 12 item 5: the server's
 * `unlocked_chapters`, by chapter id). No chapter may be removed or moved, none added except a
 * bought extra chapter, and the other chapters' titles, questions, answers and texts stay exactly
 * as stored. The server refuses any other change (saves, writing, photos); the client uses the same
 * rule to lock the other chapters.
 */
export type UnpaidViolation =
  { kind: 'chapters_added_or_removed' } | { kind: 'chapters_reordered' } | { kind: 'locked_chapter_changed'; chapter_id: number };

/** Chapters opened one by one: the ids of the extra chapters bought for this book. */
export type UnlockedChapterIds = readonly number[];

/** The one rule: is the chapter at `index` (with id `chapterId`) closed to an author who has not paid? */
export function isChapterLocked(index: number, isPayed: boolean, chapterId?: number, unlocked: UnlockedChapterIds = []): boolean {
  if (isPayed || index === FIRST_FREE_CHAPTER_INDEX) return false;
  return chapterId === undefined || !unlocked.includes(chapterId);
}

const questionKey = (q: Question) => JSON.stringify([q.id, q.name, q.transcript ?? '']);

/** The parts of a chapter the author can change; a locked chapter must keep them identical. */
function lockedChapterFingerprint(chapter: Chapter): string {
  return JSON.stringify([
    chapter.name,
    chapter.generated_content ?? '',
    chapter.generated_content_json ?? null,
    chapter.questions.map(questionKey),
  ]);
}

/** The first rule an unpaid save breaks, or null when the change is allowed. */
export function unpaidViolation(
  stored: CheckpointData,
  incoming: CheckpointData,
  unlocked: UnlockedChapterIds = [],
): UnpaidViolation | null {
  const before = stored.data;
  const after = incoming.data;
  const beforeIds = before.map((c) => c.id);
  const afterIds = after.map((c) => c.id);
  const removed = beforeIds.some((id) => !afterIds.includes(id));
  // Only a bought extra chapter may appear, once.
  const added = afterIds.filter((id) => !beforeIds.includes(id));
  const duplicated = new Set(afterIds).size !== afterIds.length;
  if (removed || duplicated || added.some((id) => !unlocked.includes(id))) return { kind: 'chapters_added_or_removed' };
  const kept = afterIds.filter((id) => beforeIds.includes(id));
  if (beforeIds.some((id, index) => kept[index] !== id)) return { kind: 'chapters_reordered' };
  for (let index = 0; index < before.length; index += 1) {
    if (!isChapterLocked(index, false, before[index].id, unlocked)) continue;
    const changed = after.find((c) => c.id === before[index].id)!;
    if (lockedChapterFingerprint(before[index]) !== lockedChapterFingerprint(changed)) {
      return { kind: 'locked_chapter_changed', chapter_id: before[index].id };
    }
  }
  return null;
}
