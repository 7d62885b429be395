import { useTranslation } from 'react-i18next';
import { NEW_BOOK_TOOL_ID, type BookType } from '@common/constants';
import type { CategoryLengthType, Tool } from '@common/schemas/catalog';
import { useSchemaForm } from '../../../lib/form';
import type { StartValues } from '../lib/validate';

/** The choices of the options form that are made by clicking (radio cards, the document), not typed. */
export type StartChoice = 'new_book' | 'tool_id' | 'type_id' | 'length_id' | 'word_file';

/**
 * The options form (react-hook-form, checked by `startFormSchema`) and `choose`, which records a click. The
 * schema and zod are imported on the form's first change or validation, not with the page (`useSchemaForm`).
 */
export function useStartForm(kind: BookType, lengths: CategoryLengthType[], tools: Tool[]) {
  const { t } = useTranslation('books');
  const schema = () => import('../lib/start-form-schema').then((m) => m.startFormSchema(t, kind, lengths, tools));
  const form = useSchemaForm(schema, {
    defaultValues: {
      book_name: '',
      new_book: true,
      tool_id: NEW_BOOK_TOOL_ID,
      type_id: null,
      length_id: null,
      description: '',
      subject: '',
      word_file: null,
    },
    // the choices are radio cards, not focusable inputs: the first invalid block is scrolled to instead
    shouldFocusError: false,
  });
  /** A choice made: kept, and its message re-checked once the form has been submitted. */
  const choose = <K extends StartChoice>(name: K, value: StartValues[K]) =>
    form.setValue(name, value as never, { shouldValidate: form.formState.isSubmitted });
  return { form, choose };
}

export type StartForm = ReturnType<typeof useStartForm>['form'];
export type ChooseStart = ReturnType<typeof useStartForm>['choose'];
