import type Sharp from 'sharp';
import { AppError } from '../http/errors';

/**
 * The one door every image goes through before it is stored or typeset (DESIGN "Files, images,
 * jobs"): a client's bytes never reach pdfkit, png-js or a reader raw. The file must be a JPEG or
 * a PNG by content; its declared size is checked before any pixel is decoded; libvips (sharp)
 * decodes it inside error handling with a pixel limit, and it is re-encoded as a baseline 8-bit
 * sRGB JPEG of at most IMAGE_MAX_EDGE pixels a side, without metadata. One output format, so the
 * stored content type is always right.
 */

/** Decoded pixels (width × height) an image may have: a 24-megapixel photo fits, a bomb does not. */
export const IMAGE_MAX_PIXELS = 25_000_000;
/** The longest side kept: 300 dpi over the 8.3 in height of a 6×9 or A5 page. */
export const IMAGE_MAX_EDGE = 2400;
const JPEG_QUALITY = 85;
/** Image uploads one address may send per hour (a 30-chapter book has 61 photo places). */
export const IMAGE_UPLOADS_LIMIT = { max: 300, windowMs: 60 * 60 * 1000 };

export type ImageContentType = 'image/jpeg' | 'image/png';

export interface SafeImage {
  data: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
}

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type from the file's first bytes (the declared type and the name are never trusted). */
export function detectImageType(data: Buffer): ImageContentType | null {
  if (data.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'image/jpeg';
  if (data.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'image/png';
  return null;
}

const unreadable = () => new AppError(400, 'images.unreadable');

let sharpLoaded: Promise<typeof Sharp> | undefined;
/**
 * sharp, with libvips' operation cache off: every image is decoded and encoded once (a book's photos
 * are kept made safe beside its exports), so the cache only held up to 50 MB of pixels after a burst
 * of photos — memory the server kept for nothing.
 */
function loadSharp(): Promise<typeof Sharp> {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
}

/**
 * Checks and re-encodes an image: 415 `images.wrong_type` unless JPEG or PNG, 413
 * `images.too_many_pixels` over IMAGE_MAX_PIXELS, 400 `images.unreadable` when it cannot be decoded
 * whole (corrupt, truncated, inconsistent).
 */
export async function normalizeImage(data: Buffer): Promise<SafeImage> {
  const type = detectImageType(data);
  if (!type) throw new AppError(415, 'images.wrong_type');
  const sharp = await loadSharp(); // libvips loads on the first image, not at start
  // Headers only: the declared size is refused before anything is decoded.
  const meta = await sharp(data)
    .metadata()
    .catch(() => {
      throw unreadable();
    });
  if (meta.format !== (type === 'image/png' ? 'png' : 'jpeg')) throw new AppError(415, 'images.wrong_type');
  if (!meta.width || !meta.height) throw unreadable();
  if (meta.width * meta.height > IMAGE_MAX_PIXELS)
    throw new AppError(413, 'images.too_many_pixels', { megapixels: IMAGE_MAX_PIXELS / 1_000_000 });
  try {
    const { data: jpeg, info } = await sharp(data, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error', sequentialRead: true })
      .rotate()
      .resize({ width: IMAGE_MAX_EDGE, height: IMAGE_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data: jpeg, contentType: 'image/jpeg', width: info.width, height: info.height };
  } catch {
    throw unreadable();
  }
}

/** The long side of a thumbnail: a cover as My Books (224 CSS px at most) and the workspace's header (176) show it, at 2×. */
export const THUMBNAIL_EDGE = 448;
/** A thumbnail's JPEG quality: small pictures hide what it leaves out. Encoded with mozjpeg's tables and scans: ~20 % fewer bytes than libjpeg's at the same quality, for an encoding made once and kept. */
const THUMBNAIL_QUALITY = 75;

/** A small JPEG of an image `normalizeImage` made safe (a thumbnail of a smaller one is its own size). */
export async function makeThumbnail(safe: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(safe, { limitInputPixels: IMAGE_MAX_PIXELS })
    .resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: THUMBNAIL_QUALITY, mozjpeg: true })
    .toBuffer();
}
