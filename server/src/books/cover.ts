import { MAX_IMAGE_BYTES } from '@common/constants';
import { AppError } from '../http/errors';
import { normalizeImage, type SafeImage } from '../images/normalize-image';
import type { UploadedFile } from '../http/multipart';

/** Checks a cover upload: at most 307 200 bytes (413), then decoded and made safe (images/normalize-image). */
export async function checkCover(file: UploadedFile): Promise<SafeImage> {
  if (file.data.length > MAX_IMAGE_BYTES) throw new AppError(413, 'books.image_too_big');
  return normalizeImage(file.data);
}
