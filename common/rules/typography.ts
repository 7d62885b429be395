import type { Language } from '../constants';

/**
 * Typographic marks per language, the one rule used by the composer (chapters and "improve my
 * answer"), the workspace and every book file (PDF, EPUB, DOCX):
 * - apostrophes become ’ ("l'enfance" → "l’enfance", "don't" → "don’t");
 * - straight double quotes become the language's quotation marks: “…” in English, «…» in French,
 *   Spanish and Italian (the quotes the author already typed typographically are kept);
 * - "..." becomes …, a spaced hyphen or double hyphen becomes a spaced en dash ( – ); a dash the
 *   author typed (– or —) is theirs and stays;
 * - French: a no-break space inside « » and before ; : ! ? (never a line break there), not in
 *   times (10:30) or addresses (https:).
 * Idempotent: applying it twice changes nothing more.
 */
const NBSP = '\u00a0';
const QUOTES: Record<Language, [string, string]> = { en: ['“', '”'], fr: ['«', '»'], es: ['«', '»'], it: ['«', '»'] };

/** Straight double quotes paired in reading order: an opening one follows a space, a bracket or the start. */
function curlDoubleQuotes(text: string, [open, close]: [string, string]): string {
  return text.replace(/"/g, (_quote, offset: number) => (offset === 0 || /[\s([{\u2014\u2013-]/.test(text[offset - 1]) ? open : close));
}

function frenchSpacing(text: string): string {
  const spaced = text
    .replace(/[ \u00a0\u202f]*([;:!?»])/g, `${NBSP}$1`)
    .replace(/«[ \u00a0\u202f]*/g, `«${NBSP}`)
    .replace(new RegExp(`(\\d)${NBSP}:(\\d)`, 'g'), '$1:$2')
    .replace(new RegExp(`^${NBSP}+`, 'gm'), '')
    .replace(new RegExp(`([!?])${NBSP}([!?])`, 'g'), '$1$2');
  return spaced.includes(`${NBSP}://`) ? spaced.replace(new RegExp(`([a-z]{3,5})${NBSP}:(//)`, 'gi'), '$1:$2') : spaced;
}

// Each rule runs only on a text holding its mark: most paragraphs hold none, and a re-export sets every
// chapter's paragraphs again — scanning a whole book with these lookbehinds cost more than laying out the
// changed chapter (bench/export.ts).
export function typographic(text: string, lng: Language): string {
  let out = text;
  if (out.includes("'")) out = out.replace(/(?<=[\p{L}\p{N}])'(?=\p{L})/gu, '’');
  if (out.includes('...')) out = out.replace(/(?<![.…])\.{3}(?!\.)/g, '…');
  if (out.includes(' -')) out = out.replace(/(\S) -{1,2} (?=\S)/g, '$1 – ');
  if (out.includes('"')) out = curlDoubleQuotes(out, QUOTES[lng]);
  if (lng === 'en' && out.includes("'")) out = out.replace(/(^|[\s(])'(?=\p{L})/gu, '$1‘').replace(/'/g, '’');
  if (lng === 'fr') out = frenchSpacing(out);
  return out;
}

/** Opening and closing quotation marks of a text, for the balance checks of tests and bench. */
export function quoteBalance(text: string): { open: number; close: number } {
  return { open: (text.match(/[«“]/g) ?? []).length, close: (text.match(/[»”]/g) ?? []).length };
}
