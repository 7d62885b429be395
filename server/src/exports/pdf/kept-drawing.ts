import { deflateSync } from 'node:zlib';
import type { BookImage } from '../images';
import type { LaidPage } from './layout';

/**
 * Copying a chapter page's drawing from the previous export instead of drawing it again (issue 17
 * item 6): pdfkit draws text as glyph ids of a font subset numbered in the order the document first
 * uses them, and names fonts F1, F2… in the order it opens them. Both are restored from the export
 * that drew the kept pages (`restoreFonts`) before anything is measured or drawn, so its content
 * streams name the same fonts and glyphs here. These are pdfkit's internals (its version is part of
 * the cache's key, chapter-cache.ts).
 */

/**
 * The document's fonts in the order they were opened, each with its subset's glyphs (original ids) in
 * order, their widths and characters, and the subset's font program as embedded (base64; none for a
 * font opened but never drawn).
 */
export type FontState = { key: string; id: string; glyphs: number[]; widths: number[]; unicode: number[][]; program?: string }[];

interface Ref {
  data: Record<string, unknown>;
  compress: boolean;
  buffer: Uint8Array[];
  end(chunk?: Uint8Array): void;
}
interface Font {
  id: string;
  subset: { glyphs: number[]; includeGlyph(glyph: number): number; encode(): Uint8Array };
  widths: number[];
  unicode: number[][];
  ref(): Ref;
}
interface Image {
  label: string;
  obj?: Ref;
  embed(doc: unknown): void;
}
interface Internals {
  _font: Font;
  _fontFamilies: Record<string, Font>;
  page: { content: Ref; dictionary: Ref; resources: Ref; fonts: Record<string, Ref>; xobjects: Record<string, Ref> };
  ref(data?: Record<string, unknown>): Ref;
  openImage(data: Buffer): Image;
}
const internals = (doc: PDFKit.PDFDocument) => doc as unknown as Internals;

/** Opens the fonts of `state` in its order with its glyphs first; false when this document cannot match it (nothing kept is copied then). */
export function restoreFonts(doc: PDFKit.PDFDocument, state: FontState | undefined): boolean {
  if (!state) return false;
  const pdf = internals(doc);
  for (const kept of state) {
    doc.font(kept.key);
    const font = pdf._font;
    if (font.id !== kept.id || font.subset.glyphs.length !== 1) return false;
    for (let glyph = 1; glyph < kept.glyphs.length; glyph += 1) {
      if (font.subset.includeGlyph(kept.glyphs[glyph]) !== glyph) return false;
      font.widths[glyph] = kept.widths[glyph];
      font.unicode[glyph] = kept.unicode[glyph];
    }
  }
  return true;
}

/**
 * The document's fonts once everything is drawn, for the next export's `restoreFonts`. Each font's
 * subset program is made when the document ends (pdfkit's `subset.encode`, ~1 ms a font), from the
 * font file and the glyphs in order alone: it is the one `kept` (the fonts of the export that drew
 * the kept pages) has for the same font and glyphs when there is one — a re-export whose new text
 * brought no new glyph — and is made and kept in the state otherwise.
 */
export function fontState(doc: PDFKit.PDFDocument, keys: readonly string[], kept: FontState | undefined): FontState {
  const fonts = internals(doc)._fontFamilies;
  return keys
    .filter((key) => fonts[key])
    .map((key) => ({ key, font: fonts[key] }))
    .sort((a, b) => Number(a.font.id.slice(1)) - Number(b.font.id.slice(1)))
    .map(({ key, font }) => {
      const glyphs = [...font.subset.glyphs];
      const state: FontState[number] = { key, id: font.id, glyphs, widths: [...font.widths], unicode: [...font.unicode] };
      const same = kept?.find((k) => k.key === key && sameGlyphs(k.glyphs, glyphs));
      const encode = font.subset.encode.bind(font.subset);
      font.subset.encode = () => {
        if (same?.program) return Buffer.from((state.program = same.program), 'base64');
        const program = encode();
        state.program = Buffer.from(program).toString('base64');
        return program;
      };
      return state;
    });
}

const sameGlyphs = (a: number[], b: number[]) => a.length === b.length && a.every((glyph, index) => glyph === b[index]);

/** pdfkit's images of a document, a chapter's photos named by their place in the chapter (P0, P1), the same in every export. */
export class PageImages {
  private readonly opened = new Map<BookImage, Image>();
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  of(image: BookImage, chapterPhotos?: BookImage[]): Image {
    let opened = this.opened.get(image);
    if (!opened) {
      opened = internals(this.doc).openImage(image.data);
      const slot = chapterPhotos?.indexOf(image) ?? -1;
      if (slot >= 0) opened.label = `P${slot}`;
      this.opened.set(image, opened);
    }
    return opened;
  }
}

/**
 * Draws a chapter page's ops (`draw`, from the text block's left edge) into a content stream of
 * their own, shifted to the page's side, or copies the stream kept from the previous export; what
 * follows (running head, folio) goes into a third stream. Returns whether the kept drawing was copied.
 */
export function drawChapterPage(
  doc: PDFKit.PDFDocument,
  page: Required<Pick<LaidPage, 'chapter'>>,
  left: number,
  copyKept: boolean,
  images: PageImages,
  draw: () => void,
): boolean {
  const pdf = internals(doc);
  const pdfPage = pdf.page;
  const head = pdfPage.content;
  doc.save().translate(left, 0);
  const body = pdf.ref({ Filter: 'FlateDecode' });
  const { photos, drawing } = page.chapter;
  const kept = copyKept ? drawing.drawn : undefined;
  const fonts = kept && Object.fromEntries(Object.values(pdf._fontFamilies).map((font) => [font.id, font]));
  const copied = !!kept && kept.fonts.every((id) => fonts?.[id]) && kept.photos.every((slot) => photos[slot]);
  if (copied) {
    for (const id of kept.fonts) pdfPage.fonts[id] = fonts![id].ref();
    for (const slot of kept.photos) {
      const image = images.of(photos[slot], photos);
      if (!image.obj) image.embed(doc);
      pdfPage.xobjects[image.label] = image.obj!;
    }
    body.end(kept.stream);
  } else {
    pdfPage.content = body;
    draw();
    const stream = deflateSync(Buffer.concat(body.buffer));
    body.buffer = [stream];
    body.end();
    const { ProcSet: _procSet, Font, XObject, ...other } = pdfPage.resources.data;
    const labels = Object.keys((XObject ?? {}) as object);
    // Only a page naming nothing but fonts and the chapter's photos can be copied into another document.
    drawing.drawn =
      Object.keys(other).length || pdfPage.dictionary.data.Annots || labels.some((label) => !/^P\d+$/.test(label))
        ? undefined
        : { stream, fonts: Object.keys((Font ?? {}) as object), photos: labels.map((label) => Number(label.slice(1))) };
  }
  // The page's own streams are a few operators (the shift, the running head, the folio): deflating
  // each apart costs more time (a zlib stream set up for each) than the bytes it would save.
  const tail = pdf.ref();
  tail.compress = head.compress = false;
  delete head.data.Filter;
  pdfPage.content = tail;
  head.end();
  pdfPage.dictionary.data.Contents = [head, body, tail];
  doc.restore();
  return copied;
}
