/**
 * Browser audio helpers: which container MediaRecorder can write here, the upload's file name,
 * and the level of the signal for the meter. Pure where possible (tested without a browser).
 */

/** Preferred first: Chromium and Firefox write WebM/Opus, Firefox also Ogg/Opus, Safari MP4/AAC. */
export const RECORDING_MIME_TYPES = [
  'audio/webm;codecs=opus',
  'audio/webm',
  'audio/ogg;codecs=opus',
  'audio/ogg',
  'audio/mp4;codecs=mp4a.40.2',
  'audio/mp4',
] as const;

/** The first container the browser supports, or '' to let MediaRecorder choose. */
export function pickMimeType(isTypeSupported: ((type: string) => boolean) | undefined): string {
  if (!isTypeSupported) return '';
  return (
    RECORDING_MIME_TYPES.find((type) => {
      try {
        return isTypeSupported(type);
      } catch {
        return false;
      }
    }) ?? ''
  );
}

/** File extension of a recorded container ("audio/webm;codecs=opus" → "webm"). */
export function extensionFor(mimeType: string): string {
  const base = mimeType.split(';')[0].trim().toLowerCase();
  switch (base) {
    case 'audio/webm':
    case 'video/webm':
      return 'webm';
    case 'audio/ogg':
    case 'application/ogg':
      return 'ogg';
    case 'audio/mp4':
    case 'video/mp4':
    case 'audio/x-m4a':
    case 'audio/aac':
      return 'mp4';
    case 'audio/wav':
    case 'audio/wave':
    case 'audio/x-wav':
      return 'wav';
    case 'audio/mpeg':
    case 'audio/mp3':
      return 'mp3';
    default:
      return 'webm';
  }
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 8 random alphanumeric characters (crypto when available). */
export function randomAlphanumeric(length = 8, random: (n: number) => Uint8Array = cryptoBytes): string {
  const bytes = random(length);
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHANUMERIC[bytes[i] % ALPHANUMERIC.length];
  return out;
}

function cryptoBytes(n: number): Uint8Array {
  const bytes = new Uint8Array(n);
  if (globalThis.crypto?.getRandomValues) return globalThis.crypto.getRandomValues(bytes);
  for (let i = 0; i < n; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return bytes;
}

/** Spec section 9: 8 alphanumeric characters plus a timestamp, then the container's extension. */
export function uploadFileName(mimeType: string, now: number = Date.now(), random?: (n: number) => Uint8Array): string {
  return `${randomAlphanumeric(8, random)}${now}.${extensionFor(mimeType)}`;
}

/** Root-mean-square level of time-domain bytes (128 = silence), scaled to 0..1 for the meter. */
export function levelOf(samples: Uint8Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i += 1) {
    const v = (samples[i] - 128) / 128;
    sum += v * v;
  }
  const rms = Math.sqrt(sum / samples.length);
  // speech sits around 0.02–0.3 RMS: a square-root curve makes quiet voices visible
  return Math.min(1, Math.sqrt(rms) * 1.6);
}
