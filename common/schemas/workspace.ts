import { z } from 'zod';
import { Id, IdParam } from './api';
import { IMAGE_KEY_PATTERN } from '../image-keys';
import { ChapterSchema, CheckpointDataSchema, SessionSchema } from './session';
import { BookTextSchema, TextOriginSchema } from './versions';

/** Calls of the book workspace (spec section 7): getSession, upSertSession, updateBookAttribute… */

export const SessionIdParams = z.object({ serviceSessionId: IdParam });

/** Image keys of spec section 3: the cover, and two photos per chapter (zod-free, in `common/image-keys.ts`). */
export { chapterPhotoKey, COVER_IMAGE_KEY, coverPreviewKey, IMAGE_KEY_PATTERN } from '../image-keys';
export const ImageKeySchema = z.string().regex(IMAGE_KEY_PATTERN);
/** The one address of a stored image (cover or chapter photo), served to the book's owner by sessionImage. */
export const sessionImagePath = (sessionId: number, key: string) => `/api/sessionImage/${sessionId}/${key}`;
/** The chapter id of a photo key, null for the cover. */
export function chapterIdOfImageKey(key: string): number | null {
  const match = IMAGE_KEY_PATTERN.exec(key);
  return match?.[2] ? Number(match[2]) : null;
}

/** The text fields of uploadSessionImage (multipart, beside the `file`). */
export const UploadSessionImageFieldsSchema = z.object({
  service_session_id: IdParam,
  key: ImageKeySchema,
});

export const WorkspaceSessionSchema = SessionSchema.extend({
  progress: z.number().int().min(0).max(100),
  /** Keys of the images stored for this book. */
  images: z.array(z.string()),
  /**
   * Values stored over their limit (before every write was checked): cut to the limit here, the
   * next save keeps the cut text. The workspace warns the author.
   */
  over_limit: z.array(z.object({ path: z.string(), max: z.number() })).optional(),
  /** Where the current introduction and summary came from (issue 15; absent: empty, or from before versions). */
  text_origins: z.partialRecord(BookTextSchema, TextOriginSchema).optional(),
  /** Whether a writing assistant (a model) is configured: 'Draft it' for the introduction. */
  writing_assistant: z.boolean().optional(),
  /** An unpaid book's extra chapters bought one by one (issue 12 item 5): their chapter ids, open like the first. */
  unlocked_chapters: z.array(z.number().int()).optional(),
});
export type WorkspaceSession = z.infer<typeof WorkspaceSessionSchema>;

export const UpsertSessionBodySchema = z.object({
  service_session_id: Id,
  checkpoint_data: CheckpointDataSchema,
  /** The version the client's copy was based on. */
  version: z.number().int().min(0),
});
export type UpsertSessionBody = z.infer<typeof UpsertSessionBodySchema>;

export const UpsertSessionResultSchema = z.object({
  id: z.number(),
  version: z.number(),
  updated_at: z.string(),
  progress: z.number(),
});
export type UpsertSessionResult = z.infer<typeof UpsertSessionResultSchema>;

/**
 * upSertChapter: the save a typist makes, one chapter instead of the whole checkpoint. The chapter
 * (matched by id) must already be in the book: adding, removing or moving chapters, and the book's
 * other fields, go through upSertSession. Same version rule: `version` is the book's version the
 * client's copy was based on; 409 `workspace.version_conflict` with the stored book otherwise.
 */
export const UpsertChapterBodySchema = z.object({
  service_session_id: Id,
  chapter: ChapterSchema,
  version: z.number().int().min(0),
});
export type UpsertChapterBody = z.infer<typeof UpsertChapterBodySchema>;

export const BOOK_ATTRIBUTES = ['book_name', 'introduction', 'book_summary'] as const;
export type BookAttribute = (typeof BOOK_ATTRIBUTES)[number];
export const UpdateBookAttributeBodySchema = z.object({
  id: Id,
  attribute: z.enum(BOOK_ATTRIBUTES),
  value: z.string().max(20_000),
  /**
   * The value this edit started from (our client always sends it): when the stored value is no longer
   * that, the answer is 409 with the server's value (`server: {attribute, value}`) for the client to merge.
   */
  previous_value: z.string().max(20_000).optional(),
});
export const UpdateBookAttributeResultSchema = z.object({
  id: z.number(),
  attribute: z.enum(BOOK_ATTRIBUTES),
  value: z.string(),
  updated_at: z.string(),
});

/** The extra fields of updateBookAttribute's 409 `workspace.attribute_conflict`: the stored value, to merge. */
export const AttributeConflictSchema = z.object({ server: z.object({ attribute: z.enum(BOOK_ATTRIBUTES), value: z.string() }) });
export type AttributeConflict = z.infer<typeof AttributeConflictSchema>;

/** The extra fields of upSertSession's 409 `workspace.version_conflict`: the stored book, to merge. */
export const VersionConflictSchema = z.object({ server: WorkspaceSessionSchema });
export type VersionConflict = z.infer<typeof VersionConflictSchema>;

export const ServiceSessionIdBodySchema = z.object({ service_session_id: Id });
export const AllChaptersSubmittedSchema = z.object({
  all_chapters_submitted: z.boolean(),
  unsubmitted_chapter_ids: z.array(z.number()),
});

export const DeleteSessionImageBodySchema = z.object({ service_session_id: Id, key: ImageKeySchema });
export const SessionImageSchema = z.object({ key: z.string(), content_type: z.string(), size: z.number() });
export const SessionImageParams = z.object({ id: IdParam, key: ImageKeySchema });
/** `size=thumbnail`: a small copy (a cover as the workspace's header and My Books show it), not the image itself. */
export const SessionImageQuery = z.object({ size: z.literal('thumbnail').optional() });
