import { z } from 'zod';
import { IdParam } from './api';

/**
 * Where a text came from: written by the generation (the writing assistant or the composer), edited
 * by the author, or — the book's conclusion offline — assembled from the author's own chapter summaries.
 */
export const TextOriginSchema = z.enum(['generated', 'edited', 'assembled']);
export type TextOrigin = z.infer<typeof TextOriginSchema>;

/** The book's own texts beside its chapters (the spec's `introduction` and `book_summary`). */
export const BookTextSchema = z.enum(['introduction', 'book_summary']);
export type BookText = z.infer<typeof BookTextSchema>;

/** Which text of a book: its introduction, its summary, or a chapter by id. */
export const TextKeySchema = z.union([BookTextSchema, z.coerce.number().int()]);
export type TextKey = z.infer<typeof TextKeySchema>;

/** One earlier text, kept on the server (issue 15) and fetched when the author opens the list. */
export const TextVersionSchema = z.object({
  id: z.number(),
  origin: TextOriginSchema,
  created_at: z.string(),
  content: z.string(),
  content_json: z.string().nullable(),
});
export type TextVersion = z.infer<typeof TextVersionSchema>;

export const TextVersionsParamsSchema = z.object({
  service_session_id: IdParam,
  text: TextKeySchema,
});

export const RestoreVersionBodySchema = z.object({
  service_session_id: IdParam,
  text: TextKeySchema,
  version_id: IdParam,
});

/**
 * A restore writes the text on the server and answers it, applied without a second save: for a
 * chapter with the book's new `version` (the checkpoint changed), for the introduction or summary
 * with the book's `updated_at`.
 */
export const RestoredTextSchema = z.object({
  content: z.string(),
  content_json: z.string().nullable(),
  origin: TextOriginSchema,
  version: z.number().optional(),
  updated_at: z.string().optional(),
});
export type RestoredText = z.infer<typeof RestoredTextSchema>;

/** 'Draft it': the introduction or the summary, written by the writing assistant, or the summary assembled offline. */
export const DraftBookTextBodySchema = z.object({
  service_session_id: IdParam,
  text: BookTextSchema,
});
export const DraftedBookTextSchema = z.object({
  text: BookTextSchema,
  content: z.string(),
  origin: TextOriginSchema,
  updated_at: z.string(),
});
export type DraftedBookText = z.infer<typeof DraftedBookTextSchema>;
