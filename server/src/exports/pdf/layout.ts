import type { Language } from '@common/constants';
import type { TrimSize } from '@common/schemas/exports';
import type { BookContent } from '../book';
import type { BookImage } from '../images';
import type { ChapterCache } from './chapter-cache';
import type { FontKey, FontStyle } from './fonts';
import { breakPoints, hardHyphenPoints } from './hyphenation';
import type { Measurer, SetWord } from './measure';

/** Page geometry in PDF points (1/72 in). Inner/outer margins mirror on verso pages. */
export interface Geometry {
  width: number;
  height: number;
  top: number;
  bottom: number;
  inner: number;
  outer: number;
  fontSize: number;
  leading: number;
}

export const GEOMETRIES: Record<TrimSize, Geometry> = {
  // A5: 148 × 210 mm
  a5: { width: 419.53, height: 595.28, top: 52, bottom: 58, inner: 50, outer: 40, fontSize: 11, leading: 14 },
  // US trade: 6 × 9 in
  '6x9': { width: 432, height: 648, top: 56, bottom: 62, inner: 56, outer: 44, fontSize: 11.5, leading: 15 },
};

export const textWidthOf = (g: Geometry) => g.width - g.inner - g.outer;
export const textBottomOf = (g: Geometry) => g.height - g.bottom;

/** A drawing operation; x is relative to the left edge of the text block, y to the top of the page. */
export type Op =
  | {
      t: 'text';
      font: FontKey;
      size: number;
      x: number;
      y: number;
      text: string;
      wordSpacing: number;
      textWidth: number;
      wordCount: number;
      characterSpacing?: number;
      color?: string;
    }
  | { t: 'image'; image: BookImage; x: number; y: number; w: number; h: number }
  /** The cover: the image scaled to fill the whole page (edge to edge, no margin), the overflow cut off. */
  | { t: 'bleed'; image: BookImage }
  /** A translucent paper band across the whole page width (page coordinates), under the cover's title. */
  | { t: 'band'; y: number; h: number }
  | { t: 'rule'; x: number; y: number; w: number }
  | { t: 'tocNumber'; entry: number; size: number; y: number; leaderFrom: number };

export type PageKind = 'cover' | 'blank' | 'title' | 'rights' | 'front' | 'opener' | 'body';

export interface LaidPage {
  kind: PageKind;
  ops: Op[];
  /** Section title for the recto running header (body pages). */
  section: string | null;
  /** Named destination and outline entry starting on this page. */
  dest: string | null;
  outline: string | null;
  /** A chapter's page (chapter-cache.ts): the chapter's photos, and its drawing kept between exports. */
  chapter?: { photos: BookImage[]; drawing: KeptDrawing };
}

/**
 * A chapter page's drawing as typeset.ts made it: the page's deflated content stream, drawn from the
 * text block's left edge, and the resources it names: fonts by their id (F1…, the same in the next
 * export, whose fonts are opened in the same order with the same glyphs first: `FontState`) and
 * photos by their place among the chapter's photos. Empty until the page is drawn.
 */
export interface KeptDrawing {
  drawn?: { stream: Buffer; fonts: string[]; photos: number[] };
}

export interface TocEntry {
  title: string;
  dest: string;
  page: number;
}

export interface Layout {
  pages: LaidPage[];
  toc: TocEntry[];
  geometry: Geometry;
}

interface SetLine {
  words: SetWord[];
  indent: number;
  /** Stretch the gaps to the full measure (all but a paragraph's last line). */
  justify: boolean;
}

export interface BreakOptions {
  style?: FontStyle;
  size: number;
  width: number;
  firstIndent?: number;
  language: Language;
  hyphenate: boolean;
}

/**
 * Greedy line breaking on cached word widths, with hyphenation at Liang break points (and after
 * hard hyphens) when the next word does not fit; gaps may shrink to 80 % of a space.
 */
function breakLines(text: string, m: Measurer, options: BreakOptions): SetLine[] {
  const style = options.style ?? 'regular';
  const size = options.size;
  const space = m.spaceWidth(style) * size;
  const shrink = space * 0.2;
  const lines: SetLine[] = [];
  const queue = text.split(/ +/).filter(Boolean);
  let current: SetWord[] = [];
  let used = 0;
  let indent = options.firstIndent ?? 0;
  const finish = (justify: boolean) => {
    if (current.length) lines.push({ words: current, indent, justify });
    current = [];
    used = 0;
    indent = 0;
  };
  for (let i = 0; i < queue.length; i += 1) {
    const raw = queue[i];
    const word = m.word(raw, style);
    const width = word.width * size;
    const available = options.width - indent;
    const gap = current.length ? space : 0;
    if (used + gap + width - shrink * current.length <= available) {
      current.push(word);
      used += gap + width;
      continue;
    }
    // Try to break the word: hard hyphens first, then pattern points, longest piece that fits.
    const points = [
      ...hardHyphenPoints(raw).map((p) => ({ p, add: false })),
      ...(options.hyphenate ? breakPoints(raw, options.language).map((p) => ({ p, add: true })) : []),
    ].sort((a, b) => b.p - a.p);
    let rest: string | null = null;
    for (const { p, add } of points) {
      const piece = m.word(raw.slice(0, p) + (add ? '-' : ''), style);
      if (used + gap + piece.width * size - shrink * current.length <= available) {
        current.push(piece);
        used += gap + piece.width * size;
        rest = raw.slice(p);
        break;
      }
    }
    if (rest !== null) {
      finish(true);
      queue[i] = rest;
      i -= 1;
      continue;
    }
    if (current.length) {
      finish(true);
      i -= 1;
      continue;
    }
    // A single word wider than the line (a long URL…): cut it where it fills the line.
    let cut = raw.length - 1;
    while (cut > 1 && m.word(raw.slice(0, cut), style).width * size > available) cut -= 1;
    current.push(m.word(raw.slice(0, cut), style));
    finish(false);
    queue[i] = raw.slice(cut);
    i -= 1;
  }
  finish(false);
  // A last line that only fits by shrinking its gaps is set justified (it is full).
  const last = lines[lines.length - 1];
  if (last && naturalWidth(last, m, size, style) > options.width - last.indent) last.justify = true;
  return lines;
}

function naturalWidth(line: SetLine, m: Measurer, size: number, style: FontStyle): number {
  return line.words.reduce((sum, w) => sum + w.width * size, 0) + (line.words.length - 1) * m.spaceWidth(style) * size;
}

/**
 * Turns a set line into text operations: one operation per run of words in the same font, with
 * pdfkit's word spacing carrying the justification (no re-measuring of the line).
 */
function lineOps(
  line: SetLine,
  m: Measurer,
  size: number,
  width: number,
  y: number,
  align: 'justify' | 'left' | 'center',
  style: FontStyle = 'regular',
): Op[] {
  // Pieces: words split at no-break spaces (pdfkit treats those as word gaps too).
  const pieces: { text: string; font: FontKey; width: number; joined: boolean }[] = [];
  for (const word of line.words) {
    word.text.split(/\s+/).forEach((piece, index) => {
      pieces.push({ text: piece, font: word.font, width: m.pieceWidth(word.font, piece) * size, joined: index > 0 });
    });
  }
  const total = pieces.reduce((sum, p) => sum + p.width, 0);
  const baseSpace = m.spaceWidth(style) * size;
  const available = width - line.indent;
  let gap = baseSpace;
  if (align === 'justify' && line.justify && pieces.length > 1) gap = (available - total) / (pieces.length - 1);
  let x = line.indent;
  const natural = total + (pieces.length - 1) * gap;
  if (align === 'center') x = (width - natural) / 2;
  const ops: Op[] = [];
  let start = 0;
  while (start < pieces.length) {
    let end = start + 1;
    while (end < pieces.length && pieces[end].font === pieces[start].font) end += 1;
    const run = pieces.slice(start, end);
    const runWidth = run.reduce((sum, p) => sum + p.width, 0);
    const font = run[0].font;
    ops.push({
      t: 'text',
      font,
      size,
      x,
      y,
      text: run.map((p) => p.text).join(' '),
      wordSpacing: gap - m.spaceWidth(font) * size,
      textWidth: runWidth,
      wordCount: run.length,
    });
    x += runWidth + (run.length - 1) * gap + gap;
    start = end;
  }
  return ops;
}

interface FlowOptions {
  language: Language;
  hyphenate: boolean;
}

/** Pages filled line by line on a baseline grid, with widow/orphan control and floating photos. */
class Flow {
  readonly pages: LaidPage[] = [];
  page!: LaidPage;
  y = 0;
  private pending: BookImage[] = [];
  readonly width: number;
  readonly bottom: number;
  section: string | null = null;

  constructor(
    readonly g: Geometry,
    readonly m: Measurer,
    readonly options: FlowOptions,
  ) {
    this.width = textWidthOf(g);
    this.bottom = textBottomOf(g);
  }

  newPage(kind: PageKind) {
    this.page = { kind, ops: [], section: kind === 'body' || kind === 'opener' ? this.section : null, dest: null, outline: null };
    this.pages.push(this.page);
    this.y = this.g.top;
    if (kind === 'body') this.flushFloats();
  }

  /** Lines still free on the current page. */
  get room(): number {
    return Math.floor((this.bottom - this.y + 0.01) / this.g.leading);
  }

  /** Moves y to the next line of the baseline grid. */
  snap() {
    const steps = Math.ceil((this.y - this.g.top - 0.01) / this.g.leading);
    this.y = this.g.top + Math.max(0, steps) * this.g.leading;
  }

  private placeLine(line: SetLine) {
    this.page.ops.push(...lineOps(line, this.m, this.g.fontSize, this.width, this.y, 'justify'));
    this.y += this.g.leading;
  }

  /**
   * A paragraph across pages: never its first line alone at a page foot (orphan) nor its last
   * line alone at a page head (widow).
   */
  paragraph(text: string, indent: boolean) {
    const lines = breakLines(text, this.m, {
      size: this.g.fontSize,
      width: this.width,
      firstIndent: indent ? this.g.fontSize * 1.2 : 0,
      language: this.options.language,
      hyphenate: this.options.hyphenate,
    });
    let index = 0;
    while (index < lines.length) {
      const left = lines.length - index;
      let take = Math.min(this.room, left);
      if (take < left) {
        if (index === 0 && take < 2)
          take = 0; // orphan: move the paragraph
        else if (left - take < 2) take = left - 2; // widow: carry one more line over
        if (index === 0 && take < 2) take = 0;
      }
      if (take <= 0) {
        // Even an empty page cannot help a 1-line leftover: place what fits.
        if (this.page.ops.length === 0 || this.y === this.g.top) take = Math.max(1, Math.min(this.room, left));
        else {
          this.newPage('body');
          continue;
        }
      }
      for (let k = 0; k < take; k += 1) this.placeLine(lines[index + k]);
      index += take;
      if (index < lines.length) this.newPage('body');
    }
  }

  private imageSize(image: BookImage, maxHeight: number) {
    const maxScale = 0.75; // at most 96 dpi
    const scale = Math.min(this.width / image.width, maxHeight / image.height, maxScale);
    return { w: image.width * scale, h: image.height * scale };
  }

  /** A photo centred in the measure; when it does not fit, it floats to the top of the next page. */
  photo(image: BookImage) {
    const textHeight = this.bottom - this.g.top;
    const { w, h } = this.imageSize(image, textHeight * 0.45);
    const atTop = this.y === this.g.top;
    const needed = h + (atTop ? 0 : this.g.leading);
    if (this.y + needed > this.bottom) {
      this.pending.push(image);
      return;
    }
    if (!atTop) this.y += this.g.leading;
    this.page.ops.push({ t: 'image', image, x: (this.width - w) / 2, y: this.y, w, h });
    this.y += h + this.g.leading * 0.5;
    this.snap();
  }

  private flushFloats() {
    const floats = this.pending;
    this.pending = [];
    for (const image of floats) this.photo(image);
  }

  /** Photos still waiting when a section ends get their own page before the next section. */
  endSection() {
    while (this.pending.length) this.newPage('body');
  }

  /** Centred lines of a display text (titles), no hyphenation. */
  centered(text: string, style: FontStyle, size: number, leading: number, options: { characterSpacing?: number; color?: string } = {}) {
    const lines = breakLines(text, this.m, { style, size, width: this.width, language: this.options.language, hyphenate: false });
    for (const line of lines) {
      const ops = lineOps(line, this.m, size, this.width, this.y, 'center', style);
      for (const op of ops) {
        if (op.t === 'text' && options.characterSpacing) {
          op.characterSpacing = options.characterSpacing;
          op.x -= (options.characterSpacing * op.text.length) / 2;
        }
        if (op.t === 'text' && options.color) op.color = options.color;
      }
      this.page.ops.push(...ops);
      this.y += leading;
    }
  }
}

export interface LayoutOptions {
  trim: TrimSize;
  hyphenate: boolean;
  /** Chapters laid out by an earlier export (chapter-cache.ts): taken from it when unchanged. */
  cache?: ChapterCache;
}

/** Section openers: a third down the page, label, title, ornament, then text on the grid. */
function opener(flow: Flow, dest: string, label: string | null, title: string, outline: string) {
  flow.section = title;
  flow.newPage('opener');
  flow.page.dest = dest;
  flow.page.outline = outline;
  const textHeight = textBottomOf(flow.g) - flow.g.top;
  flow.y = flow.g.top + textHeight * 0.2;
  if (label) {
    flow.centered(label.toLocaleUpperCase(), 'regular', flow.g.fontSize * 0.85, flow.g.leading * 1.4, {
      characterSpacing: 1.6,
      color: '#555555',
    });
    flow.y += flow.g.leading * 0.3;
  }
  flow.centered(title, 'semibold', flow.g.fontSize * 1.75, flow.g.fontSize * 2.2);
  flow.y += flow.g.leading * 0.6;
  flow.page.ops.push({ t: 'rule', x: flow.width / 2 - 18, y: flow.y, w: 36 });
  flow.y += flow.g.leading * 1.5;
  flow.snap();
}

function section(flow: Flow, paragraphs: string[], photos: BookImage[]) {
  const middle = paragraphs.length >= 2 ? Math.floor(paragraphs.length / 2) : paragraphs.length;
  if (photos[0]) flow.photo(photos[0]);
  paragraphs.forEach((text, index) => {
    if (index === middle && photos[1]) flow.photo(photos[1]);
    flow.paragraph(text, index > 0);
  });
  if (photos[1] && middle >= paragraphs.length) flow.photo(photos[1]);
  flow.endSection();
}

/**
 * Lays the whole book out: [cover, blank,] title page, rights page, contents, introduction,
 * chapters, summary, [contributors]. The contents' length depends only on its entries, so its page numbers are
 * filled in after the body is laid out (one pass).
 */
export function layoutBook(book: BookContent, m: Measurer, options: LayoutOptions): Layout {
  const g = GEOMETRIES[options.trim];
  const flow = new Flow(g, m, { language: book.language, hyphenate: options.hyphenate });
  const { labels } = book;
  const textHeight = textBottomOf(g) - g.top;

  if (book.cover) {
    // A full-page cover: the photo fills the page to its edges; title and author on a paper band.
    flow.newPage('cover');
    flow.page.ops.push({ t: 'bleed', image: book.cover });
    const band: Extract<Op, { t: 'band' }> = { t: 'band', y: g.height * 0.66, h: 0 };
    flow.page.ops.push(band);
    flow.y = band.y + g.leading * 1.6 + g.fontSize * 1.4;
    flow.centered(book.title, 'semibold', g.fontSize * 2, g.fontSize * 2.5);
    if (book.author) flow.centered(book.author, 'italic', g.fontSize * 1.2, g.leading * 1.5);
    band.h = flow.y - band.y + g.leading * 1.2;
    flow.newPage('blank');
  }

  flow.newPage('title');
  flow.y = g.top + textHeight * 0.22;
  flow.centered(book.title, 'semibold', g.fontSize * 2.4, g.fontSize * 3);
  flow.y += g.leading * 1.2;
  flow.page.ops.push({ t: 'rule', x: flow.width / 2 - 24, y: flow.y, w: 48 });
  flow.y += g.leading * 1.2;
  if (book.author) flow.centered(labels.byline(book.author), 'italic', g.fontSize * 1.3, g.leading * 1.6);

  flow.newPage('rights');
  flow.y = textBottomOf(g) - g.leading * 3;
  const small = g.fontSize * 0.8;
  for (const line of [labels.rights(book.author, book.year), labels.madeWith]) {
    for (const set of breakLines(line, m, { size: small, width: flow.width, language: book.language, hyphenate: false })) {
      flow.page.ops.push(...lineOps(set, m, small, flow.width, flow.y, 'left'));
      flow.y += small * 1.4;
    }
  }

  // Contents: entries first, page numbers once the body is laid out.
  const toc: TocEntry[] = [];
  if (book.introduction.length) toc.push({ title: labels.introduction, dest: 'introduction', page: 0 });
  for (const chapter of book.chapters) toc.push({ title: chapter.title, dest: `chapter-${chapter.number}`, page: 0 });
  if (book.summary.length) toc.push({ title: labels.summary, dest: 'summary', page: 0 });
  if (book.contributors.length) toc.push({ title: labels.contributors, dest: 'contributors', page: 0 });

  flow.section = null;
  flow.newPage('front');
  flow.page.dest = 'contents';
  flow.page.outline = labels.contents;
  flow.y = g.top + g.leading * 2;
  flow.centered(labels.contents, 'semibold', g.fontSize * 1.6, g.leading * 2);
  flow.y += g.leading;
  flow.snap();
  const numberColumn = g.fontSize * 2.2;
  const pageColumn = g.fontSize * 2.6;
  const chapterNumbers = new Map(book.chapters.map((c) => [`chapter-${c.number}`, c.number]));
  toc.forEach((entry, index) => {
    const lines = breakLines(entry.title, m, {
      size: g.fontSize,
      width: flow.width - numberColumn - pageColumn,
      language: book.language,
      hyphenate: false,
    });
    if (flow.y + lines.length * g.leading > flow.bottom) {
      flow.newPage('front');
      flow.y = g.top;
    }
    const number = chapterNumbers.get(entry.dest);
    if (number !== undefined) {
      const label = `${number}`;
      const word = m.word(label);
      flow.page.ops.push({
        t: 'text',
        font: word.font,
        size: g.fontSize,
        x: numberColumn - g.fontSize * 0.8 - word.width * g.fontSize,
        y: flow.y,
        text: label,
        wordSpacing: 0,
        textWidth: word.width * g.fontSize,
        wordCount: 1,
      });
    }
    lines.forEach((line, k) => {
      const ops = lineOps(line, m, g.fontSize, flow.width - numberColumn - pageColumn, flow.y, 'left');
      for (const op of ops) if (op.t === 'text') op.x += numberColumn;
      flow.page.ops.push(...ops);
      if (k === lines.length - 1) {
        const end =
          numberColumn +
          line.words.reduce((s, w) => s + w.width * g.fontSize, 0) +
          (line.words.length - 1) * m.spaceWidth('regular') * g.fontSize;
        flow.page.ops.push({ t: 'tocNumber', entry: index, size: g.fontSize, y: flow.y, leaderFrom: end });
      }
      flow.y += g.leading;
    });
    flow.y += g.leading * 0.35;
  });

  if (book.introduction.length) {
    opener(flow, 'introduction', null, labels.introduction, labels.introduction);
    section(flow, book.introduction, []);
  }
  for (const chapter of book.chapters) {
    const dest = `chapter-${chapter.number}`;
    const label = labels.chapter(chapter.number);
    const outline = `${chapter.number}. ${chapter.title}`;
    const cache = options.cache;
    // Everything the chapter's pages depend on: it opens on a new page with nothing carried over
    // (the previous section ends with its floating photos placed), whatever page that is.
    const key = cache?.key({
      trim: options.trim,
      hyphenate: options.hyphenate,
      language: book.language,
      dest,
      label,
      title: chapter.title,
      outline,
      paragraphs: chapter.paragraphs,
      photos: chapter.photos.map((photo) => [photo.width, photo.height]),
    });
    const cached = key ? cache?.take(key, chapter.photos) : undefined;
    if (cached) {
      flow.section = chapter.title;
      flow.pages.push(...cached);
      flow.page = cached[cached.length - 1];
      continue;
    }
    const first = flow.pages.length;
    opener(flow, dest, label, chapter.title, outline);
    section(flow, chapter.paragraphs, chapter.photos);
    if (key) cache?.keep(key, flow.pages.slice(first), chapter.photos);
  }
  if (book.summary.length) {
    opener(flow, 'summary', null, labels.summary, labels.summary);
    section(flow, book.summary, []);
  }
  if (book.contributors.length) {
    // a page of their own: the title, then each relative centred, in italics
    opener(flow, 'contributors', null, labels.contributors, labels.contributors);
    for (const line of book.contributors) {
      if (flow.y + g.leading * 1.4 > flow.bottom) {
        flow.newPage('body');
        flow.y = g.top;
      }
      flow.centered(line, 'italic', g.fontSize, g.leading * 1.4);
    }
    flow.endSection();
  }

  const pageOf = new Map<string, number>();
  flow.pages.forEach((page, index) => {
    if (page.dest) pageOf.set(page.dest, index + 1);
  });
  for (const entry of toc) entry.page = pageOf.get(entry.dest) ?? 0;
  return { pages: flow.pages, toc, geometry: g };
}

/** Pages a plain text takes on the trim size: body text only, paragraphs as in a chapter. */
export function layoutText(text: string, m: Measurer, options: LayoutOptions & { language: Language }): LaidPage[] {
  const flow = new Flow(GEOMETRIES[options.trim], m, { language: options.language, hyphenate: options.hyphenate });
  flow.newPage('body');
  text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean)
    .forEach((p, index) => flow.paragraph(p, index > 0));
  return flow.pages;
}
