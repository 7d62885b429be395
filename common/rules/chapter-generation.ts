import type { Question, SurveyQuestion } from '../schemas/session';

/**
 * May this chapter be written? The one rule both sides apply (issue 16 item 8): every survey dropdown
 * that has choices is chosen, and at least one question is answered — the others may be left
 * unanswered (skipped, not deleted). The client highlights what is missing; the server refuses.
 */
export type GenerationRefusal =
  { reason: 'survey_incomplete'; surveyQuestionIds: number[] } | { reason: 'no_answer'; questionIds: number[] };

export const isAnswered = (question: Pick<Question, 'transcript'>) => (question.transcript ?? '').trim() !== '';

/** Survey questions that offer choices but have none selected. */
export function unansweredSurveyIds(surveyQuestions: readonly SurveyQuestion[]): number[] {
  return surveyQuestions.filter((s) => s.survey_answers.length > 0 && !s.survey_answers.some((a) => a.is_selected)).map((s) => s.id);
}

export function generationRefusal(
  surveyQuestions: readonly SurveyQuestion[],
  chapter: { questions: ReadonlyArray<Pick<Question, 'id' | 'transcript'>> },
): GenerationRefusal | null {
  const surveyQuestionIds = unansweredSurveyIds(surveyQuestions);
  if (surveyQuestionIds.length > 0) return { reason: 'survey_incomplete', surveyQuestionIds };
  if (!chapter.questions.some(isAnswered)) return { reason: 'no_answer', questionIds: chapter.questions.map((q) => q.id) };
  return null;
}
