import { describe, expect, it } from 'vitest';
import type { CheckpointData } from '@common/schemas/session';
import { mergeCheckpoints, mergeText, resolveConflict } from './merge';

function book(): CheckpointData {
  return {
    data: [1, 2, 3].map((id) => ({
      id,
      name: `Chapter ${id}`,
      questions: [1, 2].map((q) => ({ id: id * 10 + q, name: `Q${q}`, transcript: '', question_category_id: id })),
      generated_content: '',
      generated_count: 0,
    })),
    lookups: {
      survey_questions: [
        {
          id: 1,
          name: 'Style',
          survey_answers: [
            { id: 1, name: 'A', is_selected: false },
            { id: 2, name: 'B', is_selected: false },
          ],
        },
      ],
    },
    general_category_id: 1,
    category_based_type_ids: [],
    services_with_plans: [],
    another_story_subject: '',
  };
}
const clone = structuredClone<CheckpointData>;

describe('mergeCheckpoints', () => {
  it('keeps edits of different chapters from both sides', () => {
    const base = book();
    const local = clone(base);
    local.data[0].questions[0].transcript = 'mine';
    const server = clone(base);
    server.data[2].questions[1].transcript = 'theirs';
    server.data[2].generated_content = 'Their text';
    const { checkpoint, conflicts } = mergeCheckpoints(base, local, server);
    expect(conflicts).toEqual([]);
    expect(checkpoint.data[0].questions[0].transcript).toBe('mine');
    expect(checkpoint.data[2].questions[1].transcript).toBe('theirs');
    expect(checkpoint.data[2].generated_content).toBe('Their text');
  });

  it('keeps edits of different questions of the same chapter', () => {
    const base = book();
    const local = clone(base);
    local.data[0].questions[0].transcript = 'mine';
    const server = clone(base);
    server.data[0].questions[1].transcript = 'theirs';
    const { checkpoint, conflicts } = mergeCheckpoints(base, local, server);
    expect(conflicts).toEqual([]);
    expect(checkpoint.data[0].questions.map((q) => q.transcript)).toEqual(['mine', 'theirs']);
  });

  it('reports a true conflict on the same field, keeps the local text and offers the other', () => {
    const base = book();
    const local = clone(base);
    local.data[1].questions[0].transcript = 'mine';
    const server = clone(base);
    server.data[1].questions[0].transcript = 'theirs';
    const { checkpoint, conflicts } = mergeCheckpoints(base, local, server);
    expect(checkpoint.data[1].questions[0].transcript).toBe('mine');
    expect(conflicts).toEqual([
      expect.objectContaining({ field: 'question_transcript', chapterId: 2, questionId: 21, local: 'mine', server: 'theirs' }),
    ]);
    const chosen = resolveConflict(checkpoint, conflicts[0], 'theirs');
    expect(chosen.data[1].questions[0].transcript).toBe('theirs');
  });

  it('treats identical edits as no conflict', () => {
    const base = book();
    const local = clone(base);
    const server = clone(base);
    local.data[0].name = 'Same';
    server.data[0].name = 'Same';
    expect(mergeCheckpoints(base, local, server).conflicts).toEqual([]);
  });

  it('keeps chapters added on both sides, in place', () => {
    const base = book();
    const local = clone(base);
    local.data.push({ ...clone(base).data[0], id: 100, name: 'Local new' });
    const server = clone(base);
    server.data.splice(1, 0, { ...clone(base).data[0], id: 200, name: 'Server new' });
    const ids = mergeCheckpoints(base, local, server).checkpoint.data.map((c) => c.id);
    expect(ids).toEqual([1, 200, 2, 3, 100]);
  });

  it('applies a deletion unless the other side edited the item', () => {
    const base = book();
    const local = clone(base);
    local.data.splice(2, 1); // deleted chapter 3 here
    local.data[0].questions.splice(1, 1); // deleted question 12 here
    const server = clone(base);
    server.data[0].questions[1].transcript = 'edited there'; // …but edited there
    const { checkpoint } = mergeCheckpoints(base, local, server);
    expect(checkpoint.data.map((c) => c.id)).toEqual([1, 2]);
    expect(checkpoint.data[0].questions.map((q) => q.id)).toEqual([11, 12]);
    expect(checkpoint.data[0].questions[1].transcript).toBe('edited there');
  });

  it('keeps the local reorder and the server edits', () => {
    const base = book();
    const local = clone(base);
    local.data = [local.data[2], local.data[0], local.data[1]];
    const server = clone(base);
    server.data[2].name = 'Renamed there';
    const { checkpoint } = mergeCheckpoints(base, local, server);
    expect(checkpoint.data.map((c) => c.id)).toEqual([3, 1, 2]);
    expect(checkpoint.data[0].name).toBe('Renamed there');
  });

  it('takes the server reorder when this side did not move anything', () => {
    const base = book();
    const local = clone(base);
    local.data[0].questions[0].transcript = 'x';
    const server = clone(base);
    server.data[0].questions.reverse();
    const { checkpoint } = mergeCheckpoints(base, local, server);
    expect(checkpoint.data[0].questions.map((q) => q.id)).toEqual([12, 11]);
    expect(checkpoint.data[0].questions[1].transcript).toBe('x');
  });

  it('merges survey choices and keeps the server-owned fields', () => {
    const base = book();
    const local = clone(base);
    local.lookups.survey_questions[0].survey_answers[1].is_selected = true;
    const server = clone(base);
    server.services_with_plans = [];
    server.data[0].generated_count = 2;
    const { checkpoint } = mergeCheckpoints(base, local, server);
    expect(checkpoint.lookups.survey_questions[0].survey_answers.map((a) => a.is_selected)).toEqual([false, true]);
    expect(checkpoint.data[0].generated_count).toBe(2);
  });

  it('reports a conflict on generated text edited on both sides', () => {
    const base = book();
    base.data[0].generated_content = 'Original';
    const local = clone(base);
    local.data[0].generated_content = 'Mine';
    const server = clone(base);
    server.data[0].generated_content = 'Theirs';
    server.data[0].generated_content_json = JSON.stringify([{ text: 'Theirs' }]);
    const { checkpoint, conflicts } = mergeCheckpoints(base, local, server);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({ field: 'chapter_content', local: 'Mine', server: 'Theirs' });
    const theirs = resolveConflict(checkpoint, conflicts[0], 'Theirs', server.data[0]);
    expect(theirs.data[0].generated_content_json).toBe(server.data[0].generated_content_json);
  });

  it('never reports equal sides as a conflict: same text, other time stamp, key order or trailing spaces', () => {
    const base = book();
    const local = clone(base);
    const server = clone(base);
    // The server stored the generated chapter at 12:00:00; this tab applied the same result at 12:00:01.
    Object.assign(local.data[0], {
      generated_content: 'Rosa sang.',
      generated_content_json: '[{"text":"Rosa sang."}]',
      summary: 'S',
      submitted_at: '2025-01-01 12:00:01',
      generated_count: 1,
    });
    Object.assign(server.data[0], {
      generated_content: 'Rosa sang.',
      generated_content_json: '[{"text":"Rosa sang."}]',
      summary: 'S',
      submitted_at: '2025-01-01 12:00:00',
      generated_count: 1,
    });
    local.data[1].questions[0].transcript = 'Born in Naples.   ';
    server.data[1].questions[0].transcript = 'Born in Naples.';
    // the same chapter written with its keys in another order
    server.data[2] = Object.fromEntries(Object.entries({ ...server.data[2], name: 'Renamed' }).reverse()) as (typeof server.data)[2];
    local.data[2].name = 'Renamed';
    const { checkpoint, conflicts } = mergeCheckpoints(base, local, server);
    expect(conflicts).toEqual([]);
    expect(checkpoint.data[0].generated_content).toBe('Rosa sang.');
    expect(checkpoint.data[2].name).toBe('Renamed');
  });

  it('takes the paragraphs and time stamp of the side whose text wins', () => {
    const base = book();
    const local = clone(base);
    local.data[0].questions[0].transcript = 'mine';
    const server = clone(base);
    Object.assign(server.data[0], {
      generated_content: 'Theirs',
      generated_content_json: '[{"text":"Theirs"}]',
      submitted_at: '2025-01-01 12:00:00',
    });
    const { checkpoint, conflicts } = mergeCheckpoints(base, local, server);
    expect(conflicts).toEqual([]);
    expect(checkpoint.data[0]).toMatchObject({
      generated_content: 'Theirs',
      generated_content_json: '[{"text":"Theirs"}]',
      submitted_at: '2025-01-01 12:00:00',
    });
    expect(checkpoint.data[0].questions[0].transcript).toBe('mine');
  });
});

describe('mergeText (title, introduction, summary after a 409)', () => {
  it('takes the side that changed, and reports a conflict (keeping the local text) when both did', () => {
    expect(mergeText('Intro', 'Intro', 'Intro by the other tab')).toEqual({ value: 'Intro by the other tab', conflict: false });
    expect(mergeText('Intro', 'My intro', 'Intro')).toEqual({ value: 'My intro', conflict: false });
    expect(mergeText('Intro', 'Same edit', 'Same edit')).toEqual({ value: 'Same edit', conflict: false });
    expect(mergeText('Intro', 'My intro', 'Their intro')).toEqual({ value: 'My intro', conflict: true });
  });
});
