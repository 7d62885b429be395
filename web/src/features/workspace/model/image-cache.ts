import { COVER_IMAGE_KEY, coverPreviewKey } from '@common/image-keys';

/**
 * Image previews cached in the browser (spec section 3): chapter photos under their own keys
 * (`chap_{id}_media_{0|1}`, chapter ids are timestamps); the cover under the book's id
 * (`cover_media_photo_{sessionId}`), since every book has one.
 */
export function imageCacheKey(sessionId: number, key: string): string {
  return key === COVER_IMAGE_KEY ? coverPreviewKey(sessionId) : key;
}

export function readCachedImage(sessionId: number, key: string): string | null {
  try {
    return localStorage.getItem(imageCacheKey(sessionId, key));
  } catch {
    return null;
  }
}

export function cacheImage(sessionId: number, key: string, dataUrl: string | null): void {
  try {
    if (dataUrl) localStorage.setItem(imageCacheKey(sessionId, key), dataUrl);
    else localStorage.removeItem(imageCacheKey(sessionId, key));
  } catch {
    // quota exceeded: the server copy stays the reference
  }
}

export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}
