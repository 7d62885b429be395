import { cleanLine } from '@common/rules/book-text';

export { cleanLine, cleanText, escapeHtml, paragraphsOf, chapterParagraphs } from '@common/rules/book-text';

/** A download file name from a book title: letters and digits of any script kept, the rest dashes. */
export function fileSlug(title: string, fallback = 'book'): string {
  const slug = cleanLine(title)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return slug || fallback;
}
