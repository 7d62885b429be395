import { z } from 'zod';

/** Where a chapter text came from: written by the generation, or edited by the author. */
export const TextOriginSchema = z.enum(['generated', 'edited']);
export type TextOrigin = z.infer<typeof TextOriginSchema>;

/** One earlier text of a chapter, kept on the server (issue 15) and fetched when the author opens the list. */
export const TextVersionSchema = z.object({
  id: z.number(),
  origin: TextOriginSchema,
  created_at: z.string(),
  content: z.string(),
  content_json: z.string().nullable(),
});
export type TextVersion = z.infer<typeof TextVersionSchema>;

export const ChapterVersionsParamsSchema = z.object({
  service_session_id: z.coerce.number().int().positive(),
  chapter_id: z.coerce.number().int(),
});

export const RestoreVersionBodySchema = z.object({
  service_session_id: z.coerce.number().int().positive(),
  chapter_id: z.coerce.number().int(),
  version_id: z.coerce.number().int().positive(),
});

/** A restore writes the chapter on the server: the book's new version and the chapter's text, applied without a second save. */
export const RestoredTextSchema = z.object({
  version: z.number(),
  content: z.string(),
  content_json: z.string().nullable(),
  origin: TextOriginSchema,
});
