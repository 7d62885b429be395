import type { Language } from '@common/constants';
import type { CategoryBasedType, CategoryLengthType, QuestionCategory } from '@common/schemas/catalog';
import type { SurveyQuestion } from '@common/schemas/session';

/**
 * The question bank (content/question-bank/): chapters and guided questions per kind of book,
 * written natively in every language, loaded once and schema-checked at start.
 */
export interface QuestionBank {
  /** Survey questions: [0] writing style, [1] reader profile, then person, tense, tone… */
  surveyQuestions(lng: Language): SurveyQuestion[];
  /** Group title rows followed by their types, for one general category. */
  categoryBasedTypes(generalCategoryId: number, lng: Language): CategoryBasedType[];
  /** Length types of one general category: new-book ones (short, standard, long) and existing-book ones. */
  categoryLengthTypes(generalCategoryId: number, lng: Language): CategoryLengthType[];
  /** Every chapter (with its questions) of one general category, for the lookups call. */
  questionCategories(generalCategoryId: number, lng: Language): QuestionCategory[];
  /** The chapters of a new book: for its first type and its length type, in order. */
  chaptersFor(input: { generalCategoryId: number; typeIds: number[]; lengthTypeId: number; lng: Language }): QuestionCategory[];
}
