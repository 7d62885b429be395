import PDFDocument from 'pdfkit';
import { FALLBACK_OF, FONT_FILES, type FontKey, type FontStyle } from './fonts';

interface FontkitFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
  _glyphs: Record<number, unknown>;
}
/** pdfkit's font in a document: `layoutCached` shapes a word with its trailing space (`layoutRun`), once per document. */
interface EmbeddedFont {
  font: FontkitFont;
  layoutRun(text: string): unknown;
  layoutCached(text: string): unknown;
}
type DocWithFont = PDFKit.PDFDocument & { _font: EmbeddedFont | null; _fontSize: number };

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
/**
 * The words as pdfkit shaped them to draw them (glyphs and positions), per font, for the worker's
 * life: pdfkit keeps them per document, so every export shaped again each word it drew — a
 * re-export its running heads and folios on every page, its contents, front matter and the changed
 * chapter, though the previous export had shaped them all. A run holds fontkit's glyphs with the
 * characters of their first use (pdfkit's ToUnicode, see the constructor): only runs shaped in a
 * book's document are kept, after its fontkit glyphs were emptied, so each glyph's characters are
 * the ones it was shaped from, never none. Bounded well below the widths: a run weighs ~1.5 KB, so
 * 20 000 (about the words of a 100 000-word book, in its main font) are ~30 MB.
 */
const keptRuns = new Map<FontKey, Map<string, unknown>>();
const RUNS_LIMIT = 20_000;

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
    if (doc) {
      // every font this document opens shapes through the worker's kept runs
      const open = this.doc.font;
      this.doc.font = function (this: DocWithFont, key: FontKey, ...rest: unknown[]) {
        (open as (...args: unknown[]) => DocWithFont).call(this, key, ...rest);
        const font = this._font!;
        if (!Object.hasOwn(font, 'layoutCached')) font.layoutCached = (text) => keptRun(key, font, text);
        return this;
      } as typeof open;
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

/** `text` as `font` (the document's, of `key`) shapes it, kept for the worker's life (`keptRuns`). */
function keptRun(key: FontKey, font: EmbeddedFont, text: string): unknown {
  let runs = keptRuns.get(key);
  if (!runs) keptRuns.set(key, (runs = new Map()));
  let run = runs.get(text);
  if (run === undefined) {
    run = font.layoutRun(text);
    if (runs.size > RUNS_LIMIT) runs.clear();
    runs.set(text, run);
  }
  return run;
}
