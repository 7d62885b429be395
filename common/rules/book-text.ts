/**
 * Author text is data, never markup: the preview and every book file read it through these rules.
 * `cleanText` removes what no medium should carry (control and bidi-override characters, lone
 * surrogates, invisible format characters) and normalises to NFC.
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const INVISIBLE = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\uFFF9-\uFFFB]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Any character the replaces below act on (and a few more): a text without one — most — is only normalised. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const TO_CLEAN = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u00AD\u200B-\u200F\u2028-\u202E\u2060-\u2069\uD800-\uDFFF\uFEFF\uFFF9-\uFFFF]/;
/** Noncharacters (U+FFFE/FFFF) are invalid in XML. */
const NONCHARACTER = /[\uFFFE\uFFFF]/g;

export function cleanText(value: string | null | undefined): string {
  if (!value) return '';
  if (!TO_CLEAN.test(value)) return value.normalize('NFC');
  return value
    .replace(LONE_SURROGATE, '\uFFFD')
    .normalize('NFC')
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(/\t/g, ' ')
    .replace(CONTROL, '')
    .replace(INVISIBLE, '')
    .replace(NONCHARACTER, '');
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * The one escaping of text put into HTML or XML (the e-mails, the EPUB's XHTML), for element content
 * and attribute values alike: cleaned first (`cleanText`: no control characters, which XML forbids).
 */
export function escapeHtml(value: string | null | undefined): string {
  return cleanText(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** One line of text (titles): whitespace runs become one space. */
export function cleanLine(value: string | null | undefined): string {
  return cleanText(value).replace(/\s+/g, ' ').trim();
}

/**
 * Paragraphs of a text: line breaks separate them; a run of spaces becomes one space, a no-break space
 * when it holds one (two replaces: a replacer called for every space between words cost more than the rest).
 */
export function paragraphsOf(value: string | null | undefined): string[] {
  return cleanText(value)
    .split(/\n+/)
    .map((p) =>
      p
        .replace(/[ \u00A0]*\u00A0[ \u00A0]*/g, '\u00A0')
        .replace(/ {2,}/g, ' ')
        .trim(),
    )
    .filter((p) => p.length > 0);
}

/** A chapter's paragraphs: the paragraph list of generated_content_json when readable, else the text. */
export function chapterParagraphs(chapter: { generated_content?: string | null; generated_content_json?: string | null }): string[] {
  if (chapter.generated_content_json) {
    try {
      const parsed: unknown = JSON.parse(chapter.generated_content_json);
      if (Array.isArray(parsed)) {
        const list = parsed.flatMap((p: unknown) =>
          paragraphsOf(
            typeof p === 'string'
              ? p
              : p && typeof p === 'object' && typeof (p as { text?: unknown }).text === 'string'
                ? (p as { text: string }).text
                : '',
          ),
        );
        if (list.length) return list;
      }
    } catch {
      // fall back to the plain text
    }
  }
  return paragraphsOf(chapter.generated_content);
}
