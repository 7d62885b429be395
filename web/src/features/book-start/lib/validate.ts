import { DESCRIPTION_MAX_LENGTH, DESCRIPTION_MIN_LENGTH, type BookType } from '@common/constants';

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

/** The start-writing rules of spec section 5 (the server checks them again). */
export function validateStart(form: StartForm): StartErrors {
  const errors: StartErrors = {};
  if (!form.newBook && form.toolId === null) errors.tool = 'options.select_required';
  if (form.typeId === null) errors.type = 'options.select_required';
  if (form.kind === 'autobiography') {
    const length = form.description.trim().length;
    if (length >= DESCRIPTION_MAX_LENGTH) errors.description = 'options.description_too_long';
    else if (!form.hasDocument && length < DESCRIPTION_MIN_LENGTH) errors.description = 'options.description_too_short';
  } else if (!form.hasDocument && form.subject.trim() === '') {
    errors.subject = 'options.subject_required';
  } else if (form.subject.trim().length >= DESCRIPTION_MAX_LENGTH) {
    errors.subject = 'options.subject_too_long';
  }
  if (form.lengthId === null) errors.length = 'options.select_required';
  return errors;
}
