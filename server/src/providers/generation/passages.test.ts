import { describe, expect, it } from 'vitest';
import { chapterMessages } from './prompts';
import { withPassages } from './passages';
import type { ChapterInput, FamilyMemory } from './types';

const memory = (over: Partial<FamilyMemory>): FamilyMemory => ({
  id: 1,
  contributor_id: 7,
  question_id: 10,
  name: 'Marie',
  relation: 'my sister',
  text: 'The water reached the door.',
  quoted: false,
  ...over,
});

describe('family memories in a chapter (issue 19 item 4)', () => {
  it('puts each passage after the last paragraph on its question, memories of the whole chapter at the end', () => {
    const own = [
      { text: 'A', question_ids: [10] },
      { text: 'B', question_ids: [11] },
      { text: 'C', question_ids: [10, 11] },
      { text: 'D', question_ids: [12] },
    ];
    const out = withPassages(
      own,
      [memory({ id: 1 }), memory({ id: 2, question_id: null, name: 'Paul', relation: 'my son' }), memory({ id: 3, name: 'Lucie' })],
      'en',
    );
    expect(out.map((p) => p.contributions?.[0].id ?? p.text)).toEqual(['A', 'B', 'C', 1, 3, 'D', 2]);
    expect(out[3].text).toBe('As Marie, my sister, remembers it: “The water reached the door.”');
  });

  it.each([
    ['es', 'Como lo recuerda Marie, my sister: «The water reached the door.»'],
    ['it', 'Come lo ricorda Marie, my sister: «The water reached the door.»'],
  ] as const)('introduces the relative in %s', (lng, expected) => {
    expect(withPassages([], [memory({})], lng)[0].text).toBe(expected);
  });

  it('gives the model the accepted memories as material, credited by name, and not the quoted ones', () => {
    const input: ChapterInput = {
      context: {
        kind: 'autobiography',
        bookName: 'B',
        subject: '',
        language: 'en',
        survey: [],
        earlierSummaries: [],
        fidelity: 'light_edit',
      },
      chapter: {
        id: 1,
        name: 'Floods',
        answers: [{ id: 10, question: 'Q', answer: 'We left.' }],
        memories: [memory({}), memory({ id: 2, name: 'Paul', text: 'Quoted words.', quoted: true })],
      },
    };
    const user = chapterMessages(input)[1].content;
    expect(user).toContain('Marie (my sister) remembers: The water reached the door.');
    expect(user).not.toContain('Quoted words.');
  });
});
