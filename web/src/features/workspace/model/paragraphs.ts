import type { Chapter, Paragraph } from '@common/schemas/session';
import { paragraphsOf } from '@common/rules/book-text';

/**
 * A chapter's paragraphs as the workspace shows and edits them, split by the one rule the book
 * files use (`paragraphsOf`, common/rules/book-text.ts: every line break starts a paragraph), so the
 * author sees the paragraphs the PDF, EPUB and DOCX will have. Each keeps its sources and flags.
 */
export function paragraphListOf(chapter: Pick<Chapter, 'generated_content' | 'generated_content_json'>): Paragraph[] {
  let list: Paragraph[] = [];
  try {
    const parsed: unknown = chapter.generated_content_json ? JSON.parse(chapter.generated_content_json) : null;
    if (Array.isArray(parsed)) {
      list = parsed.flatMap((item: unknown) => {
        const paragraph: Paragraph =
          typeof item === 'string' ? { text: item, question_ids: [] } : ({ text: '', question_ids: [], ...(item as object) } as Paragraph);
        return paragraphsOf(typeof paragraph.text === 'string' ? paragraph.text : '').map((text) => ({ ...paragraph, text }));
      });
    }
  } catch {
    // fall back to the plain text
  }
  return list.length > 0 ? list : paragraphsOf(chapter.generated_content).map((text) => ({ text, question_ids: [] }));
}

/** The paragraph list after an edit of the text, keeping each paragraph's sources when it still exists. */
export function paragraphsJson(text: string, previous: string | null | undefined): string {
  let old: Paragraph[] = [];
  try {
    old = previous ? (JSON.parse(previous) as Paragraph[]) : [];
  } catch {
    old = [];
  }
  return JSON.stringify(paragraphsOf(text).map((p, i) => ({ text: p, question_ids: old[i]?.question_ids ?? [] })));
}
