import { describe, expect, it } from 'vitest';
import type { SurveyQuestion } from '../schemas/session';
import { generationRefusal } from './chapter-generation';

const survey = (id: number, selected: boolean | null): SurveyQuestion => ({
  id,
  name: `survey ${id}`,
  survey_answers:
    selected === null
      ? []
      : [
          { id: id * 10, name: 'a', is_selected: selected },
          { id: id * 10 + 1, name: 'b', is_selected: false },
        ],
});
const chapter = (...answers: string[]) => ({ questions: answers.map((transcript, i) => ({ id: i + 1, name: `q${i + 1}`, transcript })) });

describe('generationRefusal (may this chapter be written: same rule on client and server)', () => {
  it('allows a chapter with one answered question and the others skipped', () => {
    expect(generationRefusal([survey(1, true)], chapter('', 'Rosa sang on the way home.', '  '))).toBeNull();
  });
  it('refuses a chapter whose questions are all unanswered, naming them', () => {
    expect(generationRefusal([], chapter('', ' \n '))).toEqual({ reason: 'no_answer', questionIds: [1, 2] });
  });
  it('refuses first when a survey dropdown with choices is not chosen; one without choices does not count', () => {
    expect(generationRefusal([survey(1, true), survey(2, false), survey(3, null)], chapter('answer'))).toEqual({
      reason: 'survey_incomplete',
      surveyQuestionIds: [2],
    });
    expect(generationRefusal([survey(3, null)], chapter('answer'))).toBeNull();
  });
});
