import { cleanLine, cleanText } from '@common/rules/book-text';

export { cleanLine, cleanText, paragraphsOf, chapterParagraphs } from '@common/rules/book-text';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes cleaned text for XML/XHTML element content and attribute values. */
export function escapeXml(value: string): string {
  return cleanText(value).replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

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
