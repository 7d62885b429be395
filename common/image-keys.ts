/**
 * Image keys of spec section 3 (the cover, two photos per chapter), without zod: the workspace's first load
 * uses them, and zod is not part of it (docs/performance.md, "What a first visit does not download").
 * `common/schemas/workspace.ts` re-exports them beside its schemas.
 */
export const IMAGE_KEY_PATTERN = /^(cover_media_photo|chap_(\d{1,16})_media_([01]))$/;
export const chapterPhotoKey = (chapterId: number, slot: 0 | 1) => `chap_${chapterId}_media_${slot}`;
export const COVER_IMAGE_KEY = 'cover_media_photo';
/** Where the browser keeps a book's cover preview once the book exists (spec: moved to a key by session id). */
export const coverPreviewKey = (sessionId: number) => `${COVER_IMAGE_KEY}_${sessionId}`;
