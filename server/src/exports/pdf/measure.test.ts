import { describe, expect, it, vi } from 'vitest';
import { fixtureContent } from '../../../test/export-support';

/** The PDF's creation date and its file identifier (pdfkit derives it from the date) are the only things two typesettings of one book may differ by. */
const undated = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '(D:)')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '/ID []');

/**
 * Issue 17 item 6: a worker keeps the fonts as fontkit parsed them, the words' widths and the words as
 * pdfkit shaped them across documents (measure.ts). What one export leaves must not change the next: a
 * book typeset after others in the same worker is the same PDF, byte for byte, as the book typeset by a
 * fresh worker.
 */
describe('the fonts and widths a worker keeps between exports', () => {
  it('typesets a book after other books exactly as a fresh worker does', async () => {
    const book = fixtureContent('fr', { chapters: 3, wordsPerChapter: 400, photos: 1 });
    // Before it, in the same worker: books whose text has this book's words in other fonts and sizes
    // (as titles: semibold, large; as running heads: italic, small) and glyphs it never uses (Greek,
    // from the fallback font), so a width, a coverage or a glyph kept from them under the wrong key,
    // or a subset shared between documents, shows in the bytes.
    const words = book.chapters
      .flatMap((chapter) => chapter.paragraphs)
      .join(' ')
      .split(/\s+/);
    const others = [0, 1].map((n) => {
      const other = fixtureContent(n ? 'en' : 'it', { chapters: 2, wordsPerChapter: 200, photos: 0 });
      return {
        ...other,
        title: `Ωμέγα ${words.slice(n * 40, n * 40 + 6).join(' ')}`,
        chapters: other.chapters.map((chapter, index) => ({
          ...chapter,
          title: words.slice(index * 10 + n * 80, index * 10 + n * 80 + 5).join(' '),
          paragraphs: [...chapter.paragraphs, `Ωμέγα ${words.slice(0, 300).join(' ')}`],
        })),
      };
    });
    const kept = await import('./typeset');
    for (const other of others) await kept.typesetBook(other);
    const warm = await kept.typesetBook(book);

    vi.resetModules(); // a fresh worker: measure.ts's kept fonts and widths empty again
    const fresh = await (await import('./typeset')).typesetBook(book);
    expect(fresh.pageCount).toBe(warm.pageCount);
    expect(undated(warm.pdf) === undated(fresh.pdf)).toBe(true);
  }, 300_000);
});
