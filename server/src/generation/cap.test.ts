import { describe, expect, it } from 'vitest';
import { CHAPTER_TEXT_MAX_LENGTH } from '@common/constants';
import { ChapterSchema } from '@common/schemas/session';
import { capChapter } from './service';

const paragraph = (length: number, id: number) => ({
  text: `${'word '.repeat(Math.ceil(length / 5)).slice(0, length - 1)}.`,
  question_ids: [id],
});
const output = (paragraphs: { text: string; question_ids: number[] }[]) => ({
  paragraphs,
  content: paragraphs.map((p) => p.text).join('\n\n'),
  summary: 's',
});

describe('capChapter (issue 18, item 3)', () => {
  it('keeps a chapter within the limit as it is', () => {
    const small = output([paragraph(1000, 1), paragraph(2000, 2)]);
    expect(capChapter(small)).toBe(small);
  });

  it('keeps whole paragraphs up to the limit every save and read accepts', () => {
    // 100 answers of 2 500 characters, kept in the author's words: 250 000 characters.
    const long = output(Array.from({ length: 100 }, (_, i) => paragraph(2500, i)));
    expect(long.content.length).toBeGreaterThan(CHAPTER_TEXT_MAX_LENGTH);
    const capped = capChapter(long);
    expect(capped.content.length).toBeLessThanOrEqual(CHAPTER_TEXT_MAX_LENGTH);
    expect(capped.paragraphs.length).toBe(79);
    expect(capped.content).toBe(capped.paragraphs.map((p) => p.text).join('\n\n'));
    expect(ChapterSchema.safeParse({ id: 1, name: 'x', questions: [], generated_content: capped.content }).success).toBe(true);
  });

  it('cuts a single paragraph longer than the limit at a word', () => {
    const capped = capChapter(output([paragraph(CHAPTER_TEXT_MAX_LENGTH + 5000, 1)]));
    expect(capped.content.length).toBeLessThanOrEqual(CHAPTER_TEXT_MAX_LENGTH);
    expect(capped.content.length).toBeGreaterThan(CHAPTER_TEXT_MAX_LENGTH - 10);
    expect(capped.content.endsWith('word')).toBe(true);
  });
});
