import { unansweredSurveyIds } from '@common/rules/chapter-generation';
import type { Chapter, ChapterDraft, CheckpointData, Question } from '@common/schemas/session';

export type { ChapterDraft };

/**
 * Pure edits of a book's checkpoint. Every function returns a new checkpoint and leaves its input
 * untouched, so the workspace can diff, merge and undo by reference.
 */

/** New items get the current timestamp as id (spec section 3); the next free one if it is taken. */
export function newItemIds(taken: Iterable<number>, count = 1, now = Date.now()): number[] {
  const used = new Set(taken);
  const ids: number[] = [];
  let candidate = now;
  while (ids.length < count) {
    if (!used.has(candidate)) {
      ids.push(candidate);
      used.add(candidate);
    }
    candidate += 1;
  }
  return ids;
}

export function allIds(checkpoint: CheckpointData): number[] {
  return checkpoint.data.flatMap((c) => [c.id, ...c.questions.map((q) => q.id)]);
}

const mapChapter = (checkpoint: CheckpointData, chapterId: number, fn: (c: Chapter) => Chapter): CheckpointData => ({
  ...checkpoint,
  data: checkpoint.data.map((c) => (c.id === chapterId ? fn(c) : c)),
});

export function updateChapter(checkpoint: CheckpointData, chapterId: number, patch: Partial<Chapter>): CheckpointData {
  return mapChapter(checkpoint, chapterId, (c) => ({ ...c, ...patch }));
}

export function updateQuestion(
  checkpoint: CheckpointData,
  chapterId: number,
  questionId: number,
  patch: Partial<Question>,
): CheckpointData {
  return mapChapter(checkpoint, chapterId, (c) => ({
    ...c,
    questions: c.questions.map((q) => (q.id === questionId ? { ...q, ...patch } : q)),
  }));
}

export function addQuestion(
  checkpoint: CheckpointData,
  chapterId: number,
  name = '',
  now = Date.now(),
): { checkpoint: CheckpointData; questionId: number } {
  const [questionId] = newItemIds(allIds(checkpoint), 1, now);
  const next = mapChapter(checkpoint, chapterId, (c) => ({
    ...c,
    questions: [...c.questions, { id: questionId, name, transcript: '', question_category_id: chapterId, isNewQuestion: true }],
  }));
  return { checkpoint: next, questionId };
}

export type DeleteQuestionResult = { ok: true; checkpoint: CheckpointData } | { ok: false; reason: 'at_least_one_question' };

/** Deleting the last question of a chapter is refused (spec section 5). */
export function deleteQuestion(checkpoint: CheckpointData, chapterId: number, questionId: number): DeleteQuestionResult {
  const chapter = checkpoint.data.find((c) => c.id === chapterId);
  if (!chapter || chapter.questions.length <= 1) return { ok: false, reason: 'at_least_one_question' };
  return {
    ok: true,
    checkpoint: mapChapter(checkpoint, chapterId, (c) => ({ ...c, questions: c.questions.filter((q) => q.id !== questionId) })),
  };
}

function questionsFromDraft(
  checkpoint: CheckpointData,
  chapterId: number,
  draft: ChapterDraft,
  existing: Question[],
  now: number,
): Question[] {
  const fresh = newItemIds([...allIds(checkpoint), chapterId], draft.questions.filter((q) => q.id === undefined).length, now + 1);
  let next = 0;
  return draft.questions.map((q) => {
    const old = q.id !== undefined ? existing.find((e) => e.id === q.id) : undefined;
    if (old) return { ...old, name: q.name.trim() };
    return { id: fresh[next++], name: q.name.trim(), transcript: '', question_category_id: chapterId, isNewQuestion: true };
  });
}

export function addChapter(
  checkpoint: CheckpointData,
  draft: ChapterDraft,
  at = checkpoint.data.length,
  now = Date.now(),
  /** The id chosen before (an extra chapter is paid for by id, then added with it). */
  id?: number,
): { checkpoint: CheckpointData; chapterId: number } {
  const chapterId = id ?? newItemIds(allIds(checkpoint), 1, now)[0];
  const chapter: Chapter = {
    id: chapterId,
    general_category_id: checkpoint.general_category_id,
    name: draft.name.trim(),
    questions: questionsFromDraft(checkpoint, chapterId, draft, [], now),
    generated_content: '',
    generated_count: 0,
  };
  const data = [...checkpoint.data];
  data.splice(Math.max(0, Math.min(at, data.length)), 0, chapter);
  return { checkpoint: { ...checkpoint, data }, chapterId };
}

export function editChapter(checkpoint: CheckpointData, chapterId: number, draft: ChapterDraft, now = Date.now()): CheckpointData {
  return mapChapter(checkpoint, chapterId, (c) => ({
    ...c,
    name: draft.name.trim(),
    questions: questionsFromDraft(checkpoint, chapterId, draft, c.questions, now),
  }));
}

export function deleteChapter(checkpoint: CheckpointData, chapterId: number): CheckpointData {
  return { ...checkpoint, data: checkpoint.data.filter((c) => c.id !== chapterId) };
}

export function moveItem<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

export function moveChapter(checkpoint: CheckpointData, activeId: number, overId: number): CheckpointData {
  const ids = checkpoint.data.map((c) => c.id);
  return { ...checkpoint, data: moveItem(checkpoint.data, ids.indexOf(activeId), ids.indexOf(overId)) };
}

export function moveQuestion(checkpoint: CheckpointData, chapterId: number, activeId: number, overId: number): CheckpointData {
  return mapChapter(checkpoint, chapterId, (c) => {
    const ids = c.questions.map((q) => q.id);
    return { ...c, questions: moveItem(c.questions, ids.indexOf(activeId), ids.indexOf(overId)) };
  });
}

export function selectSurveyAnswer(checkpoint: CheckpointData, surveyQuestionId: number, answerId: number): CheckpointData {
  return {
    ...checkpoint,
    lookups: {
      ...checkpoint.lookups,
      survey_questions: checkpoint.lookups.survey_questions.map((s) =>
        s.id !== surveyQuestionId ? s : { ...s, survey_answers: s.survey_answers.map((a) => ({ ...a, is_selected: a.id === answerId })) },
      ),
    },
  };
}

/** Survey questions without a chosen answer (highlighted red). */
export const missingSurveyIds = (checkpoint: CheckpointData): number[] => unansweredSurveyIds(checkpoint.lookups.survey_questions);

/** The answer's end is trimmed on blur (spec section 5). */
export const trimAnswerEnd = (value: string) => value.replace(/\s+$/u, '');

/**
 * The one chapter `checkpoint` changed from `base` when nothing else did (the same chapters in the same
 * order, the same book fields), so that it can be saved alone (upSertChapter); null otherwise. Edits
 * here keep every untouched part by reference, so comparing references is enough — and a copy rebuilt
 * with equal content (a merge) is simply saved whole.
 */
export function soleChangedChapter(base: CheckpointData, checkpoint: CheckpointData): Chapter | null {
  const keys = new Set([...Object.keys(base), ...Object.keys(checkpoint)] as Array<keyof CheckpointData>);
  if ([...keys].some((key) => key !== 'data' && checkpoint[key] !== base[key])) return null;
  if (checkpoint.data.length !== base.data.length) return null;
  const changed = checkpoint.data.flatMap((chapter, i) => (chapter === base.data[i] ? [] : [i]));
  if (changed.length !== 1) return null;
  const chapter = checkpoint.data[changed[0]];
  return chapter.id === base.data[changed[0]].id ? chapter : null;
}
