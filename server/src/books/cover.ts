import { MAX_IMAGE_BYTES } from '@common/constants';
import { COVER_IMAGE_KEY } from '@common/schemas/workspace';
import type { AppContext } from '../app';
import { AppError } from '../http/errors';
import { detectImageType, sessionFileKey, type ImageContentType } from './files';
import { recordSessionFile } from './repository';
import type { UploadedFile } from './form';

/** Checks a cover upload: jpeg or png by content (415), at most 307 200 bytes (413). */
export function checkCover(file: UploadedFile): ImageContentType {
  if (file.tooBig || file.data.length > MAX_IMAGE_BYTES) throw new AppError(413, 'books.image_too_big');
  const type = detectImageType(file.data);
  if (!type) throw new AppError(415, 'books.image_wrong_type');
  return type;
}

export async function storeCover(ctx: Pick<AppContext, 'db' | 'storage'>, sessionId: number, data: Buffer, contentType: string): Promise<void> {
  await ctx.storage.put(sessionFileKey(sessionId, COVER_IMAGE_KEY), data, contentType);
  await recordSessionFile(ctx.db, sessionId, COVER_IMAGE_KEY, contentType, data.length);
}
