import { describe, expect, it } from 'vitest';
import { ChapterDraftSchema, type CheckpointData } from '@common/schemas/session';
import { unpaidViolation, isChapterLocked } from '@common/rules/workspace-unpaid';
import {
  addChapter,
  addQuestion,
  deleteQuestion,
  editChapter,
  missingSurveyIds,
  moveChapter,
  moveQuestion,
  newItemIds,
  selectSurveyAnswer,
  soleChangedChapter,
  trimAnswerEnd,
  updateChapter,
  updateQuestion,
} from './checkpoint-ops';

function book(): CheckpointData {
  return {
    data: [1, 2].map((id) => ({
      id,
      name: `Chapter ${id}`,
      questions: [1, 2].map((q) => ({ id: id * 10 + q, name: `Q${q}`, transcript: 'answer', question_category_id: id })),
      generated_content: '',
      generated_count: 0,
    })),
    lookups: { survey_questions: [{ id: 7, name: 'Style', survey_answers: [{ id: 1, name: 'A', is_selected: false }] }] },
    general_category_id: 1,
    category_based_type_ids: [],
    services_with_plans: [],
  };
}

describe('ids of new items', () => {
  it('uses the timestamp, and the next free one when taken', () => {
    expect(newItemIds([5], 1, 1000)).toEqual([1000]);
    expect(newItemIds([1000, 1001], 2, 1000)).toEqual([1002, 1003]);
  });
  it('gives a new chapter and its questions distinct timestamp ids', () => {
    const { checkpoint, chapterId } = addChapter(book(), { name: ' New ', questions: [{ name: 'A' }, { name: 'B' }] }, 0, 5000);
    expect(chapterId).toBe(5000);
    expect(checkpoint.data[0]).toMatchObject({ id: 5000, name: 'New' });
    expect(checkpoint.data[0].questions.map((q) => q.id)).toEqual([5001, 5002]);
    expect(checkpoint.data[0].questions[0].question_category_id).toBe(5000);
  });
  it('opens a new question flagged as new', () => {
    const { checkpoint, questionId } = addQuestion(book(), 2, '', 9000);
    expect(questionId).toBe(9000);
    expect(checkpoint.data[1].questions.at(-1)).toMatchObject({ id: 9000, isNewQuestion: true });
  });
});

describe('chapter rules', () => {
  it('checks the chapter modal with ChapterDraftSchema: a title and named questions, at least one', () => {
    const problems = (draft: unknown) => (ChapterDraftSchema.safeParse(draft).error?.issues ?? []).map((i) => i.path.join('.'));
    expect(problems({ name: ' ', questions: [{ name: 'a' }] })).toEqual(['name']);
    expect(problems({ name: 'x', questions: [] })).toEqual(['questions']);
    expect(problems({ name: 'x', questions: [{ name: 'a' }, { name: '  ' }] })).toEqual(['questions.1.name']);
    expect(problems({ name: 'x'.repeat(301), questions: [{ name: 'a' }] })).toEqual(['name']);
    expect(ChapterDraftSchema.parse({ name: ' x ', questions: [{ id: 3, name: ' a ' }] })).toEqual({
      name: 'x',
      questions: [{ id: 3, name: 'a' }],
    });
  });
  it('keeps existing questions (and answers) when a chapter is edited', () => {
    const next = editChapter(book(), 1, { name: 'Renamed', questions: [{ id: 12, name: 'Q2 edited' }, { name: 'New one' }] }, 7000);
    expect(next.data[0].name).toBe('Renamed');
    expect(next.data[0].questions[0]).toMatchObject({ id: 12, name: 'Q2 edited', transcript: 'answer' });
    expect(next.data[0].questions[1]).toMatchObject({ id: 7001, name: 'New one', transcript: '' });
  });
  it('never deletes the last question', () => {
    const first = deleteQuestion(book(), 1, 11);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(deleteQuestion(first.checkpoint, 1, 12)).toEqual({ ok: false, reason: 'at_least_one_question' });
  });
  it('reorders chapters and questions', () => {
    expect(moveChapter(book(), 2, 1).data.map((c) => c.id)).toEqual([2, 1]);
    expect(moveQuestion(book(), 1, 12, 11).data[0].questions.map((q) => q.id)).toEqual([12, 11]);
    expect(moveChapter(book(), 2, 99).data.map((c) => c.id)).toEqual([1, 2]);
  });
  it('lists the dropdowns still to choose', () => {
    const b = book();
    expect(missingSurveyIds(b)).toEqual([7]);
    expect(missingSurveyIds(selectSurveyAnswer(b, 7, 1))).toEqual([]);
  });
  it('trims answers at the end', () => {
    expect(trimAnswerEnd('  hello \n ')).toBe('  hello');
  });
});

describe('unpaid rule (shared with the server)', () => {
  it('locks every chapter but the first', () => {
    expect(isChapterLocked(0, false)).toBe(false);
    expect(isChapterLocked(1, false)).toBe(true);
    expect(isChapterLocked(1, true)).toBe(false);
  });
  it('allows first-chapter edits and refuses the rest', () => {
    const stored = book();
    const ok = addQuestion(stored, 1, 'x', 1).checkpoint;
    expect(unpaidViolation(stored, ok)).toBeNull();
    expect(unpaidViolation(stored, moveChapter(stored, 2, 1))?.kind).toBe('chapters_reordered');
    expect(unpaidViolation(stored, addChapter(stored, { name: 'n', questions: [{ name: 'q' }] }).checkpoint)?.kind).toBe(
      'chapters_added_or_removed',
    );
    expect(unpaidViolation(stored, addQuestion(stored, 2, 'x').checkpoint)).toEqual({ kind: 'locked_chapter_changed', chapter_id: 2 });
  });
});

describe('soleChangedChapter: what a save may send alone', () => {
  const base = book();
  const edit = (checkpoint: CheckpointData, index: number): CheckpointData => ({
    ...checkpoint,
    data: checkpoint.data.map((c, i) => (i === index ? { ...c, name: `${c.name} (edited)` } : c)),
  });

  it('is the chapter when only it changed, as typing an answer does', () => {
    const typed = updateQuestion(base, 2, 21, { transcript: 'A longer answer' });
    expect(soleChangedChapter(base, typed)).toBe(typed.data[1]);
    expect(soleChangedChapter(typed, updateChapter(typed, 1, { generated_content: 'Text' }))?.id).toBe(1);
  });

  it('is none when two chapters changed, chapters were added, removed or moved, or a book field changed', () => {
    expect(soleChangedChapter(base, edit(edit(base, 0), 1))).toBeNull();
    expect(soleChangedChapter(base, { ...base, data: base.data.slice(1) })).toBeNull();
    expect(soleChangedChapter(base, { ...base, data: [...base.data].reverse() })).toBeNull();
    expect(soleChangedChapter(base, { ...base, data: [...base.data, { ...base.data[0], id: 999 }] })).toBeNull();
    expect(soleChangedChapter(base, { ...edit(base, 0), language: 'fr' })).toBeNull();
    expect(soleChangedChapter(base, selectSurveyAnswer(edit(base, 0), 7, 1))).toBeNull();
    expect(soleChangedChapter(base, base)).toBeNull();
  });
});
