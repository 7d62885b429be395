import { createHash } from 'node:crypto';
import { readStoredImage, type BookImage } from './images';

/**
 * A book's stored photo as the request thread reads it from storage, raw: the stored file and what the
 * book's previous export kept of it (the photo made safe, tagged with the hash of the file it came from).
 * Hashing, checking and re-encoding (sharp) happen in the export worker (`bookImages`), not on the request
 * thread: sharp's first load, its calls and the pixels' garbage held the requests (docs/performance.md).
 */
export interface StoredPhoto {
  data: Uint8Array;
  kept: Uint8Array | null;
}

/** A kept photo: the SHA-256 of the stored file it was made from, its width and height, then the JPEG. */
export const PHOTO_HEADER = 32 + 4 + 4;

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The book's photos: the uploaded ones (already made safe) and the stored ones, made safe again (files
 * stored before uploads were checked may be anything; one that is not a readable JPEG or PNG is left
 * out) unless what the previous export kept was made from the same file. `kept`: the photos made now,
 * with their header, for the caller to store for the next export.
 */
export async function bookImages(
  uploads: Map<string, BookImage>,
  stored: Map<string, StoredPhoto> = new Map(),
): Promise<{ images: Map<string, BookImage>; kept: Record<string, Uint8Array>; photosMade: number }> {
  const images = new Map<string, BookImage>([...uploads].map(([key, image]) => [key, { ...image, data: asBuffer(image.data) }]));
  const kept: Record<string, Uint8Array> = {};
  let photosMade = 0;
  // all at once, as before: sharp works in libuv's threads, several photos at a time
  await Promise.all(
    [...stored].map(async ([key, photo]) => {
      if (uploads.has(key)) return;
      const hash = createHash('sha256').update(photo.data).digest();
      const cached = photo.kept && asBuffer(photo.kept);
      if (cached && cached.length > PHOTO_HEADER && cached.subarray(0, 32).equals(hash)) {
        images.set(key, {
          data: cached.subarray(PHOTO_HEADER),
          type: 'jpeg',
          width: cached.readUInt32BE(32),
          height: cached.readUInt32BE(36),
        });
        return;
      }
      const image = await readStoredImage(asBuffer(photo.data));
      photosMade += 1;
      if (!image) return;
      const header = Buffer.alloc(PHOTO_HEADER);
      hash.copy(header);
      header.writeUInt32BE(image.width, 32);
      header.writeUInt32BE(image.height, 36);
      kept[key] = Buffer.concat([header, image.data]);
      images.set(key, image);
    }),
  );
  return { images, kept, photosMade };
}
