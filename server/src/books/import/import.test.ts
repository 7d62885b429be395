import { describe, expect, it } from 'vitest';
import {
  LEGACY_DOC_CHAPTERS,
  docxPlain,
  docxWithHeadings,
  docxWithPageBreaks,
  encryptedDocx,
  legacyDoc,
  legacyDocSource,
  zipBomb,
} from '../../../test/fixtures/books/forms';
import { htmlToBlocks } from './docx';
import { isEncryptedWordBinary, markHeadings } from './doc';
import { importManuscript } from './index';
import { CHAPTER_TARGET_CHARS, MAX_IMPORTED_CHAPTERS, splitIntoChapters, type Block } from './split';

const p = (text: string): Block => ({ kind: 'paragraph', text });
const h = (level: number, text: string): Block => ({ kind: 'heading', level, text });

describe('splitIntoChapters', () => {
  it('splits on the highest heading level used more than once, keeping text before it', () => {
    const chapters = splitIntoChapters([
      p('Foreword.'),
      h(1, 'Book title'),
      h(2, 'One'),
      p('a'),
      h(3, 'Scene'),
      p('b'),
      h(2, 'Two'),
      p('c'),
    ]);
    expect(chapters).toEqual([
      { name: null, paragraphs: ['Foreword.', 'Book title'] },
      { name: 'One', paragraphs: ['a', 'Scene', 'b'] },
      { name: 'Two', paragraphs: ['c'] },
    ]);
  });

  it('splits on page breaks when there are no headings', () => {
    expect(splitIntoChapters([p('a'), { kind: 'page_break' }, { kind: 'page_break' }, p('b')]).map((c) => c.paragraphs)).toEqual([
      ['a'],
      ['b'],
    ]);
  });

  it('cuts by length at paragraph ends, losing nothing', () => {
    const paragraphs = Array.from({ length: 40 }, (_, i) => `${i} ${'x'.repeat(999)}`);
    const chapters = splitIntoChapters(paragraphs.map(p));
    expect(chapters.length).toBe(Math.ceil((40 * 1001) / CHAPTER_TARGET_CHARS));
    expect(chapters.flatMap((c) => c.paragraphs)).toEqual(paragraphs);
  });

  it('merges chapters beyond the maximum without dropping text', () => {
    const blocks = Array.from({ length: 300 }, (_, i) => [h(1, `C${i}`), p(`t${i}`)]).flat();
    const chapters = splitIntoChapters(blocks);
    expect(chapters.length).toBeLessThanOrEqual(MAX_IMPORTED_CHAPTERS);
    const text = chapters.map((c) => [c.name, ...c.paragraphs].join(' ')).join(' ');
    for (let i = 0; i < 300; i += 1) expect(text).toContain(`t${i}`);
  });
});

describe('htmlToBlocks', () => {
  it('reads headings, paragraphs, list items, entities and page breaks', () => {
    expect(htmlToBlocks('<h1>Tom &amp; Jerry</h1><p>One<hr />Two</p><ul><li>item</li></ul><p>&#233;t&eacute;</p>')).toEqual([
      h(1, 'Tom & Jerry'),
      p('One'),
      { kind: 'page_break' },
      p('Two'),
      p('item'),
      p('ét&eacute;'),
    ]);
  });
});

describe('importManuscript', () => {
  it('reads a .docx by headings', async () => {
    const chapters = await importManuscript(
      await docxWithHeadings([
        { title: 'A', paragraphs: ['x', 'y'] },
        { title: 'B', paragraphs: ['z'] },
      ]),
      'm.docx',
    );
    expect(chapters).toEqual([
      { name: 'A', paragraphs: ['x', 'y'] },
      { name: 'B', paragraphs: ['z'] },
    ]);
  });

  it('reads a .docx by page breaks', async () => {
    const chapters = await importManuscript(await docxWithPageBreaks([['x'], ['y']]), 'm.DOCX');
    expect(chapters.map((c) => c.paragraphs)).toEqual([['x'], ['y']]);
  });

  it.each([
    ['empty', () => docxPlain([]), 'books.document_empty'],
    ['a bomb', () => zipBomb(90_000_000), 'books.document_too_big'],
    ['encrypted', async () => encryptedDocx(), 'books.document_encrypted'],
  ])('refuses a .docx that is %s', async (_label, make, code) => {
    await expect(importManuscript(await make(), 'm.docx')).rejects.toMatchObject({ code });
  });

  it('spots the encryption flag of a Word binary header', () => {
    const data = Buffer.alloc(2048);
    data.writeUInt16LE(0xa5ec, 512);
    data.writeUInt16LE(0xc1, 514);
    expect(isEncryptedWordBinary(data)).toBe(false);
    data.writeUInt16LE(0x0100, 522);
    expect(isEncryptedWordBinary(data)).toBe(true);
  });
});

describe('legacy Word .doc', () => {
  it('reads a real Word 97 file: chapters on its titles, accents and typography kept', async () => {
    const data = legacyDoc();
    expect(data.subarray(0, 8).toString('hex')).toBe('d0cf11e0a1b11ae1');
    expect(await importManuscript(data, 'Manuscrit.DOC')).toEqual(LEGACY_DOC_CHAPTERS);
  });

  it('refuses an RTF saved under a .doc name (what AbiWord writes) as the wrong type', async () => {
    await expect(importManuscript(legacyDocSource(), 'm.doc')).rejects.toMatchObject({ code: 'books.document_wrong_type' });
  });

  it('refuses a truncated Word 97 file as damaged', async () => {
    await expect(importManuscript(legacyDoc().subarray(0, 3000), 'm.doc')).rejects.toMatchObject({ code: 'books.document_damaged' });
  });

  it('takes title-like lines followed by text for headings', () => {
    const blocks = [
      p('Foreword, written last.'),
      p('Chapter One'),
      p('It rained.'),
      p('It rained again.'),
      p('Part 2'),
      p('The sun came out.'),
      p('We left.'),
    ];
    expect(markHeadings(blocks)).toEqual([
      p('Foreword, written last.'),
      h(1, 'Chapter One'),
      p('It rained.'),
      p('It rained again.'),
      h(1, 'Part 2'),
      p('The sun came out.'),
      p('We left.'),
    ]);
  });

  it('leaves a poem, a single title or a title page as paragraphs', () => {
    const poem = [p('Roses are red'), p('Violets are blue.'), p('Sugar is sweet'), p('And so are you.')];
    expect(markHeadings(poem)).toEqual(poem);
    const single = [p('The only title'), p('Text.'), p('More text.'), p('Even more text.')];
    expect(markHeadings(single)).toEqual(single);
    const titlePage = [p('My Book'), p('By Ada'), p('A long first sentence.'), p('Another sentence.'), p('Yet another.')];
    expect(markHeadings(titlePage)).toEqual(titlePage);
  });
});
