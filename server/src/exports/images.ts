import { AppError } from '../http/errors';
import { normalizeImage } from '../images/normalize-image';

/** What the book files need to know of a photo: its format and pixel size. */
export interface BookImage {
  data: Buffer;
  type: 'jpeg' | 'png';
  width: number;
  height: number;
}

/** A photo sent for the book files, made safe (images/normalize-image); refused with its 4xx otherwise. */
export async function readImage(data: Buffer): Promise<BookImage> {
  const image = await normalizeImage(data);
  return { data: image.data, type: 'jpeg', width: image.width, height: image.height };
}

/**
 * A photo stored for the book, checked again as it is read: files stored before uploads were
 * checked may be anything. One that is not a readable JPEG or PNG is left out of the book (null).
 */
export async function readStoredImage(data: Buffer): Promise<BookImage | null> {
  try {
    return await readImage(data);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
