import type { CoverGeometry } from '@common/rules/printing';
import type { BookImage } from '../exports/images';
import { FONT_FILES } from '../exports/pdf/fonts';
import { pdfBuffer } from '../exports/pdf/buffer';
import { loadPdfKit } from '../exports/pdf/load-pdfkit';

export interface CoverInput {
  title: string;
  author: string;
  image: BookImage | null;
  /** Small line printed at the foot of the back cover. */
  backLine: string;
}

const BACKGROUND = '#2e3a40';
const PAPER = '#f6efe4';
const ACCENT = '#c9a86a';
/** Text stays this far inside the trim (Lulu's safety margin is 0.125 in beyond the bleed). */
const SAFE = 0.25 * 72;
/** Below this spine width (about 80 pages) nothing is printed on the spine. */
const MIN_SPINE_FOR_TEXT = 0.25 * 72;

/**
 * The cover spread a printer wants, as one PDF page with bleed: back cover (left), spine (its width
 * from the page count), front cover (right) with the book's cover photo and its title. Made with
 * pdfkit and the book's own type (EB Garamond, embedded), as the exports are.
 */
export async function renderCoverSpread(input: CoverInput, g: CoverGeometry): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: [g.width, g.height],
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
    info: { Title: input.title, ...(input.author ? { Author: input.author } : {}), Creator: 'Plume', Producer: 'Plume (pdfkit)' },
  });
  doc.registerFont('regular', FONT_FILES.regular);
  doc.registerFont('italic', FONT_FILES.italic);
  doc.registerFont('semibold', FONT_FILES.semibold);
  const done = pdfBuffer(doc);

  doc.rect(0, 0, g.width, g.height).fill(BACKGROUND);
  const frontLeft = g.bleed + g.trimWidth + g.spine;
  const top = g.bleed + SAFE;
  const panelWidth = g.trimWidth - 2 * SAFE;

  // Front: the photo in a light frame, then the title and the author.
  let y = top + SAFE;
  if (input.image) {
    const maxW = panelWidth - 24;
    const maxH = g.trimHeight * 0.5;
    const scale = Math.min(maxW / input.image.width, maxH / input.image.height);
    const w = input.image.width * scale;
    const h = input.image.height * scale;
    const x = frontLeft + SAFE + (panelWidth - w) / 2;
    doc.rect(x - 6, y - 6, w + 12, h + 12).fill(PAPER);
    doc.image(input.image.data, x, y, { width: w, height: h });
    y += h + 40;
  } else {
    y = g.bleed + g.trimHeight * 0.3;
  }
  doc.rect(frontLeft + SAFE + panelWidth / 2 - 30, y, 60, 1.2).fill(ACCENT);
  y += 20;
  doc
    .font('semibold')
    .fontSize(fitSize(doc, input.title, panelWidth, 30, 3))
    .fillColor(PAPER);
  doc.text(input.title, frontLeft + SAFE, y, { width: panelWidth, align: 'center', lineGap: 2 });
  if (input.author) {
    doc.moveDown(0.8);
    doc
      .font('italic')
      .fontSize(16)
      .fillColor(ACCENT)
      .text(input.author, frontLeft + SAFE, doc.y, { width: panelWidth, align: 'center' });
  }

  // Spine: title and author, read from top to bottom, when the book is thick enough.
  if (g.spine >= MIN_SPINE_FOR_TEXT) {
    const spineCenter = g.bleed + g.trimWidth + g.spine / 2;
    const length = g.trimHeight - 2 * SAFE;
    const label = input.author ? `${input.title}  ·  ${input.author}` : input.title;
    const size = Math.min(g.spine * 0.5, 13);
    doc.save();
    doc.rotate(90, { origin: [spineCenter, g.bleed + SAFE] });
    doc
      .font('semibold')
      .fontSize(size)
      .fillColor(PAPER)
      .text(label, spineCenter, g.bleed + SAFE - size * 0.65, {
        width: length,
        align: 'center',
        lineBreak: false,
        ellipsis: true,
        height: size * 1.3,
      });
    doc.restore();
  }

  // Back: a quiet line at the foot.
  doc
    .font('italic')
    .fontSize(10)
    .fillColor(ACCENT)
    .text(input.backLine, g.bleed + SAFE, g.bleed + g.trimHeight - SAFE - 14, { width: g.trimWidth - 2 * SAFE, align: 'center' });

  doc.end();
  return done;
}

/** The largest size (from `max`) at which `text` takes at most `lines` lines of `width`. */
function fitSize(doc: PDFKit.PDFDocument, text: string, width: number, max: number, lines: number): number {
  for (let size = max; size > 12; size -= 2) {
    doc.fontSize(size);
    if (doc.heightOfString(text, { width, lineGap: 2 }) <= lines * (size * 1.25 + 2)) return size;
  }
  return 12;
}
