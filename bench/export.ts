/**
 * bench/export: a 30-chapter, ~100 000-word book with 60 photos (+ cover) → PDF + EPUB (+ DOCX),
 * against pandoc (markdown → EPUB of the same text and photos, same machine, one run).
 * Run: npx tsx bench/export.ts
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bookLabels, buildBookContent } from '../server/src/exports/book';
import { writeDocx } from '../server/src/exports/docx/docx';
import { writeEpub } from '../server/src/exports/epub/epub';
import { makeBookImage, sampleBook } from '../server/test/sample-books';
import type { BookImage } from '../server/src/exports/images';
import { typesetBook } from '../server/src/exports/pdf';
import { createTranslator } from '../server/src/http/messages';
import { ROOT_DIR } from '../server/src/config';
import { figure, round } from './lib';

const source = sampleBook('en', { chapters: 30, wordsPerChapter: 3333 });
const images = new Map<string, BookImage>();
images.set('cover_media_photo', makeBookImage(480, 640, 99));
source.checkpoint.data.forEach((chapter, index) => {
  images.set(`chap_${chapter.id}_media_0`, makeBookImage(640, 420, index));
  images.set(`chap_${chapter.id}_media_1`, makeBookImage(460, 600, index + 50));
});
const book = buildBookContent(
  { ...source, author: 'Ada Lovelace' },
  images,
  bookLabels(createTranslator(path.join(ROOT_DIR, 'locales')), 'en'),
);
const words = [...book.introduction, ...book.summary, ...book.chapters.flatMap((c) => c.paragraphs)].join(' ').split(/\s+/).length;
const photoBytes = [...images.values()].reduce((sum, i) => sum + i.data.length, 0);
console.log(
  `book: ${book.chapters.length} chapters, ${words} words, ${images.size - 1} photos + cover (${(photoBytes / 1e6).toFixed(1)} MB, largest ${Math.max(...[...images.values()].map((i) => i.data.length))} B)`,
);

// Warm-up outside the timing (fonts parsed, hyphenation patterns loaded), as in a running server.
await typesetBook(buildBookContent({ ...sampleBook('en', { chapters: 1 }), author: '' }, new Map(), book.labels));

let t = performance.now();
const { pdf, pageCount } = await typesetBook(book);
const pdfMs = performance.now() - t;
t = performance.now();
const epub = await writeEpub(book);
const epubMs = performance.now() - t;
t = performance.now();
const docx = await writeDocx(book);
const docxMs = performance.now() - t;
t = performance.now();
await Promise.all([typesetBook(book), writeEpub(book)]);
const allMs = performance.now() - t;

// pandoc: the same text and photos as markdown → EPUB.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plume-bench-'));
const md: string[] = [
  `---\ntitle: "${book.title}"\nauthor: "${book.author}"\nlang: en\n---\n`,
  `# ${book.labels.introduction}\n`,
  ...book.introduction.map((p) => `${p}\n`),
];
for (const chapter of book.chapters) {
  md.push(`# ${chapter.title}\n`);
  chapter.photos.forEach((photo, slot) => {
    const file = path.join(dir, `c${chapter.number}-${slot}.${photo.type === 'png' ? 'png' : 'jpg'}`);
    fs.writeFileSync(file, photo.data);
    if (slot === 0) md.push(`![](${file})\n`);
  });
  chapter.paragraphs.forEach((p, i) => {
    if (i === Math.floor(chapter.paragraphs.length / 2) && chapter.photos[1])
      md.push(`![](${path.join(dir, `c${chapter.number}-1.png`)})\n`);
    md.push(`${p}\n`);
  });
}
md.push(`# ${book.labels.summary}\n`, ...book.summary.map((p) => `${p}\n`));
fs.writeFileSync(path.join(dir, 'book.md'), md.join('\n'));
fs.writeFileSync(path.join(dir, 'cover.png'), book.cover!.data);
t = performance.now();
execFileSync('pandoc', [path.join(dir, 'book.md'), '-o', path.join(dir, 'book.epub'), '--epub-cover-image', path.join(dir, 'cover.png')], {
  stdio: 'inherit',
});
const pandocMs = performance.now() - t;
const pandocSize = fs.statSync(path.join(dir, 'book.epub')).size;
fs.rmSync(dir, { recursive: true, force: true });

const f = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(`PDF  (A5, ${pageCount} pages, ${(pdf.length / 1e6).toFixed(1)} MB): ${f(pdfMs)}`);
console.log(`EPUB (${(epub.length / 1e6).toFixed(1)} MB): ${f(epubMs)}`);
console.log(`DOCX (${(docx.length / 1e6).toFixed(1)} MB): ${f(docxMs)}`);
console.log(
  `ours, PDF + EPUB: ${f(pdfMs + epubMs)}; PDF + EPUB side by side (as postGenerateBook does; the DOCX is made on its first request): ${f(allMs)}`,
);
console.log(`pandoc, markdown → EPUB (${(pandocSize / 1e6).toFixed(1)} MB): ${f(pandocMs)}`);
console.log(
  `ratio ours (PDF + EPUB) / pandoc (EPUB only): ${((pdfMs + epubMs) / pandocMs).toFixed(2)}; EPUB alone ours / pandoc: ${(epubMs / pandocMs).toFixed(2)}`,
);
figure({
  name: 'export: PDF + EPUB of 100 000 words, 61 photos (one thread)',
  value: round(pdfMs + epubMs),
  unit: 'ms',
  anchor: 'pandoc, markdown → EPUB of the same book',
  anchorValue: round(pandocMs),
  goal: '≤ 0.5 × pandoc EPUB + DOCX',
});
console.log(
  `load average now: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} CPUs`,
);
