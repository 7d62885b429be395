import { describe, expect, it } from 'vitest';
import { chapterParagraphs } from '@common/rules/book-text';
import { paragraphListOf, paragraphsJson } from './paragraphs';

/** One text, as an author may type or paste it: blank lines, single line breaks, CRLF, stray spaces. */
const FIXTURE = 'First paragraph.\n\nSecond, on a line\nand its second line.\r\n\r\n\r\n  Third,  indented.  \n';

describe('the workspace splits paragraphs as the book files do', () => {
  it('shows the paragraphs the PDF, EPUB and DOCX will have (chapterParagraphs), from text or from the list', () => {
    const fromText = { generated_content: FIXTURE, generated_content_json: null };
    const book = chapterParagraphs(fromText);
    expect(book).toEqual(['First paragraph.', 'Second, on a line', 'and its second line.', 'Third, indented.']);
    expect(paragraphListOf(fromText).map((p) => p.text)).toEqual(book);

    const fromList = { generated_content: FIXTURE, generated_content_json: JSON.stringify([{ text: FIXTURE, question_ids: [7] }]) };
    expect(paragraphListOf(fromList).map((p) => p.text)).toEqual(chapterParagraphs(fromList));
    expect(paragraphListOf(fromList)[1].question_ids).toEqual([7]);
  });

  it('saves an edited text as the same paragraphs, keeping the sources by position', () => {
    const saved = paragraphsJson(FIXTURE, JSON.stringify([{ text: 'old', question_ids: [3] }]));
    const list = JSON.parse(saved) as Array<{ text: string; question_ids: number[] }>;
    expect(list.map((p) => p.text)).toEqual(chapterParagraphs({ generated_content: FIXTURE }));
    expect(list[0].question_ids).toEqual([3]);
    expect(chapterParagraphs({ generated_content_json: saved })).toEqual(list.map((p) => p.text));
  });
});
