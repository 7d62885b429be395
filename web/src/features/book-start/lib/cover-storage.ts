import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES } from '@common/constants';
import { COVER_IMAGE_KEY, coverPreviewKey } from '@common/image-keys';

/** The spec's image key of the cover; the preview waits here until the book exists. */
const TEMP_COVER_KEY = COVER_IMAGE_KEY;

export type CoverCheck = 'ok' | 'too_big' | 'wrong_type';

export function checkCoverFile(file: File): CoverCheck {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'wrong_type';
  if (file.size > MAX_IMAGE_BYTES) return 'too_big';
  return 'ok';
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export function dataUrlToBlob(dataUrl: string): Blob | null {
  const match = /^data:(image\/(?:jpeg|png|jpg));base64,(.+)$/.exec(dataUrl);
  if (!match) return null;
  const bytes = Uint8Array.from(atob(match[2]), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: match[1] === 'image/jpg' ? 'image/jpeg' : match[1] });
}

/** Local storage can be full or off: a preview is a nicety, never a reason to fail. */
function safeSet(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // ignored: the server keeps its own copy
  }
}

export function readTempCover(): string | null {
  return localStorage.getItem(TEMP_COVER_KEY);
}

export function saveTempCover(dataUrl: string): void {
  safeSet(TEMP_COVER_KEY, dataUrl);
}

export function clearTempCover(): void {
  localStorage.removeItem(TEMP_COVER_KEY);
}

/** After creation the temporary cover moves to the book's own key (spec section 3, image keys). */
export function moveTempCoverTo(sessionId: number): void {
  const value = readTempCover();
  if (!value) return;
  safeSet(coverPreviewKey(sessionId), value);
  clearTempCover();
}
