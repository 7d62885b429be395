import { FIRST_FREE_CHAPTER_INDEX } from '../constants';
import type { Chapter, CheckpointData, Question } from '../schemas/session';

/**
 * What an unpaid book may change (spec sections 4 and 6): only the first chapter (index 0) is
 * usable. No chapter may be added, removed or moved, and the other chapters' titles, questions,
 * answers and texts stay exactly as stored. The server refuses any other change on save; the
 * client uses the same rule to lock the other chapters.
 */
export type UnpaidViolation =
  { kind: 'chapters_added_or_removed' } | { kind: 'chapters_reordered' } | { kind: 'locked_chapter_changed'; chapter_id: number };

export function isChapterLocked(index: number, isPayed: boolean): boolean {
  return !isPayed && index !== FIRST_FREE_CHAPTER_INDEX;
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
export function unpaidViolation(stored: CheckpointData, incoming: CheckpointData): UnpaidViolation | null {
  const before = stored.data;
  const after = incoming.data;
  const beforeIds = before.map((c) => c.id);
  const afterIds = after.map((c) => c.id);
  const sameSet = beforeIds.length === afterIds.length && beforeIds.every((id) => afterIds.includes(id));
  if (!sameSet) return { kind: 'chapters_added_or_removed' };
  if (beforeIds.some((id, index) => afterIds[index] !== id)) return { kind: 'chapters_reordered' };
  for (let index = 0; index < before.length; index += 1) {
    if (!isChapterLocked(index, false)) continue;
    if (lockedChapterFingerprint(before[index]) !== lockedChapterFingerprint(after[index])) {
      return { kind: 'locked_chapter_changed', chapter_id: before[index].id };
    }
  }
  return null;
}
