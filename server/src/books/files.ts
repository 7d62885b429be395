/** A book's stored files (cover and chapter photos): where they live in storage and what they are. */

/** The storage key of a book's image (`cover_media_photo`, `chap_{id}_media_{0|1}`). */
export const sessionFileKey = (sessionId: number, imageKey: string) => `sessions/${sessionId}/${imageKey}`;

export type ImageContentType = 'image/jpeg' | 'image/png';

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type from the file's first bytes (the declared type and the name are never trusted). */
export function detectImageType(data: Buffer): ImageContentType | null {
  if (data.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'image/jpeg';
  if (data.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'image/png';
  return null;
}
