/**
 * A book's name, one rule for every place that sets it: the creation form, the workspace title
 * (updateBookAttribute `book_name`) and the rename of My Books. The inputs use the same maximum.
 */
export const BOOK_NAME_MAX_LENGTH = 200;

export type BookNameProblem = 'book_name_required' | 'book_name_too_long';

/** What is wrong with a name as typed (it is trimmed first), or null when it may be saved. */
export function bookNameProblem(name: string): BookNameProblem | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'book_name_required';
  return trimmed.length > BOOK_NAME_MAX_LENGTH ? 'book_name_too_long' : null;
}
