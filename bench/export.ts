/**
 * bench/export: a 30-chapter, ~100 000-word book with 60 photos (+ cover) → PDF + EPUB + DOCX,
 * against pandoc (markdown → EPUB and → DOCX of the same text and photos, same machine, one run);
 * then the re-export after one chapter changed, beside the full export.
 * The photos are what the server typesets: the stored files made safe by `readImage` (sharp, JPEG).
 * Run: npx tsx bench/export.ts
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bookLabels, buildBookContent, type BookContent } from '../server/src/exports/book';
import { writeDocx } from '../server/src/exports/docx/docx';
import { writeEpub } from '../server/src/exports/epub/epub';
import { makePng, sampleBook } from '../server/test/sample-books';
import { readImage, type BookImage } from '../server/src/exports/images';
import { ChapterCache, typesetBook } from '../server/src/exports/pdf';
import { createTranslator } from '../server/src/http/messages';
import { ROOT_DIR } from '../server/src/config';
import { figure, median, round } from './lib';

const source = sampleBook('en', { chapters: 30, wordsPerChapter: 3333 });
/** The files as stored (PNG uploads of photo-like size), made safe as loadBookSource does on every export without a cache. */
const stored = new Map<string, Buffer>();
stored.set('cover_media_photo', makePng(480, 640, 99));
source.checkpoint.data.forEach((chapter, index) => {
  stored.set(`chap_${chapter.id}_media_0`, makePng(640, 420, index));
  stored.set(`chap_${chapter.id}_media_1`, makePng(460, 600, index + 50));
});
const labels = bookLabels(createTranslator(path.join(ROOT_DIR, 'locales')), 'en');
async function makePhotos(): Promise<Map<string, BookImage>> {
  const entries = await Promise.all([...stored].map(async ([key, data]) => [key, await readImage(data)] as const));
  return new Map(entries);
}

// Warm-up outside the timing (fonts parsed, hyphenation patterns loaded, libvips loaded), as in a running server.
await typesetBook(buildBookContent({ ...sampleBook('en', { chapters: 1 }), author: '' }, new Map(), labels));
await readImage(makePng(20, 20));

let t = performance.now();
const images = await makePhotos();
const photosMs = performance.now() - t;
const book = buildBookContent({ ...source, author: 'Ada Lovelace' }, images, labels);
const words = [...book.introduction, ...book.summary, ...book.chapters.flatMap((c) => c.paragraphs)].join(' ').split(/\s+/).length;
const photoBytes = [...images.values()].reduce((sum, i) => sum + i.data.length, 0);
console.log(
  `book: ${book.chapters.length} chapters, ${words} words, ${images.size - 1} photos + cover (${(photoBytes / 1e6).toFixed(1)} MB of JPEG)`,
);

t = performance.now();
const cache = new ChapterCache();
const { pdf, pageCount } = await typesetBook(book, { cache });
const pdfMs = performance.now() - t;
t = performance.now();
const epub = await writeEpub(book);
const epubMs = performance.now() - t;
t = performance.now();
const docx = await writeDocx(book);
const docxMs = performance.now() - t;

// The full export as postGenerateBook does it the first time (photos made safe, PDF and EPUB side by
// side, the layouts kept), then the re-export after one chapter changed (a paragraph added to
// chapter 12): photos and the other chapters' layouts come from what the first one kept. Alternated,
// medians of 3: the machine is shared.
const changedSource = structuredClone(source);
changedSource.checkpoint.data[11].generated_content +=
  '\n\nA paragraph written after the first export, to see the re-export redo this chapter only.';
const fullRuns: number[] = [];
const reRuns: number[] = [];
let keptBytes = 0;
for (let round = 0; round < 3; round += 1) {
  let start = performance.now();
  const photos = await makePhotos();
  const first = new ChapterCache();
  const whole = buildBookContent({ ...source, author: 'Ada Lovelace' }, photos, labels);
  await Promise.all([typesetBook(whole, { cache: first }), writeEpub(whole)]);
  const kept = first.toBytes();
  fullRuns.push(performance.now() - start);
  keptBytes = kept.length;
  start = performance.now();
  const again = new ChapterCache(kept);
  const changed: BookContent = buildBookContent({ ...changedSource, author: 'Ada Lovelace' }, photos, labels);
  await Promise.all([typesetBook(changed, { cache: again }), writeEpub(changed)]);
  again.toBytes();
  reRuns.push(performance.now() - start);
  if (again.laidOut !== 1) throw new Error(`re-export laid out ${again.laidOut} chapters, not 1`);
}
const fullMs = median(fullRuns);
const reMs = median(reRuns);

// pandoc: the same text and photos as markdown → EPUB, and → DOCX.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plume-bench-'));
const md: string[] = [
  `---\ntitle: "${book.title}"\nauthor: "${book.author}"\nlang: en\n---\n`,
  `# ${book.labels.introduction}\n`,
  ...book.introduction.map((p) => `${p}\n`),
];
for (const chapter of book.chapters) {
  md.push(`# ${chapter.title}\n`);
  chapter.photos.forEach((photo, slot) => fs.writeFileSync(path.join(dir, `c${chapter.number}-${slot}.jpg`), photo.data));
  if (chapter.photos[0]) md.push(`![](${path.join(dir, `c${chapter.number}-0.jpg`)})\n`);
  chapter.paragraphs.forEach((p, i) => {
    if (i === Math.floor(chapter.paragraphs.length / 2) && chapter.photos[1])
      md.push(`![](${path.join(dir, `c${chapter.number}-1.jpg`)})\n`);
    md.push(`${p}\n`);
  });
}
md.push(`# ${book.labels.summary}\n`, ...book.summary.map((p) => `${p}\n`));
fs.writeFileSync(path.join(dir, 'book.md'), md.join('\n'));
fs.writeFileSync(path.join(dir, 'cover.jpg'), book.cover!.data);
const pandoc = (out: string, extra: string[] = []) => {
  const start = performance.now();
  execFileSync('pandoc', [path.join(dir, 'book.md'), '-o', path.join(dir, out), ...extra], { stdio: 'inherit' });
  return { ms: performance.now() - start, size: fs.statSync(path.join(dir, out)).size };
};
const pandocEpub = pandoc('book.epub', ['--epub-cover-image', path.join(dir, 'cover.jpg')]);
const pandocDocx = pandoc('book.docx');
fs.rmSync(dir, { recursive: true, force: true });

const f = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
console.log(`photos made safe (61, sharp): ${f(photosMs)}`);
console.log(`PDF  (A5, ${pageCount} pages, ${mb(pdf.length)}): ${f(pdfMs)}`);
console.log(`EPUB (${mb(epub.length)}): ${f(epubMs)}`);
console.log(`DOCX (${mb(docx.length)}): ${f(docxMs)}`);
console.log(`pandoc EPUB (${mb(pandocEpub.size)}): ${f(pandocEpub.ms)}; pandoc DOCX (${mb(pandocDocx.size)}): ${f(pandocDocx.ms)}`);
console.log(`full export (photos + PDF + EPUB, as postGenerateBook): ${fullRuns.map(f).join(', ')}; median ${f(fullMs)}`);
console.log(
  `re-export after one chapter changed (1 chapter laid out, photos kept; ${mb(keptBytes)} of layouts kept): ${reRuns.map(f).join(', ')}; median ${f(reMs)}`,
);
figure({
  name: 'export: PDF + EPUB + DOCX of 100 000 words, 61 photos (one thread)',
  value: round(pdfMs + epubMs + docxMs),
  unit: 'ms',
  anchor: 'pandoc, markdown → EPUB + DOCX of the same book',
  anchorValue: round(pandocEpub.ms + pandocDocx.ms),
  goal: '≤ 0.5 × pandoc EPUB + DOCX',
});
figure({
  name: 're-export after one chapter changed (PDF + EPUB)',
  value: round(reMs),
  unit: 'ms',
  anchor: 'the full export: photos made safe + PDF + EPUB, nothing kept',
  anchorValue: round(fullMs),
  goal: '≤ 0.15 × the full export',
});
console.log(
  `load average now: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} CPUs`,
);
