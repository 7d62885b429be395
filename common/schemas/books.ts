import { z } from 'zod';
import { IdParam } from './api';
import { SessionSchema } from './session';

/** A book as created: the signed-in owner's copy, or the guest's copy plus the token that proves ownership. */
export const CreatedBookSchema = SessionSchema.extend({ guest_token: z.string().optional() });
export type CreatedBook = z.infer<typeof CreatedBookSchema>;

/** One card of My Books: light on purpose (chapter texts are cut to a short excerpt). */
export const BookListItemSchema = z.object({
  id: z.number(),
  book_name: z.string(),
  is_payed: z.boolean(),
  updated_at: z.string(),
  progress: z.number(),
  cover_url: z.string().nullable(),
  checkpoint_data: z.object({
    general_category_id: z.number(),
    data: z.array(z.object({ id: z.number(), name: z.string(), generated_content: z.string() })),
  }),
});
export type BookListItem = z.infer<typeof BookListItemSchema>;

const optionalText = z.string().max(20_000).optional();

/**
 * The text fields of the book-creation form (multipart, spec section 7), plus our own optional
 * `description` and `new_book`; the files (cover, word_file) are read beside them.
 */
export const CreateBookFieldsSchema = z.object({
  service_id: IdParam,
  general_category_id: IdParam,
  category_based_type_ids: z.string().max(2000).optional(),
  category_length_type_id: z.string().max(20).optional(),
  another_story_subject: optionalText,
  description: optionalText,
  /** Checked by the book-name rule (common/rules/book-name.ts) for a translated answer. */
  book_name: z.string().optional(),
  toolId: IdParam,
  new_book: z.enum(['true', 'false', '1', '0']).optional(),
});
export type CreateBookFields = z.infer<typeof CreateBookFieldsSchema>;

export const BookIdBodySchema = z.object({ id: IdParam });
