import { MAX_IMAGE_BYTES } from '@common/constants';
import type { AppContext } from '../app';
import { AppError } from '../http/errors';
import { recordSessionFile } from './repository';
import type { UploadedFile } from './form';

export const COVER_KEY = 'cover_media_photo';
export const coverStorageKey = (sessionId: number) => `sessions/${sessionId}/${COVER_KEY}`;

/** The image type from the file's first bytes (the declared type and name are not trusted). */
export function imageTypeOf(data: Buffer): 'image/jpeg' | 'image/png' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}

/** Checks a cover upload: jpeg or png by content (415), at most 307 200 bytes (413). */
export function checkCover(file: UploadedFile): 'image/jpeg' | 'image/png' {
  if (file.tooBig || file.data.length > MAX_IMAGE_BYTES) throw new AppError(413, 'books.image_too_big');
  const type = imageTypeOf(file.data);
  if (!type) throw new AppError(415, 'books.image_wrong_type');
  return type;
}

export async function storeCover(ctx: Pick<AppContext, 'db' | 'storage'>, sessionId: number, data: Buffer, contentType: string): Promise<void> {
  await ctx.storage.put(coverStorageKey(sessionId), data, contentType);
  await recordSessionFile(ctx.db, sessionId, COVER_KEY, contentType, data.length);
}
