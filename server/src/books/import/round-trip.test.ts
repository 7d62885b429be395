import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@common/constants';
import { docxPlain } from '../../../test/fixtures/books/forms';
import { writeDocx } from '../../exports/docx/docx';
import { fixtureContent } from '../../../test/export-support';
import { importBook, importManuscript } from './index';

/** Issue 16 item 4: a .docx Plume exported gives back the same book; other manuscripts lose nothing. */
describe('Word import round trip', () => {
  for (const lng of LANGUAGES) {
    it(`${lng}: importing Plume's own .docx gives back the same chapters, introduction and summary`, async () => {
      const content = fixtureContent(lng, { chapters: 4, wordsPerChapter: 80, photos: 1 });
      const book = await importBook(await writeDocx(content), 'book.docx');
      // title page, copyright, table of contents and "Chapter N" labels are not chapters; nothing twice
      expect(book.chapters.map((c) => c.name)).toEqual(content.chapters.map((c) => c.title));
      expect(book.chapters.map((c) => c.paragraphs)).toEqual(content.chapters.map((c) => c.paragraphs));
      expect(book.introduction).toEqual(content.introduction);
      expect(book.summary).toEqual(content.summary);
    });
  }

  it('a manuscript with a typed table of contents: the title page and the contents are not chapters', async () => {
    const p = (text: string, heading?: (typeof HeadingLevel)[keyof typeof HeadingLevel]) =>
      new Paragraph({ ...(heading && { heading }), children: [new TextRun(text)] });
    const docx = await Packer.toBuffer(
      new Document({
        sections: [
          {
            children: [
              p('My Life at Sea'),
              p('© 2024 Ann Example. All rights reserved.'),
              p('Table of Contents', HeadingLevel.HEADING_1),
              p('Leaving port\t3'),
              p('The storm ........ 11'),
              p('Leaving port', HeadingLevel.HEADING_1),
              p('We sailed at dawn.'),
              p('The storm', HeadingLevel.HEADING_1),
              p('The wind rose at night.'),
            ],
          },
        ],
      }),
    );
    const book = await importBook(docx, 'sea.docx');
    expect(book.chapters).toEqual([
      { name: 'Leaving port', paragraphs: ['We sailed at dawn.'] },
      { name: 'The storm', paragraphs: ['The wind rose at night.'] },
    ]);
    expect(await importManuscript(docx, 'sea.docx')).toEqual(book.chapters);
  });

  it('a manuscript without headings keeps every paragraph, in order, in one chapter', async () => {
    const paragraphs = ['Il était une fois un verger.', 'Chaque automne, on y cueillait des pommes.', 'Puis la maison fut vendue.'];
    const book = await importBook(await docxPlain(paragraphs), 'plain.docx');
    expect(book).toEqual({ introduction: [], summary: [], chapters: [{ name: null, paragraphs }] });
  });

  it('a manuscript whose headings are plain lines: "Chapter N" lines and Introduction/Conclusion still mark the parts', async () => {
    const docx = await docxPlain([
      'Introduzione',
      'Questa è la storia della mia famiglia.',
      'Capitolo 1',
      'Il paese',
      'Sono nata in un paese di collina.',
      'Capitolo 2: La città',
      'A diciotto anni partii per Torino.',
      'Conclusione',
      'Oggi torno spesso in collina.',
    ]);
    expect(await importBook(docx, 'lines.docx')).toEqual({
      introduction: ['Questa è la storia della mia famiglia.'],
      summary: ['Oggi torno spesso in collina.'],
      chapters: [
        { name: 'Il paese', paragraphs: ['Sono nata in un paese di collina.'] },
        { name: 'La città', paragraphs: ['A diciotto anni partii per Torino.'] },
      ],
    });
  });
});
