import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { makeBookImage, makePng } from '../../test/sample-books';
import { readImage } from './images';
import { ChapterCache, typesetBook } from './pdf';
import { packageVersion } from './pdf/chapter-cache';
import { FONT_FILES } from './pdf/fonts';
import { fixtureContent, pdfText, run, tempFile } from '../../test/export-support';

interface FontkitFont {
  getGlyph(id: number): { path: { toSVG(): string }; advanceWidth: number };
  glyphForCodePoint(codePoint: number): { path: { toSVG(): string }; advanceWidth: number };
}
/** A font file or program as fontkit reads it (through pdfkit, which opens fonts with it). */
const fontkitFont = (src: string | Buffer) => (new PDFDocument().font(src) as unknown as { _font: { font: FontkitFont } })._font.font;

/** The subset of `name` a PDF embeds (its program, read by fontkit) and the glyph it draws `char` with (by its ToUnicode). */
async function embeddedGlyph(pdf: Buffer, name: string, char: string) {
  const file = tempFile('book.pdf', pdf);
  try {
    const args = ['--json', '--json-stream-data=inline', '--decode-level=generalized', file];
    const { stdout } = await run('qpdf', args, { maxBuffer: 256 * 1024 * 1024 });
    type PdfObject = { value?: Record<string, never>; stream?: { data: string } };
    const objects = (JSON.parse(stdout) as { qpdf: [unknown, Record<string, PdfObject>] }).qpdf[1];
    const get = (ref: string) => objects[`obj:${ref}`];
    const font = Object.values(objects).find(
      (o) => o.value?.['/Subtype'] === '/Type0' && String(o.value['/BaseFont']).endsWith(`+${name}`),
    )!.value!;
    const descriptor = get(get(font['/DescendantFonts'][0]).value!['/FontDescriptor']).value!;
    const program = Buffer.from(get(descriptor['/FontFile2']).stream!.data, 'base64');
    // pdfkit's ToUnicode: ranges of CIDs, each CID's characters in order ("<0000> <00ff> [<0000> <0020> <0066 0069> …]")
    const cmap = Buffer.from(get(font['/ToUnicode']).stream!.data, 'base64').toString('latin1');
    const hex = char.codePointAt(0)!.toString(16).padStart(4, '0');
    for (const [, start, entries] of cmap.matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/g)) {
      const index = entries.match(/<[^>]*>/g)!.indexOf(`<${hex}>`);
      if (index >= 0) return fontkitFont(program).getGlyph(parseInt(start, 16) + index);
    }
    return undefined;
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** Issue 17 item 6: a re-export lays out only the chapters that changed, and prints what a fresh export prints. */
describe('the chapter layout cache', () => {
  it('re-lays out only the changed chapter; the re-export shows the change and equals a fresh export', async () => {
    const book = fixtureContent('fr', { chapters: 4, wordsPerChapter: 500 });
    const first = new ChapterCache();
    const before = await typesetBook(book, { cache: first });
    expect([first.laidOut, first.reused]).toEqual([4, 0]);

    // Chapter 2 grows by a few pages: every later chapter now starts on another page (and side). Its
    // new words bring glyphs the book did not use (Greek, from the fallback font): the pages copied
    // from the first export must still name theirs.
    const grown = {
      ...book.chapters[1],
      paragraphs: [...book.chapters[1].paragraphs, ...Array(12).fill(`Zanzibar Ωμέγα ${book.chapters[1].paragraphs[0]}`)],
    };
    const changed = { ...book, chapters: book.chapters.map((chapter, index) => (index === 1 ? grown : chapter)) };
    const second = new ChapterCache(first.toBytes());
    const after = await typesetBook(changed, { cache: second });
    expect([second.laidOut, second.reused]).toEqual([1, 3]);
    expect(after.pageCount).toBeGreaterThan(before.pageCount);
    // the unchanged chapters' pages are copied as drawn, not drawn again
    const chapterPages = (pdf: { pdf: Buffer }) => pdf.pdf.toString('latin1').match(/\/Contents \[/g)?.length ?? 0;
    expect(second.pagesCopied).toBeGreaterThan(0);
    expect(second.pagesCopied).toBeLessThan(chapterPages(after));

    const fresh = await typesetBook(changed);
    const [cachedText, freshText, oldText] = await Promise.all([pdfText(after.pdf), pdfText(fresh.pdf), pdfText(before.pdf)]);
    expect(cachedText.qpdf).toContain('No syntax or stream encoding errors found');
    expect(cachedText.text).toContain('Zanzibar Ωμέγα');
    expect(oldText.text).not.toContain('Zanzibar');
    // the same words, folios, running heads and contents page numbers as a fresh export
    expect(cachedText.pages).toBe(fresh.pageCount);
    expect(cachedText.text).toBe(freshText.text);
    // photos are put back by place: same number of images drawn
    const images = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length;
    expect(images(after.pdf)).toBe(images(fresh.pdf));

    // what was used is kept for the next export: nothing changed, nothing laid out; only the changed
    // chapter is encoded again, the three others are written back as they were read
    const secondBytes = second.toBytes();
    expect(second.encoded).toBe(1);
    const third = new ChapterCache(secondBytes);
    const again = await typesetBook(changed, { cache: third });
    expect([third.laidOut, third.reused]).toEqual([0, 4]);
    expect(third.pagesCopied).toBe(chapterPages(again));
    expect((await pdfText(again.pdf)).text).toBe(freshText.text);
    expect(Buffer.from(third.toBytes()).equals(Buffer.from(secondBytes))).toBe(true);
    expect(third.encoded).toBe(0);
  }, 300_000);

  it('copies a kept page with the photo now in its place', async () => {
    const book = fixtureContent('en', { chapters: 3, wordsPerChapter: 400 });
    const [before, after] = await Promise.all([readImage(makePng(460, 600, 71)), readImage(makePng(460, 600, 72))]);
    const withPhoto = (photo: typeof before) => ({
      ...book,
      chapters: book.chapters.map((chapter, index) => (index === 1 ? { ...chapter, photos: [chapter.photos[0], photo] } : chapter)),
    });
    const first = new ChapterCache();
    const old = await typesetBook(withPhoto(before), { cache: first });
    expect(old.pdf.includes(before.data)).toBe(true);

    // Another photo of the same size in the same place: nothing is laid out or drawn again, yet the PDF shows the new one.
    const second = new ChapterCache(first.toBytes());
    const { pdf } = await typesetBook(withPhoto(after), { cache: second });
    expect([second.laidOut, second.pagesCopied > 0]).toEqual([0, true]);
    expect(pdf.includes(after.data)).toBe(true);
    expect(pdf.includes(before.data)).toBe(false);
    expect((await pdfText(pdf)).qpdf).toContain('No syntax or stream encoding errors found');
  }, 300_000);

  it('draws kept chapters from their kept lines and photos when their drawing cannot be copied', async () => {
    const book = fixtureContent('en', { chapters: 3, wordsPerChapter: 400 });
    const first = new ChapterCache();
    await typesetBook(book, { cache: first });
    const second = new ChapterCache(first.toBytes());
    // the fonts the kept pages were drawn with are unknown: no drawing can be copied, every page is drawn from what was kept
    second.fonts = undefined;
    const again = await typesetBook(book, { cache: second });
    expect([second.laidOut, second.reused, second.pagesCopied]).toEqual([0, 3, 0]);
    const fresh = await typesetBook(book);
    expect((await pdfText(again.pdf)).text).toBe((await pdfText(fresh.pdf)).text);
    const images = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length;
    expect(images(again.pdf)).toBe(images(fresh.pdf));
  }, 300_000);

  it('lays a chapter out anew for another trim, another photo size, or an unreadable cache', async () => {
    const book = fixtureContent('en', { chapters: 3, wordsPerChapter: 200 });
    const cache = new ChapterCache();
    await typesetBook(book, { cache, trim: 'a5' });
    const bytes = cache.toBytes();

    const otherTrim = new ChapterCache(bytes);
    await typesetBook(book, { cache: otherTrim, trim: '6x9' });
    expect([otherTrim.laidOut, otherTrim.reused]).toEqual([3, 0]);

    const resized = { ...book.chapters[2], photos: [makeBookImage(300, 600, 5), ...book.chapters[2].photos.slice(1)] };
    const photo = { ...book, chapters: [...book.chapters.slice(0, 2), resized] };
    const otherPhoto = new ChapterCache(bytes);
    await typesetBook(photo, { cache: otherPhoto, trim: 'a5' });
    expect([otherPhoto.laidOut, otherPhoto.reused]).toEqual([1, 2]);

    const damaged = new ChapterCache(Buffer.from('not a cache'));
    await typesetBook(book, { cache: damaged });
    expect([damaged.laidOut, damaged.reused]).toEqual([3, 0]);
    // a cache cut short, or one entry's bytes damaged (the end of the last entry: its ops, read only when a
    // page is drawn anew): only what cannot be read is laid out again, and the export is whole
    const truncated = new ChapterCache(Buffer.from(bytes).subarray(0, bytes.length - 10));
    await typesetBook(book, { cache: truncated });
    expect([truncated.laidOut, truncated.reused]).toEqual([1, 2]);
    const oneDamaged = Buffer.from(bytes);
    oneDamaged.fill(0, oneDamaged.length - 40);
    const partly = new ChapterCache(oneDamaged);
    const repaired = await typesetBook(book, { cache: partly });
    expect([partly.laidOut, partly.reused]).toEqual([1, 2]);
    expect((await pdfText(repaired.pdf)).text).toBe((await pdfText((await typesetBook(book)).pdf)).text);
  }, 300_000);

  it('is keyed by the versions of the packages the kept layouts, drawings and fonts depend on', () => {
    const installed = (name: string) =>
      (JSON.parse(fs.readFileSync(path.join('node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
    for (const name of ['pdfkit', 'fontkit', 'hyphen']) expect(packageVersion(name)).toBe(installed(name));
    expect(packageVersion('no-such-package')).toBe('?');
  });

  it('embeds the fonts kept with the layouts only for the same glyphs: a letter new to the book is drawn', async () => {
    const book = fixtureContent('en', { chapters: 3, wordsPerChapter: 300 });
    const first = new ChapterCache();
    const before = await typesetBook(book, { cache: first });
    // Chapter 2 gains a letter the book never used (EB Garamond has it): the regular font's subset gains a glyph
    const letter = 'ŋ';
    expect(JSON.stringify(book)).not.toContain(letter);
    const edited = { ...book.chapters[1], paragraphs: [...book.chapters[1].paragraphs, `The Ŋaŋa song, sung at dusk.`] };
    const changed = { ...book, chapters: book.chapters.map((chapter, index) => (index === 1 ? edited : chapter)) };
    const second = new ChapterCache(first.toBytes());
    const after = await typesetBook(changed, { cache: second });
    expect([second.laidOut, second.pagesCopied > 0]).toEqual([1, true]);
    expect(await embeddedGlyph(before.pdf, 'EBGaramond-Regular', letter)).toBeUndefined();
    expect((await pdfText(after.pdf)).text).toContain('The Ŋaŋa song');

    // the glyph the re-export's text names for the new letter is the letter's, in the font it embeds
    const regular = fontkitFont(FONT_FILES.regular);
    const drawn = await embeddedGlyph(after.pdf, 'EBGaramond-Regular', letter);
    expect(drawn?.path.toSVG()).toBe(regular.glyphForCodePoint(letter.codePointAt(0)!).path.toSVG());
    // and so are the glyphs the kept pages name, in the fonts whose glyphs did not change
    for (const [name, file, char] of [
      ['EBGaramond-Regular', FONT_FILES.regular, 'g'],
      ['EBGaramond-SemiBold', FONT_FILES.semibold, 'a'],
    ] as const) {
      const glyph = await embeddedGlyph(after.pdf, name, char);
      expect(glyph?.path.toSVG()).toBe(fontkitFont(file).glyphForCodePoint(char.codePointAt(0)!).path.toSVG());
    }
  }, 300_000);
});
