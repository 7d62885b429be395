import type { BookType } from '@common/constants';
import { startTextProblem, type StartTextProblem } from '@common/rules/book-start';

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

/** Each text problem's message (books namespace), named in full so the locale check sees every key in use. */
const TEXT_MESSAGES: Record<StartTextProblem, string> = {
  description_too_short: 'options.description_too_short',
  description_too_long: 'options.description_too_long',
  subject_required: 'options.subject_required',
  subject_too_long: 'options.subject_too_long',
};

/** The start-writing rules of spec section 5; the text rule is createBook's own (common/rules/book-start.ts). */
export function validateStart(form: StartForm): StartErrors {
  const errors: StartErrors = {};
  if (!form.newBook && form.toolId === null) errors.tool = 'options.select_required';
  if (form.typeId === null) errors.type = 'options.select_required';
  const textProblem = startTextProblem(form.kind, form);
  if (textProblem) errors[form.kind === 'autobiography' ? 'description' : 'subject'] = TEXT_MESSAGES[textProblem];
  if (form.lengthId === null) errors.length = 'options.select_required';
  return errors;
}
