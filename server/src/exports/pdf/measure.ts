import PDFDocument from 'pdfkit';
import { FALLBACK_OF, FONT_FILES, type FontKey, type FontStyle } from './fonts';

interface FontkitFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
  _glyphs: Record<number, unknown>;
}
type DocWithFont = PDFKit.PDFDocument & { _font: { font: FontkitFont } | null; _fontSize: number };

/**
 * What does not depend on the document, kept for the worker's life (issue 17 item 6): each font file
 * as fontkit parsed it, and the measurements made with it. Opening a font file in a new document made
 * fontkit parse it again, and its first shaping decoded the substitution and positioning tables anew —
 * a third of a re-export's time. pdfkit takes a parsed font in `registerFont`; each document still makes
 * its own subset of it (`createSubset`), so nothing of one document's glyphs reaches another's. The
 * widths are those of the font files at size 1, the same in every document.
 */
const parsedFonts = new Map<FontKey, FontkitFont>();
const keptWidths = new Map<FontKey, Map<string, number>>();
const keptCoverage = new Map<FontKey, Map<number, boolean>>();
const keptWords = new Map<string, SetWord>();
const KEPT_LIMIT = 300_000;

/** A word ready to set: its text (uncovered characters replaced), its font, its width at size 1. */
export interface SetWord {
  text: string;
  font: FontKey;
  /** Width at font size 1 (multiply by the size), spaces inside (no-break) counted as spaces. */
  width: number;
}

const MISSING = '\u25A1';

/**
 * Measures words from a cache: every distinct word is shaped once per font. This is the
 * stack-notes speed trick — pdfkit's own justified text re-measures each line as one new
 * uncached string; here line breaking and justification only add cached word widths.
 */
export class Measurer {
  private readonly doc: DocWithFont;
  private readonly widths = keptWidths;
  private readonly coverage = keptCoverage;
  private readonly words = keptWords;

  constructor(doc?: PDFKit.PDFDocument) {
    this.doc = (doc ?? new PDFDocument({ autoFirstPage: false })) as DocWithFont;
    for (const [key, file] of Object.entries(FONT_FILES) as [FontKey, string][]) {
      const parsed = parsedFonts.get(key);
      // fontkit keeps each glyph with the characters of its first use, and pdfkit's ToUnicode takes
      // them from there: a new document starts with none, as with a freshly parsed font (the tables stay)
      if (parsed && doc) parsed._glyphs = {};
      // a parsed font is accepted as is (pdfkit's PDFFontFactory: anything with `layout`)
      this.doc.registerFont(key, (parsed ?? file) as unknown as string);
    }
  }

  /** Runs a measurement in `font` at size 1000, leaving the document's font state as it was. */
  private measure<T>(font: FontKey, read: (doc: DocWithFont) => T): T {
    const { _font: previousFont, _fontSize: previousSize } = this.doc;
    this.doc.font(font).fontSize(1000);
    if (!parsedFonts.has(font)) parsedFonts.set(font, this.doc._font!.font);
    try {
      return read(this.doc);
    } finally {
      this.doc._font = previousFont;
      this.doc._fontSize = previousSize;
    }
  }

  /** Width of a piece (no spaces inside) at size 1. */
  pieceWidth(font: FontKey, text: string): number {
    let cache = this.widths.get(font);
    if (!cache) this.widths.set(font, (cache = new Map()));
    let width = cache.get(text);
    if (width === undefined) {
      width = this.measure(font, (doc) => doc.widthOfString(text) / 1000);
      if (cache.size > KEPT_LIMIT) cache.clear();
      cache.set(text, width);
    }
    return width;
  }

  spaceWidth(font: FontKey): number {
    return this.pieceWidth(font, ' ');
  }

  covers(font: FontKey, codePoint: number): boolean {
    let cache = this.coverage.get(font);
    if (!cache) this.coverage.set(font, (cache = new Map()));
    let has = cache.get(codePoint);
    if (has === undefined) {
      has = codePoint === 0xa0 || this.measure(font, (doc) => doc._font!.font.hasGlyphForCodePoint(codePoint));
      cache.set(codePoint, has);
    }
    return has;
  }

  /** Width of a text whose inner whitespace (no-break spaces) counts as the font's space. */
  textWidth(font: FontKey, text: string): number {
    const pieces = text.split(/\s+/);
    let width = 0;
    for (const piece of pieces) if (piece) width += this.pieceWidth(font, piece);
    return width + (pieces.length - 1) * this.spaceWidth(font);
  }

  /** A word in the style's main font, or in the fallback font when the main one lacks a character. */
  word(raw: string, style: FontStyle = 'regular'): SetWord {
    const key = `${style}|${raw}`;
    let word = this.words.get(key);
    if (word) return word;
    let font: FontKey = style;
    let text = raw;
    for (const char of raw) {
      const cp = char.codePointAt(0)!;
      if (!this.covers(style, cp)) {
        font = FALLBACK_OF[style];
        break;
      }
    }
    if (font !== style) {
      text = Array.from(raw, (char) => (this.covers(font, char.codePointAt(0)!) ? char : MISSING)).join('');
    }
    word = { text, font, width: this.textWidth(font, text) };
    if (this.words.size > KEPT_LIMIT) this.words.clear();
    this.words.set(key, word);
    return word;
  }
}
