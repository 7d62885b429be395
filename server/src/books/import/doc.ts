import { AppError } from '../../http/errors';
import type { Block } from './split';

/**
 * Legacy Word (.doc): plain text through word-extractor, which keeps neither paragraph styles nor
 * page breaks (it turns them into line ends). So chapters come from heading-like lines (see
 * `markHeadings`), else from length. The author's own characters (’ « » …) are kept.
 */
export async function readDoc(buffer: Buffer): Promise<Block[]> {
  if (isEncryptedWordBinary(buffer)) throw new AppError(400, 'books.document_encrypted');
  let body: string;
  try {
    const { default: WordExtractor } = await import('word-extractor'); // loaded on first use, not at start
    const document = await new WordExtractor().extract(buffer);
    // The library takes this option (its default turns ’ “ ” into ASCII), though its types omit it.
    body = (document as unknown as { getBody(options: { filterUnicode: boolean }): string }).getBody({ filterUnicode: false });
  } catch {
    throw new AppError(400, 'books.document_damaged');
  }
  const blocks: Block[] = [];
  // Should a form feed ever come through, it is a page break.
  body.split('\f').forEach((page, index) => {
    if (index > 0) blocks.push({ kind: 'page_break' });
    for (const line of page.split(/\r?\n|\r/)) {
      const text = line
        // eslint-disable-next-line no-control-regex -- Word's field and cell marks are control characters
        .replace(/[\u0000-\u0008\u000b\u000e-\u001f]/g, '')
        .replace(/\s+/g, ' ')
        .trim();
      if (text) blocks.push({ kind: 'paragraph', text });
    }
  });
  return markHeadings(blocks);
}

/** Longest line (characters, words) taken for a heading of a .doc. */
const HEADING_MAX_CHARS = 80;
const HEADING_MAX_WORDS = 12;

/** A line that reads like a title: short, capitalised or numbered, not ending like a sentence. */
function looksLikeHeading(text: string): boolean {
  return (
    text.length <= HEADING_MAX_CHARS &&
    text.split(' ').length <= HEADING_MAX_WORDS &&
    /^[\p{Lu}\p{N}]/u.test(text) &&
    !/[.,;:!?…»"”’)\]-]$/u.test(text)
  );
}

/**
 * Plain .doc text has no headings: a paragraph becomes a level-1 heading when it looks like a title
 * and the next paragraph does not. Only used when at least two such lines are found and they are at
 * most a third of the paragraphs (a poem or a list of short lines stays as it is).
 */
export function markHeadings(blocks: Block[]): Block[] {
  const paragraphs = blocks.flatMap((b, index) => (b.kind === 'paragraph' ? [{ index, text: b.text }] : []));
  const headings = new Set<number>();
  paragraphs.forEach((p, i) => {
    const next = paragraphs[i + 1];
    if (!next || !looksLikeHeading(p.text)) return;
    if (!looksLikeHeading(next.text)) headings.add(p.index);
  });
  if (headings.size < 2 || headings.size * 3 > paragraphs.length) return blocks;
  return blocks.map((b, index) => (b.kind === 'paragraph' && headings.has(index) ? { kind: 'heading', level: 1, text: b.text } : b));
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
