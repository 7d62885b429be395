import WordExtractor from 'word-extractor';
import { AppError } from '../../http/errors';
import type { Block } from './split';

/**
 * Legacy Word (.doc): plain text through word-extractor. Headings are not kept by the format's
 * text stream, so chapters come from page breaks (form feeds) or length.
 */
export async function readDoc(buffer: Buffer): Promise<Block[]> {
  if (isEncryptedWordBinary(buffer)) throw new AppError(400, 'books.document_encrypted');
  let body: string;
  try {
    const document = await new WordExtractor().extract(buffer);
    body = document.getBody();
  } catch {
    throw new AppError(400, 'books.document_damaged');
  }
  const blocks: Block[] = [];
  const pages = body.split('\f');
  pages.forEach((page, index) => {
    if (index > 0) blocks.push({ kind: 'page_break' });
    for (const line of page.split(/\r?\n/)) {
      // eslint-disable-next-line no-control-regex -- Word's field and cell marks are control characters
      const text = line.replace(/[\u0000-\u0008\u000b\u000e-\u001f]/g, '').replace(/\s+/g, ' ').trim();
      if (text) blocks.push({ kind: 'paragraph', text });
    }
  });
  return blocks;
}

/**
 * The Word binary header (FIB) starts a sector of the compound file with 0xA5EC; bit 0x0100 of its
 * flags word (offset 0x0A) marks a password-protected document.
 */
export function isEncryptedWordBinary(buffer: Buffer): boolean {
  for (let offset = 512; offset + 12 <= buffer.length; offset += 512) {
    if (buffer.readUInt16LE(offset) === 0xa5ec && buffer.readUInt16LE(offset + 2) >= 0x65) {
      return (buffer.readUInt16LE(offset + 0x0a) & 0x0100) !== 0;
    }
  }
  return false;
}
