import { forcedLengthOf } from '@common/rules/forced-length';
import type { CategoryLengthType, Tool } from '@common/schemas/catalog';

/**
 * The options form's values (spec sections 2, 4, 5); the cover is kept beside them (preview, temp storage).
 * This module has no zod: the options page shows with it, and the form's schema (`start-form-schema.ts`)
 * is imported on the form's first validation (`useSchemaForm` given a loader, `web/src/lib/form.ts`).
 */
export interface StartValues {
  book_name: string;
  new_book: boolean;
  tool_id: number | null;
  type_id: number | null;
  length_id: number | null;
  description: string;
  subject: string;
  word_file: File | null;
}

/**
 * The length the book will have: a tool that forces one length gives it (an existing book); otherwise
 * the length chosen, while it is among those of a new (or an existing) book.
 */
export function effectiveLengthId(
  values: Pick<StartValues, 'new_book' | 'tool_id' | 'length_id'>,
  lengths: CategoryLengthType[],
  tools: Pick<Tool, 'id' | 'forces_one_length'>[],
): number | null {
  const tool = tools.find((x) => x.id === values.tool_id);
  if (!values.new_book && tool?.forces_one_length) return forcedLengthOf(lengths)?.id ?? null;
  return lengths.some((l) => l.id === values.length_id && l.new_book === values.new_book) ? values.length_id : null;
}
