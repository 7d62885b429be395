import PDFDocument from 'pdfkit';
import type { Language } from '@common/constants';
import type { TrimSize } from '@common/schemas/exports';
import type { BookContent } from '../book';
import type { BookImage } from '../images';
import { pdfBuffer } from './buffer';
import { layoutBook, layoutText, textBottomOf, textWidthOf, type Layout, type Op } from './layout';
import type { ChapterCache } from './chapter-cache';
import { FONT_FILES } from './fonts';
import { drawChapterPage, fontState, PageImages, restoreFonts } from './kept-drawing';
import { Measurer } from './measure';

export interface TypesetOptions {
  /** Trim size; A5 by default. */
  trim?: TrimSize;
  /** Hyphenate body text with the book language's patterns (default true). */
  hyphenate?: boolean;
  /** For the printer: blank pages added at the end up to this many pages in all (printing's minimum and even count). */
  padTo?: (pages: number) => number;
  /** The chapters' layouts of an earlier export; the ones laid out now are added to it. */
  cache?: ChapterCache;
}

export interface TypesetResult {
  pdf: Buffer;
  pageCount: number;
  /** Pages of the book itself, before any blank pages added by `padTo`. */
  contentPages: number;
}

const INK = '#1a1a1a';
const LANG_TAGS: Record<Language, string> = { en: 'en-GB', fr: 'fr-FR', es: 'es-ES', it: 'it-IT' };

/**
 * The book as a PDF for reading and printing: EB Garamond embedded (subset), title page,
 * contents with page numbers and links, chapter openers, photos, running heads, folios,
 * bookmarks, widow/orphan control and hyphenation per language.
 */
export async function typesetBook(book: BookContent, options: TypesetOptions = {}): Promise<TypesetResult> {
  const trim = options.trim ?? 'a5';
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: false,
    compress: true,
    lang: LANG_TAGS[book.language],
    displayTitle: true,
    info: {
      Title: book.title,
      ...(book.author ? { Author: book.author } : {}),
      ...(book.synopsis ? { Subject: book.synopsis } : {}),
      Creator: 'Plume',
      Producer: 'Plume (pdfkit)',
    },
  });
  const done = pdfBuffer(doc);
  const m = new Measurer(doc);
  const cache = options.cache;
  // Before anything is measured: the fonts as the export that drew the kept pages left them.
  const copyKept = restoreFonts(doc, cache?.fonts);
  const layout = layoutBook(book, m, { trim, hyphenate: options.hyphenate ?? true, cache });
  const contentPages = layout.pages.length;
  const total = options.padTo?.(contentPages) ?? contentPages;
  for (let page = contentPages; page < total; page += 1)
    layout.pages.push({ kind: 'blank', ops: [], section: null, dest: null, outline: null });
  const pagesCopied = render(doc, m, layout, book, copyKept);
  if (cache) {
    cache.pagesCopied = pagesCopied;
    // the fonts' subset programs are made (or taken from the kept fonts) as the document ends
    cache.fonts = fontState(doc, Object.keys(FONT_FILES), cache.fonts);
  }
  doc.end();
  return { pdf: await done, pageCount: layout.pages.length, contentPages };
}

/** Draws every page; returns how many chapter pages were copied from the previous export. */
function render(doc: PDFKit.PDFDocument, m: Measurer, layout: Layout, book: BookContent, copyKept: boolean): number {
  const g = layout.geometry;
  const width = textWidthOf(g);
  const images = new PageImages(doc);
  let copied = 0;
  layout.pages.forEach((page, index) => {
    const number = index + 1;
    const recto = number % 2 === 1;
    const left = recto ? g.inner : g.outer;
    doc.addPage({ size: [g.width, g.height], margins: { top: 0, bottom: 0, left: 0, right: 0 } });
    if (page.dest) doc.addNamedDestination(page.dest, 'XYZ', 0, g.height, null);
    if (page.outline) doc.outline.addItem(page.outline);
    const chapter = page.chapter;
    if (chapter) {
      const draw = () => page.ops.forEach((op) => drawOp(doc, m, op, 0, layout, width, images.of.bind(images), chapter.photos));
      if (drawChapterPage(doc, { chapter }, left, copyKept, images, draw)) copied += 1;
    } else for (const op of page.ops) drawOp(doc, m, op, left, layout, width, images.of.bind(images));
    // Running head (not on openers) and folio (body pages and openers).
    if (page.kind === 'body') {
      const head = recto ? (page.section ?? book.title) : book.title;
      drawCentered(doc, m, head, 'italic', g.fontSize * 0.82, left, width, g.top - g.leading * 1.9, '#444444');
    }
    if (page.kind === 'body' || page.kind === 'opener') {
      drawCentered(doc, m, String(number), 'regular', g.fontSize * 0.9, left, width, textBottomOf(g) + g.leading * 1.2, '#333333');
    }
  });
  return copied;
}

function drawCentered(
  doc: PDFKit.PDFDocument,
  m: Measurer,
  text: string,
  style: 'regular' | 'italic',
  size: number,
  left: number,
  width: number,
  y: number,
  color: string,
) {
  const word = m.word(text.length > 70 ? `${text.slice(0, 68)}…` : text, style);
  const w = word.width * size;
  doc.font(word.font).fontSize(size).fillColor(color);
  doc.text(word.text, left + (width - w) / 2, y, {
    lineBreak: false,
    textWidth: w,
    wordCount: word.text.split(/\s+/).length,
  } as PDFKit.Mixins.TextOptions);
}

/** pdfkit's image for a photo (opened once per document), by the chapter's photos when on a chapter page. */
type ImageOf = (image: BookImage, chapterPhotos?: BookImage[]) => unknown;

function drawOp(
  doc: PDFKit.PDFDocument,
  m: Measurer,
  op: Op,
  left: number,
  layout: Layout,
  width: number,
  imageOf: ImageOf,
  chapterPhotos?: BookImage[],
) {
  switch (op.t) {
    case 'text':
      doc
        .font(op.font)
        .fontSize(op.size)
        .fillColor(op.color ?? INK);
      doc.text(op.text, left + op.x, op.y, {
        lineBreak: false,
        wordSpacing: op.wordSpacing,
        characterSpacing: op.characterSpacing ?? 0,
        textWidth: op.textWidth,
        wordCount: op.wordCount,
      } as PDFKit.Mixins.TextOptions);
      break;
    case 'image':
      doc.image(imageOf(op.image, chapterPhotos) as Buffer, left + op.x, op.y, { width: op.w, height: op.h });
      break;
    case 'bleed': {
      const g = layout.geometry;
      const scale = Math.max(g.width / op.image.width, g.height / op.image.height);
      const w = op.image.width * scale;
      const h = op.image.height * scale;
      doc
        .save()
        .rect(0, 0, g.width, g.height)
        .clip()
        .image(imageOf(op.image) as Buffer, (g.width - w) / 2, (g.height - h) / 2, { width: w, height: h })
        .restore();
      break;
    }
    case 'band':
      doc.save().rect(0, op.y, layout.geometry.width, op.h).fillOpacity(0.86).fill('#fbf8f2').restore();
      break;
    case 'rule':
      doc
        .save()
        .moveTo(left + op.x, op.y)
        .lineTo(left + op.x + op.w, op.y)
        .lineWidth(0.6)
        .strokeColor('#777777')
        .stroke()
        .restore();
      break;
    case 'tocNumber': {
      const entry = layout.toc[op.entry];
      const label = String(entry.page);
      const w = m.pieceWidth('regular', label) * op.size;
      doc.font('regular').fontSize(op.size).fillColor(INK);
      doc.text(label, left + width - w, op.y, { lineBreak: false, textWidth: w, wordCount: 1 } as PDFKit.Mixins.TextOptions);
      const dot = m.pieceWidth('regular', '.') * op.size;
      const step = dot + op.size * 0.45;
      const from = op.leaderFrom + op.size * 0.6;
      const to = width - w - op.size * 0.6;
      const count = Math.floor((to - from) / step);
      if (count > 1) {
        const dots = Array(count).fill('.').join(' ');
        doc.fillColor('#777777').text(dots, left + to - count * step, op.y, {
          lineBreak: false,
          wordSpacing: step - dot - m.spaceWidth('regular') * op.size,
          textWidth: count * dot,
          wordCount: count,
        } as PDFKit.Mixins.TextOptions);
      }
      doc.goTo(left, op.y, width, layout.geometry.leading, entry.dest);
      break;
    }
  }
}

/**
 * Pages a plain text fills on a trim size, set exactly as a book's chapters are (same measure,
 * type, hyphenation and widow/orphan rules). The printing quote reuses it.
 */
export function countPages(text: string, options: { trim?: TrimSize; language?: Language; hyphenate?: boolean } = {}): number {
  const m = new Measurer();
  return layoutText(text, m, { trim: options.trim ?? 'a5', language: options.language ?? 'en', hyphenate: options.hyphenate ?? true })
    .length;
}
