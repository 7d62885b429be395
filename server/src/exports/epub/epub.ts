import crypto from 'node:crypto';
import type { BookContent } from '../book';
import type { BookImage } from '../images';
import { escapeHtml } from '../text';
import { zipWriterKeepingTexts, type ZipEntry } from '../zip';

/**
 * An EPUB 3 written directly (zip.ts): cover image and cover page, title page, navigation document
 * (plus NCX for older readers), language metadata, photos, and the same sections in the same order
 * as the PDF. Every author text goes through `escapeHtml`: it can only ever be text.
 */
const CSS = `body { font-family: "EB Garamond", Georgia, serif; line-height: 1.45; margin: 0 5%; }
h1 { font-weight: 600; font-size: 1.6em; text-align: center; margin: 2.5em 0 1.2em; line-height: 1.2; }
.label { display: block; font-size: 0.55em; font-weight: 400; letter-spacing: 0.15em; text-transform: uppercase; color: #555; margin-bottom: 0.6em; }
p { margin: 0; text-indent: 1.2em; text-align: justify; hyphens: auto; -webkit-hyphens: auto; }
h1 + p, figure + p, .first { text-indent: 0; }
figure { margin: 1.2em 0; text-align: center; page-break-inside: avoid; }
figure img { max-width: 100%; max-height: 60vh; }
.title-page { text-align: center; margin-top: 30%; }
.title-page h1 { font-size: 2em; margin: 0 0 0.8em; }
.byline { font-style: italic; font-size: 1.2em; }
.rights { font-size: 0.85em; margin-top: 3em; text-align: center; }
.cover { text-align: center; margin: 0; padding: 0; }
.cover img { max-width: 100%; max-height: 95vh; }
nav ol { list-style: none; padding: 0; }
.contributors { text-align: center; }
.contributors p { text-indent: 0; text-align: center; font-style: italic; margin: 0.4em 0; }
nav li { margin: 0.4em 0; }
`;

interface Doc {
  id: string;
  file: string;
  title: string;
  body: string;
  inToc: boolean;
  properties?: string;
}

/** This export process's EPUBs: a re-export deflates only the chapters that changed since its last one. */
const writeEpubZip = zipWriterKeepingTexts();

const mediaType = (image: BookImage) => (image.type === 'png' ? 'image/png' : 'image/jpeg');
const ext = (image: BookImage) => (image.type === 'png' ? 'png' : 'jpg');

function xhtml(lang: string, title: string, body: string, extraNs = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"${extraNs} xml:lang="${lang}" lang="${lang}">
<head>
<meta charset="UTF-8"/>
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<body>
${body}
</body>
</html>
`;
}

const paragraphs = (list: string[]) => list.map((p, i) => `<p${i === 0 ? ' class="first"' : ''}>${escapeHtml(p)}</p>`).join('\n');

export async function writeEpub(book: BookContent, options: { identifier?: string; modified?: Date } = {}): Promise<Buffer> {
  const lang = book.language;
  const { labels } = book;
  // The `mimetype` file first and stored, as the EPUB container format asks.
  const files: ZipEntry[] = [
    { name: 'mimetype', data: 'application/epub+zip', store: true },
    {
      name: 'META-INF/container.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>
`,
    },
    { name: 'OEBPS/style.css', data: CSS },
  ];

  const images: { id: string; file: string; image: BookImage; cover?: boolean }[] = [];
  const docs: Doc[] = [];

  if (book.cover) {
    images.push({ id: 'cover-image', file: `images/cover.${ext(book.cover)}`, image: book.cover, cover: true });
    docs.push({
      id: 'cover',
      file: 'cover.xhtml',
      title: labels.coverAlt,
      inToc: false,
      body: `<section class="cover" epub:type="cover"><img src="images/cover.${ext(book.cover)}" alt="${escapeHtml(labels.coverAlt)}"/></section>`,
    });
  }
  const byline = book.author ? `<p class="byline">${escapeHtml(labels.byline(book.author))}</p>` : '';
  docs.push({
    id: 'title-page',
    file: 'title.xhtml',
    title: book.title,
    inToc: false,
    body: `<section class="title-page" epub:type="titlepage"><h1>${escapeHtml(book.title)}</h1>${byline}<p class="rights">${escapeHtml(labels.rights(book.author, book.year))}<br/>${escapeHtml(labels.madeWith)}</p></section>`,
  });
  if (book.introduction.length) {
    docs.push({
      id: 'introduction',
      file: 'introduction.xhtml',
      title: labels.introduction,
      inToc: true,
      body: `<section epub:type="introduction" role="doc-introduction"><h1>${escapeHtml(labels.introduction)}</h1>\n${paragraphs(book.introduction)}</section>`,
    });
  }
  for (const chapter of book.chapters) {
    const figures = chapter.photos.map((photo, slot) => {
      const file = `images/chapter-${chapter.number}-${slot + 1}.${ext(photo)}`;
      images.push({ id: `img-${chapter.number}-${slot + 1}`, file, image: photo });
      return `<figure><img src="${file}" alt="${escapeHtml(labels.photoAlt(chapter.title))}"/></figure>`;
    });
    const middle = chapter.paragraphs.length >= 2 ? Math.floor(chapter.paragraphs.length / 2) : chapter.paragraphs.length;
    const body = [
      figures[0] ?? '',
      paragraphs(chapter.paragraphs.slice(0, middle)),
      figures[1] ?? '',
      paragraphs(chapter.paragraphs.slice(middle)).replace('<p class="first">', figures[1] ? '<p class="first">' : '<p>'),
    ].join('\n');
    docs.push({
      id: `chapter-${chapter.number}`,
      file: `chapter-${chapter.number}.xhtml`,
      title: chapter.title,
      inToc: true,
      body: `<section epub:type="chapter" role="doc-chapter"><h1><span class="label">${escapeHtml(labels.chapter(chapter.number))}</span>${escapeHtml(chapter.title)}</h1>\n${body}</section>`,
    });
  }
  if (book.summary.length) {
    docs.push({
      id: 'summary',
      file: 'summary.xhtml',
      title: labels.summary,
      inToc: true,
      body: `<section epub:type="conclusion" role="doc-conclusion"><h1>${escapeHtml(labels.summary)}</h1>\n${paragraphs(book.summary)}</section>`,
    });
  }
  if (book.contributors.length) {
    docs.push({
      id: 'contributors',
      file: 'contributors.xhtml',
      title: labels.contributors,
      inToc: true,
      body: `<section class="contributors" epub:type="acknowledgments" role="doc-acknowledgments"><h1>${escapeHtml(labels.contributors)}</h1>\n${book.contributors.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}</section>`,
    });
  }

  const tocItems = docs.filter((d) => d.inToc);
  const nav = `<nav epub:type="toc" id="toc" role="doc-toc"><h1>${escapeHtml(labels.contents)}</h1>
<ol>
${tocItems.map((d) => `<li><a href="${d.file}">${escapeHtml(d.title)}</a></li>`).join('\n')}
</ol>
</nav>
<nav epub:type="landmarks" hidden="hidden"><ol>
${book.cover ? '<li><a epub:type="cover" href="cover.xhtml">Cover</a></li>' : ''}
<li><a epub:type="toc" href="nav.xhtml">${escapeHtml(labels.contents)}</a></li>
${tocItems[0] ? `<li><a epub:type="bodymatter" href="${tocItems[0].file}">${escapeHtml(tocItems[0].title)}</a></li>` : ''}
</ol></nav>`;
  // The contents page sits after the title page, as in the PDF.
  const navDoc: Doc = { id: 'nav', file: 'nav.xhtml', title: labels.contents, inToc: false, body: nav, properties: 'nav' };
  const titleIndex = docs.findIndex((d) => d.id === 'title-page');
  docs.splice(titleIndex + 1, 0, navDoc);

  for (const doc of docs) files.push({ name: `OEBPS/${doc.file}`, data: xhtml(lang, doc.title, doc.body) });
  for (const image of images) files.push({ name: `OEBPS/${image.file}`, data: image.image.data, store: true });

  const identifier = options.identifier ?? `urn:uuid:${crypto.randomUUID()}`;
  const modifiedAt = options.modified ?? new Date();
  const modified = modifiedAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const description = book.synopsis || labels.byline(book.author) || book.title;
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${lang}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">${escapeHtml(identifier)}</dc:identifier>
<dc:title>${escapeHtml(book.title)}</dc:title>
<dc:language>${lang}</dc:language>
${book.author ? `<dc:creator>${escapeHtml(book.author)}</dc:creator>` : ''}
<dc:description>${escapeHtml(description)}</dc:description>
<dc:publisher>Plume</dc:publisher>
<meta property="dcterms:modified">${modified}</meta>
${book.cover ? '<meta name="cover" content="cover-image"/>' : ''}
</metadata>
<manifest>
<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
<item id="css" href="style.css" media-type="text/css"/>
${docs.map((d) => `<item id="${d.id}" href="${d.file}" media-type="application/xhtml+xml"${d.properties ? ` properties="${d.properties}"` : ''}/>`).join('\n')}
${images.map((i) => `<item id="${i.id}" href="${i.file}" media-type="${mediaType(i.image)}"${i.cover ? ' properties="cover-image"' : ''}/>`).join('\n')}
</manifest>
<spine toc="ncx">
${docs.map((d) => `<itemref idref="${d.id}"${d.id === 'cover' ? ' linear="yes"' : ''}/>`).join('\n')}
</spine>
</package>
`;
  files.push({ name: 'OEBPS/content.opf', data: opf });
  const ncx = `<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1" xml:lang="${lang}">
<head><meta name="dtb:uid" content="${escapeHtml(identifier)}"/><meta name="dtb:depth" content="1"/><meta name="dtb:totalPageCount" content="0"/><meta name="dtb:maxPageNumber" content="0"/></head>
<docTitle><text>${escapeHtml(book.title)}</text></docTitle>
<navMap>
${tocItems.map((d, i) => `<navPoint id="np-${i + 1}" playOrder="${i + 1}"><navLabel><text>${escapeHtml(d.title)}</text></navLabel><content src="${d.file}"/></navPoint>`).join('\n')}
</navMap>
</ncx>
`;
  files.push({ name: 'OEBPS/toc.ncx', data: ncx });
  return writeEpubZip(files, modifiedAt);
}
