import { LANGUAGES, type Language } from '@common/constants';
import type { BookFile, GeneratedBook, TrimSize } from '@common/schemas/exports';
import { COVER_IMAGE_KEY, chapterPhotoKey } from '@common/schemas/workspace';
import type { AppContext } from '../app';
import { bookExportsPrefix, sessionFileKey } from '../books/files';
import { parseCheckpoint, type SessionRow } from '../books/repository';
import { bookCredits } from '../family/repository';
import { AppError } from '../http/errors';
import type { BookSource } from './book';
import type { BookImage } from './images';
import type { StoredPhoto } from './photos';
import { EXPORT_PROCESS_EXIT, runExport } from './pool';
import { fileSlug } from './text';
import type { ExportJob } from './worker';

const exportKey = (sessionId: number, file: BookFile) => `${bookExportsPrefix(sessionId)}${file}`;
/**
 * What an export keeps for the next one, beside the book's files (so it goes with the book when the
 * book or its account is deleted, and is shared by every node with S3 storage): the chapters' layouts
 * per trim size (pdf/chapter-cache.ts) and each photo as made safe for the book (`readBookImage`).
 */
const cachePrefix = (sessionId: number) => `${bookExportsPrefix(sessionId)}cache/`;
const typesetCacheKey = (sessionId: number, trim: TrimSize) => `${cachePrefix(sessionId)}typeset-${trim}.bin`;
const photoCacheKey = (sessionId: number, imageKey: string) => `${cachePrefix(sessionId)}${imageKey}.jpg`;

/** Stores the photos an export made safe (`kept`, photos.ts), for the next export of the book. */
export async function keepPhotos(ctx: AppContext, sessionId: number, kept: Record<string, Uint8Array> | undefined) {
  await Promise.all(
    Object.entries(kept ?? {}).map(([imageKey, bytes]) =>
      ctx.storage.put(
        photoCacheKey(sessionId, imageKey),
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        'application/octet-stream',
      ),
    ),
  );
}

export const CONTENT_TYPES: Record<BookFile, string> = {
  'book.pdf': 'application/pdf',
  'book.epub': 'application/epub+zip',
  'book.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/**
 * What the worker needs to make a book's files: its text, its language, the uploaded photos (made safe
 * already) and the stored ones as they are in storage, with what the previous export kept of each. The
 * photos are checked and re-encoded in the worker (photos.ts): nothing here decodes or hashes them.
 */
export async function loadBookSource(ctx: AppContext, row: SessionRow, author: string, uploads: Map<string, BookImage>) {
  const checkpoint = parseCheckpoint(row);
  const keys = [COVER_IMAGE_KEY, ...checkpoint.data.flatMap((c) => [chapterPhotoKey(c.id, 0), chapterPhotoKey(c.id, 1)])];
  const stored = new Map<string, StoredPhoto>();
  await Promise.all(
    keys
      .filter((key) => !uploads.has(key))
      .map(async (key) => {
        const data = await ctx.storage.get(sessionFileKey(row.id, key));
        if (data) stored.set(key, { data, kept: await ctx.storage.get(photoCacheKey(row.id, key)) });
      }),
  );
  const language: Language = (LANGUAGES as readonly string[]).includes(checkpoint.language ?? row.language)
    ? ((checkpoint.language ?? row.language) as Language)
    : 'en';
  const source: BookSource = {
    book_name: row.book_name,
    introduction: row.introduction,
    book_summary: row.book_summary,
    language,
    checkpoint,
    author,
    credits: await bookCredits(ctx.db, row.id),
  };
  return { source, language, images: uploads, stored };
}

/** One export of a book at a time; the same export asked again meanwhile (a double click) shares the running one. */
const running = new Map<string, { job: ExportJob; result: Promise<unknown> }>();

/** The photos of an export, uploaded and stored, by key. */
const photosOf = (job: ExportJob) =>
  new Map<string, Uint8Array>([
    ...('images' in job ? [...job.images].map(([key, image]) => [key, image.data] as const) : []),
    ...('stored' in job && job.stored ? [...job.stored].map(([key, photo]) => [`stored:${key}`, photo.data] as const) : []),
  ]);

/**
 * Whether two asks make the same files: the same text and options, the same photos byte for byte. Compared only
 * when an export of the book is running (a double click), and by comparing, not hashing: a book's photos hashed
 * on every export held the request thread ~0.6–0.9 ms per megabyte (measured here).
 */
function sameExport(a: ExportJob, b: ExportJob): boolean {
  const rest = (job: ExportJob) => JSON.stringify({ ...job, images: undefined, stored: undefined, typesetCache: undefined });
  const [photosA, photosB] = [photosOf(a), photosOf(b)];
  if (photosA.size !== photosB.size || rest(a) !== rest(b)) return false;
  return [...photosA].every(([key, bytes]) => {
    const other = photosB.get(key);
    return other !== undefined && Buffer.compare(bytes, other) === 0;
  });
}

function singleFlight<T>(key: string, job: ExportJob, run: () => Promise<T>): Promise<T> {
  const current = running.get(key);
  if (current && sameExport(current.job, job)) return current.result as Promise<T>;
  const result = (current?.result ?? Promise.resolve()).catch(() => undefined).then(run);
  const entry = { job, result };
  running.set(key, entry);
  const forget = () => {
    if (running.get(key) === entry) running.delete(key);
  };
  result.then(forget, forget);
  return result;
}

/** Runs an export in the process pool; a process that died under it (past its memory limit) refuses the book (413), the server keeps serving. */
export async function exportFiles(job: ExportJob) {
  try {
    return await runExport(job);
  } catch (error) {
    if ((error as { code?: string }).code === EXPORT_PROCESS_EXIT) throw new AppError(413, 'exports.too_heavy');
    throw error;
  }
}

/**
 * postGenerateBook: makes the PDF and the EPUB of a book (in the export pool) and stores them under
 * `exports/{id}/`, to be fetched by the owner from /api/bookFile/{id}/{file}. The DOCX is made on its
 * first request (`readBookFile`), so the two files everyone downloads come sooner. Besides the
 * answer: the chapters laid out and the stored photos re-encoded by this export (the rest came from
 * what the previous export kept).
 */
export async function generateBook(
  ctx: AppContext,
  row: SessionRow,
  input: { author: string; uploads: Map<string, BookImage>; trim?: TrimSize },
): Promise<{ book: GeneratedBook; chaptersLaidOut: number; photosMade: number }> {
  const trim = input.trim ?? 'a5';
  const { source, language, images, stored } = await loadBookSource(ctx, row, input.author, input.uploads);
  const job: ExportJob = { kind: 'pdf+epub', source, language, images, stored, trim, identifier: `urn:plume:book:${row.id}` };
  const { title, pageCount, chaptersLaidOut, photosMade } = await singleFlight(`${row.id}:pdf+epub`, job, async () => {
    const cacheKey = typesetCacheKey(row.id, trim);
    const result = await exportFiles({ ...job, typesetCache: await ctx.storage.get(cacheKey) });
    await Promise.all([
      keepPhotos(ctx, row.id, result.keptPhotos),
      result.typesetCache && ctx.storage.put(cacheKey, Buffer.from(result.typesetCache), 'application/octet-stream'),
      ctx.storage.put(exportKey(row.id, 'book.pdf'), result.files['book.pdf'], CONTENT_TYPES['book.pdf']),
      ctx.storage.put(exportKey(row.id, 'book.epub'), result.files['book.epub'], CONTENT_TYPES['book.epub']),
      ctx.storage.put(docxOptionsKey(row.id), Buffer.from(JSON.stringify({ trim, author: input.author })), 'application/json'),
      ctx.storage.delete(exportKey(row.id, 'book.docx')),
    ]);
    return result;
  });
  const slug = fileSlug(title);
  const url = (file: BookFile) => `/api/bookFile/${row.id}/${file}`;
  const book: GeneratedBook = {
    url: url('book.pdf'),
    name: `${slug}.pdf`,
    epub_url: url('book.epub'),
    epub_name: `${slug}.epub`,
    docx_url: url('book.docx'),
    docx_name: `${slug}.docx`,
    page_count: pageCount ?? 0,
  };
  return { book, chaptersLaidOut: chaptersLaidOut ?? 0, photosMade: photosMade ?? 0 };
}

const docxOptionsKey = (sessionId: number) => `${bookExportsPrefix(sessionId)}docx-options.json`;

/** The stored file of a book; the DOCX is made from the stored book on its first request after a generation. */
export async function readBookFile(ctx: AppContext, row: SessionRow, file: BookFile): Promise<Buffer | null> {
  const made = await ctx.storage.get(exportKey(row.id, file));
  if (made || file !== 'book.docx') return made;
  const options = await ctx.storage.get(docxOptionsKey(row.id));
  if (!options) return null;
  const { trim, author } = JSON.parse(options.toString('utf8')) as { trim: TrimSize; author: string };
  const { source, language, images, stored } = await loadBookSource(ctx, row, author, new Map());
  const job: ExportJob = { kind: 'docx', source, language, images, stored, trim };
  return singleFlight(`${row.id}:docx`, job, async () => {
    const result = await exportFiles(job);
    const docx = result.files['book.docx'];
    await Promise.all([
      ctx.storage.put(exportKey(row.id, 'book.docx'), docx, CONTENT_TYPES['book.docx']),
      keepPhotos(ctx, row.id, result.keptPhotos),
    ]);
    return docx;
  });
}
