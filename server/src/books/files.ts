/** A book's stored files (cover and chapter photos): where they live in storage and what they are. */
import type { AppContext } from '../app';
import type { SafeImage } from '../images/normalize-image';
import { deletePrintFiles } from '../printing/files';
import { deleteFamilyOf } from '../family/repository';
import { deleteSessionFileRecords, recordSessionFile } from './repository';

/** Where a book's own files live (photos, cover, voice sample): one folder per book. */
const sessionFilesPrefix = (sessionId: number) => `sessions/${sessionId}/`;
/** Where the files made from a book live (PDF, EPUB, DOCX and what later exports add). */
export const bookExportsPrefix = (sessionId: number) => `exports/${sessionId}/`;

/** The storage key of a book's file (`cover_media_photo`, `chap_{id}_media_{0|1}`, `voice_sample`). */
export const sessionFileKey = (sessionId: number, fileKey: string) => `${sessionFilesPrefix(sessionId)}${fileKey}`;

/** Stores an image made safe by `normalizeImage` under its image key, and records it for the book. */
export async function storeSessionImage(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  sessionId: number,
  imageKey: string,
  image: SafeImage,
): Promise<void> {
  await ctx.storage.put(sessionFileKey(sessionId, imageKey), image.data, image.contentType);
  await recordSessionFile(ctx.db, sessionId, imageKey, image.contentType, image.data.length);
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
