import {
  AlignmentType,
  Document,
  Footer,
  HeadingLevel,
  ImageRun,
  Packer,
  PageNumber,
  Paragraph,
  TableOfContents,
  TextRun,
  type ISectionOptions,
} from 'docx';
import type { TrimSize } from '@common/schemas/exports';
import type { BookContent } from '../book';
import type { BookImage } from '../images';
import { writeZip } from '../zip';

/** Page sizes in twips (1/1440 in) and the text width in pixels (96 dpi) for photos. */
const PAGES: Record<TrimSize, { width: number; height: number; margin: number; textPx: number }> = {
  a5: { width: 8391, height: 11906, margin: 1000, textPx: 425 },
  '6x9': { width: 8640, height: 12960, margin: 1080, textPx: 432 },
};

const FONT = 'Garamond';

/**
 * docx's compiler, which gives the package's files in their order. `Packer.toBuffer` zips them with fflate, which
 * deflates every file in JavaScript, photos included (~60 % of a photo book's DOCX time, docs/performance.md);
 * `writeZip` deflates the XML with Node's zlib and stores the photos as they are. The compiler is not docx's public
 * API: docx is pinned, and book-files.test.ts opens the DOCX this writes.
 */
const compiler = (Packer as unknown as { compiler: { compile(doc: Document): Map<string, string | Uint8Array> } }).compiler;

function photo(image: BookImage, maxWidth: number, maxHeight: number, alt: string): Paragraph {
  const scale = Math.min(1, maxWidth / image.width, maxHeight / image.height);
  return new Paragraph({
    alignment: AlignmentType.CENTER,
    spacing: { before: 240, after: 240 },
    keepNext: true,
    children: [
      new ImageRun({
        type: image.type === 'png' ? 'png' : 'jpg',
        data: image.data,
        transformation: { width: Math.round(image.width * scale), height: Math.round(image.height * scale) },
        altText: { name: alt, description: alt, title: alt },
      }),
    ],
  });
}

const body = (text: string, first: boolean) =>
  new Paragraph({
    alignment: AlignmentType.JUSTIFIED,
    indent: first ? undefined : { firstLine: 280 },
    widowControl: true,
    children: [new TextRun(text)],
  });

/**
 * An editable Word file of the same book: cover photo, title page, a contents field (Word fills
 * the page numbers when it opens), introduction, chapters with their photos, summary, the relatives credited. The docx
 * library writes author text as XML text nodes (escaped).
 */
export async function writeDocx(book: BookContent, options: { trim?: TrimSize } = {}): Promise<Buffer> {
  const page = PAGES[options.trim ?? 'a5'];
  const { labels } = book;
  const maxHeight = 420;
  const children: (Paragraph | TableOfContents)[] = [];
  if (book.cover) children.push(photo(book.cover, page.textPx, 560, labels.coverAlt));
  children.push(
    new Paragraph({
      heading: HeadingLevel.TITLE,
      alignment: AlignmentType.CENTER,
      pageBreakBefore: Boolean(book.cover),
      spacing: { before: 2400, after: 400 },
      children: [new TextRun(book.title)],
    }),
  );
  if (book.author)
    children.push(
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [new TextRun({ text: labels.byline(book.author), italics: true, size: 28 })],
      }),
    );
  children.push(
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: 1200 },
      children: [new TextRun({ text: labels.rights(book.author, book.year), size: 18 })],
    }),
  );
  children.push(new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: labels.madeWith, size: 18 })] }));
  children.push(
    new Paragraph({
      heading: HeadingLevel.HEADING_2,
      pageBreakBefore: true,
      alignment: AlignmentType.CENTER,
      children: [new TextRun(labels.contents)],
    }),
  );
  children.push(new TableOfContents(labels.contents, { hyperlink: true, headingStyleRange: '1-1' }));

  const opener = (label: string | null, title: string) => {
    if (label)
      children.push(
        new Paragraph({
          pageBreakBefore: true,
          alignment: AlignmentType.CENTER,
          spacing: { before: 1600 },
          children: [new TextRun({ text: label.toLocaleUpperCase(), size: 18, characterSpacing: 40, color: '555555' })],
        }),
      );
    children.push(
      new Paragraph({
        heading: HeadingLevel.HEADING_1,
        pageBreakBefore: !label,
        alignment: AlignmentType.CENTER,
        spacing: { before: label ? 120 : 1600, after: 480 },
        keepNext: true,
        children: [new TextRun(title)],
      }),
    );
  };
  if (book.introduction.length) {
    opener(null, labels.introduction);
    book.introduction.forEach((p, i) => children.push(body(p, i === 0)));
  }
  for (const chapter of book.chapters) {
    opener(labels.chapter(chapter.number), chapter.title);
    const middle = chapter.paragraphs.length >= 2 ? Math.floor(chapter.paragraphs.length / 2) : chapter.paragraphs.length;
    const alt = labels.photoAlt(chapter.title);
    if (chapter.photos[0]) children.push(photo(chapter.photos[0], page.textPx, maxHeight, alt));
    chapter.paragraphs.forEach((p, i) => {
      if (i === middle && chapter.photos[1]) children.push(photo(chapter.photos[1], page.textPx, maxHeight, alt));
      children.push(body(p, i === 0 || (i === middle && Boolean(chapter.photos[1]))));
    });
    if (chapter.photos[1] && middle >= chapter.paragraphs.length) children.push(photo(chapter.photos[1], page.textPx, maxHeight, alt));
  }
  if (book.summary.length) {
    opener(null, labels.summary);
    book.summary.forEach((p, i) => children.push(body(p, i === 0)));
  }
  if (book.contributors.length) {
    opener(null, labels.contributors);
    for (const line of book.contributors)
      children.push(new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: line, italics: true })] }));
  }

  const section: ISectionOptions = {
    properties: {
      page: {
        size: { width: page.width, height: page.height },
        margin: { top: page.margin, bottom: page.margin, left: page.margin, right: page.margin, gutter: 200 },
      },
    },
    footers: {
      default: new Footer({
        children: [
          new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ children: [PageNumber.CURRENT], size: 18 })] }),
        ],
      }),
    },
    children,
  };
  const doc = new Document({
    creator: book.author || 'Plume',
    title: book.title,
    description: book.synopsis || book.title,
    features: { updateFields: true },
    styles: {
      default: { document: { run: { font: FONT, size: 23, language: { value: book.language } }, paragraph: { spacing: { line: 300 } } } },
      paragraphStyles: [
        { id: 'Title', name: 'Title', basedOn: 'Normal', next: 'Normal', run: { font: FONT, size: 52, bold: true } },
        {
          id: 'Heading1',
          name: 'Heading 1',
          basedOn: 'Normal',
          next: 'Normal',
          quickFormat: true,
          run: { font: FONT, size: 38, bold: true },
        },
        {
          id: 'Heading2',
          name: 'Heading 2',
          basedOn: 'Normal',
          next: 'Normal',
          quickFormat: true,
          run: { font: FONT, size: 32, bold: true },
        },
      ],
    },
    sections: [section],
  });
  const files = [...compiler.compile(doc)].map(([name, data]) => ({
    name,
    data: typeof data === 'string' ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength),
    store: name.startsWith('word/media/'),
  }));
  return writeZip(files, new Date());
}
