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

export const BOOK_NAME_MAX_LENGTH = 200;

export const BookIdBodySchema = z.object({ id: IdParam });
export const UpdateBookNameBodySchema = z.object({ id: IdParam, book_name: z.string().max(1000) });
export const SessionIdParamsSchema = z.object({ id: IdParam });
