import type { BookType } from '@common/constants';
import { startTextProblem } from '@common/rules/book-start';

export interface StartForm {
  kind: BookType;
  newBook: boolean;
  toolId: number | null;
  typeId: number | null;
  lengthId: number | null;
  description: string;
  subject: string;
  hasDocument: boolean;
}

/** Field → i18n key (books namespace) of what is wrong, in the order the fields appear. */
export type StartErrors = Partial<Record<'tool' | 'type' | 'description' | 'subject' | 'length', string>>;

/** The start-writing rules of spec section 5; the text rule is createBook's own (common/rules/book-start.ts). */
export function validateStart(form: StartForm): StartErrors {
  const errors: StartErrors = {};
  if (!form.newBook && form.toolId === null) errors.tool = 'options.select_required';
  if (form.typeId === null) errors.type = 'options.select_required';
  const textProblem = startTextProblem(form.kind, form);
  if (textProblem) errors[form.kind === 'autobiography' ? 'description' : 'subject'] = `options.${textProblem}`;
  if (form.lengthId === null) errors.length = 'options.select_required';
  return errors;
}
