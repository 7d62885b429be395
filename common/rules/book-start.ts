import { DESCRIPTION_MAX_LENGTH, DESCRIPTION_MIN_LENGTH, type BookType } from '../constants';

export type StartTextProblem = 'description_too_short' | 'description_too_long' | 'subject_required' | 'subject_too_long';

/**
 * What a new book needs to be written about (spec section 5), for the options form and for
 * createBook alike: an autobiography a description of 100 to 1 999 characters, another book a subject
 * under 2 000; an imported document stands in for a missing (or too short) text.
 */
export function startTextProblem(
  kind: BookType,
  text: { description: string; subject: string; hasDocument: boolean },
): StartTextProblem | null {
  if (kind === 'autobiography') {
    const length = text.description.trim().length;
    if (length >= DESCRIPTION_MAX_LENGTH) return 'description_too_long';
    if (!text.hasDocument && length < DESCRIPTION_MIN_LENGTH) return 'description_too_short';
    return null;
  }
  const subject = text.subject.trim();
  if (!text.hasDocument && subject === '') return 'subject_required';
  if (subject.length >= DESCRIPTION_MAX_LENGTH) return 'subject_too_long';
  return null;
}
