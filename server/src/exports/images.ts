import { detectImageType } from '../books/files';

/** What the book files need to know of a photo: its format and pixel size (read from the bytes). */
export interface BookImage {
  data: Buffer;
  type: 'jpeg' | 'png';
  width: number;
  height: number;
}

/** Reads a JPEG or PNG header; null when the bytes are neither (or are truncated). */
export function readImage(data: Buffer): BookImage | null {
  const type = detectImageType(data);
  if (type === 'image/png' && data.length > 24) {
    const width = data.readUInt32BE(16);
    const height = data.readUInt32BE(20);
    return width > 0 && height > 0 ? { data, type: 'png', width, height } : null;
  }
  if (type === 'image/jpeg' && data.length > 4) {
    let pos = 2;
    while (pos + 9 < data.length) {
      if (data[pos] !== 0xff) return null;
      const marker = data[pos + 1];
      if (marker === 0xff) {
        pos += 1;
        continue;
      }
      const length = data.readUInt16BE(pos + 2);
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        const height = data.readUInt16BE(pos + 5);
        const width = data.readUInt16BE(pos + 7);
        return width > 0 && height > 0 ? { data, type: 'jpeg', width, height } : null;
      }
      pos += 2 + length;
    }
  }
  return null;
}
