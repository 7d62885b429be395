import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { BookType } from '@common/constants';
import { BOOK_NAME_MAX_LENGTH } from '@common/rules/book-name';
import { startTextProblem, type StartTextProblem } from '@common/rules/book-start';
import type { CategoryLengthType, Tool } from '@common/schemas/catalog';
import { effectiveLengthId, type StartValues } from './validate';

/** Each text problem's message (books namespace), named in full so the locale check sees every key in use. */
const TEXT_MESSAGES: Record<StartTextProblem, string> = {
  description_too_short: 'options.description_too_short',
  description_too_long: 'options.description_too_long',
  subject_required: 'options.subject_required',
  subject_too_long: 'options.subject_too_long',
};

/**
 * The options form's schema: the start-writing rules of spec section 5 — a tool for an existing book,
 * a type, a length, and the text rule createBook applies itself (common/rules/book-start.ts) — each
 * issue on its field with its translated message.
 */
export function startFormSchema(
  t: TFunction<'books'>,
  kind: BookType,
  lengths: CategoryLengthType[],
  tools: Pick<Tool, 'id' | 'forces_one_length'>[],
) {
  return z
    .object({
      book_name: z.string().max(BOOK_NAME_MAX_LENGTH),
      new_book: z.boolean(),
      tool_id: z.number().nullable(),
      type_id: z.number().nullable(),
      length_id: z.number().nullable(),
      description: z.string(),
      subject: z.string(),
      word_file: z.instanceof(File).nullable(),
    })
    .superRefine((form, ctx) => {
      const required = (path: keyof StartValues) =>
        ctx.addIssue({ code: 'custom', path: [path], message: t('books:options.select_required'), input: form[path] });
      if (!form.new_book && form.tool_id === null) required('tool_id');
      if (form.type_id === null) required('type_id');
      const problem = startTextProblem(kind, {
        description: form.description,
        subject: form.subject,
        hasDocument: form.word_file !== null,
      });
      const textField = kind === 'autobiography' ? 'description' : 'subject';
      if (problem) ctx.addIssue({ code: 'custom', path: [textField], message: t(TEXT_MESSAGES[problem]), input: form[textField] });
      if (effectiveLengthId(form, lengths, tools) === null) required('length_id');
    });
}
