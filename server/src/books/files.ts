/** A book's stored files (cover and chapter photos): where they live in storage and what they are. */
import type { AppContext } from '../app';
import { makeThumbnail, type SafeImage } from '../images/normalize-image';
import { deletePrintFiles } from '../printing/files';
import { deleteFamilyOf } from '../family/repository';
import { deleteSessionFile, deleteSessionFileRecords, findSessionFile, recordSessionFile } from './repository';
import type { Storage } from '../providers/storage';

/** Where a book's own files live (photos, cover, voice sample): one folder per book. */
const sessionFilesPrefix = (sessionId: number) => `sessions/${sessionId}/`;
/** Where the files made from a book live (PDF, EPUB, DOCX and what later exports add). */
export const bookExportsPrefix = (sessionId: number) => `exports/${sessionId}/`;

/** The storage key of a book's file (`cover_media_photo`, `chap_{id}_media_{0|1}`, `voice_sample`). */
export const sessionFileKey = (sessionId: number, fileKey: string) => `${sessionFilesPrefix(sessionId)}${fileKey}`;

/** A book's image as recorded: its key and when it was stored. */
type ImageRecord = { key: string; updated_at: string };

/** Where the thumbnail of one version of a book's image is kept: its record's time names the version. */
const thumbnailKey = (sessionId: number, image: ImageRecord) =>
  `${sessionFilesPrefix(sessionId)}thumbnails/${image.key}-${Date.parse(image.updated_at)}`;

/** Stores an image made safe by `normalizeImage` under its image key, and records it for the book. */
export async function storeSessionImage(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  sessionId: number,
  imageKey: string,
  image: SafeImage,
): Promise<void> {
  const previous = await findSessionFile(ctx.db, sessionId, imageKey);
  await ctx.storage.put(sessionFileKey(sessionId, imageKey), image.data, image.contentType);
  await recordSessionFile(ctx.db, sessionId, imageKey, image.contentType, image.data.length);
  if (previous) await ctx.storage.delete(thumbnailKey(sessionId, previous));
}

/** Removes one of a book's images: its record, its file and its thumbnail. */
export async function deleteSessionImage(ctx: Pick<AppContext, 'db' | 'storage'>, sessionId: number, imageKey: string): Promise<void> {
  const image = await findSessionFile(ctx.db, sessionId, imageKey);
  await deleteSessionFile(ctx.db, sessionId, imageKey);
  await ctx.storage.delete(sessionFileKey(sessionId, imageKey));
  if (image) await ctx.storage.delete(thumbnailKey(sessionId, image));
}

/** The thumbnail of a book's image: made from the stored image on first use, then kept while the image stays (null when the image is gone). */
export async function sessionImageThumbnail(storage: Storage, sessionId: number, image: ImageRecord): Promise<Buffer | null> {
  const key = thumbnailKey(sessionId, image);
  const kept = await storage.get(key);
  if (kept) return kept;
  const original = await storage.get(sessionFileKey(sessionId, image.key));
  if (!original) return null;
  const thumbnail = await makeThumbnail(original);
  await storage.put(key, thumbnail, 'image/jpeg');
  return thumbnail;
}

/**
 * Deletes every file a book owns, in storage and in its records: its photos, cover and voice
 * sample, its audiobooks, its print files and every file exported from it. Called when the book is deleted (and when its account is).
 */
export async function deleteBookFiles(ctx: Pick<AppContext, 'db' | 'storage'>, sessionId: number): Promise<void> {
  // its audiobooks live under the book's folder (sessions/{id}/audiobook/…); its print files under printing/
  await deletePrintFiles(ctx, { sessionId });
  await ctx.storage.deleteAll(sessionFilesPrefix(sessionId));
  await ctx.storage.deleteAll(bookExportsPrefix(sessionId));
  await deleteSessionFileRecords(ctx.db, sessionId);
  // what relatives wrote for it goes with it (their photos are in the book's folder)
  await deleteFamilyOf(ctx.db, sessionId);
}
