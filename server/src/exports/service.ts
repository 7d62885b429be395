import { createHash } from 'node:crypto';
import { LANGUAGES, type Language } from '@common/constants';
import type { BookFile, GeneratedBook, TrimSize } from '@common/schemas/exports';
import { COVER_IMAGE_KEY, chapterPhotoKey } from '@common/schemas/workspace';
import type { AppContext } from '../app';
import { bookExportsPrefix, sessionFileKey } from '../books/files';
import { parseCheckpoint, type SessionRow } from '../books/repository';
import { bookCredits } from '../family/repository';
import { AppError } from '../http/errors';
import type { BookSource } from './book';
import { readStoredImage, type BookImage } from './images';
import { runExport } from './pool';
import { fileSlug } from './text';
import type { ExportJob } from './worker';

const exportKey = (sessionId: number, file: BookFile) => `${bookExportsPrefix(sessionId)}${file}`;
/**
 * What an export keeps for the next one, beside the book's files (so it goes with the book when the
 * book or its account is deleted, and is shared by every node with S3 storage): the chapters' layouts
 * per trim size (pdf/chapter-cache.ts) and each photo as made safe for the book (`readBookImage`).
 */
const cachePrefix = (sessionId: number) => `${bookExportsPrefix(sessionId)}cache/`;
const typesetCacheKey = (sessionId: number, trim: TrimSize) => `${cachePrefix(sessionId)}typeset-${trim}.json.gz`;
const photoCacheKey = (sessionId: number, imageKey: string) => `${cachePrefix(sessionId)}${imageKey}.jpg`;
/** A cached photo: the SHA-256 of the stored file it was made from, its width and height, then the JPEG. */
const PHOTO_HEADER = 32 + 4 + 4;

/**
 * A stored photo made safe for the book files (re-checked and re-encoded by sharp: files stored
 * before uploads were checked may be anything). The result is kept beside the exports, tagged with
 * the hash of the stored file, so the next export of the book decodes and encodes only the photos
 * that changed.
 */
async function readBookImage(
  ctx: AppContext,
  sessionId: number,
  imageKey: string,
  data: Buffer,
  made: () => void,
): Promise<BookImage | null> {
  const hash = createHash('sha256').update(data).digest();
  const key = photoCacheKey(sessionId, imageKey);
  const cached = await ctx.storage.get(key);
  if (cached && cached.length > PHOTO_HEADER && cached.subarray(0, 32).equals(hash))
    return { data: cached.subarray(PHOTO_HEADER), type: 'jpeg', width: cached.readUInt32BE(32), height: cached.readUInt32BE(36) };
  const image = await readStoredImage(data);
  made();
  if (!image) return null;
  const header = Buffer.alloc(PHOTO_HEADER);
  hash.copy(header);
  header.writeUInt32BE(image.width, 32);
  header.writeUInt32BE(image.height, 36);
  await ctx.storage.put(key, Buffer.concat([header, image.data]), 'application/octet-stream');
  return image;
}

export const CONTENT_TYPES: Record<BookFile, string> = {
  'book.pdf': 'application/pdf',
  'book.epub': 'application/epub+zip',
  'book.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/**
 * What the worker needs to make a book's files: its text, its language and its photos (uploaded ones
 * win over stored ones); `photosMade`: the stored photos re-encoded now (the others came from the cache).
 */
export async function loadBookSource(ctx: AppContext, row: SessionRow, author: string, uploads: Map<string, BookImage>) {
  const checkpoint = parseCheckpoint(row);
  const images = new Map<string, BookImage>(uploads);
  const keys = [COVER_IMAGE_KEY, ...checkpoint.data.flatMap((c) => [chapterPhotoKey(c.id, 0), chapterPhotoKey(c.id, 1)])];
  let photosMade = 0;
  await Promise.all(
    keys
      .filter((key) => !images.has(key))
      .map(async (key) => {
        const data = await ctx.storage.get(sessionFileKey(row.id, key));
        const image = data ? await readBookImage(ctx, row.id, key, data, () => (photosMade += 1)) : null;
        if (image) images.set(key, image);
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
  return { source, language, images, photosMade };
}

/** One export of a book at a time; the same export asked again meanwhile (a double click) shares the running one. */
const running = new Map<string, { fingerprint: string; job: Promise<unknown> }>();

function singleFlight<T>(key: string, job: ExportJob, run: () => Promise<T>): Promise<T> {
  const hash = createHash('sha256').update(JSON.stringify({ ...job, images: undefined, typesetCache: undefined }));
  for (const [imageKey, image] of [...('images' in job ? job.images : [])].sort(([a], [b]) => a.localeCompare(b)))
    hash.update(imageKey).update(image.data);
  const fingerprint = hash.digest('hex');
  const current = running.get(key);
  if (current?.fingerprint === fingerprint) return current.job as Promise<T>;
  const job$ = (current?.job ?? Promise.resolve()).catch(() => undefined).then(run);
  const entry = { fingerprint, job: job$ };
  running.set(key, entry);
  const forget = () => {
    if (running.get(key) === entry) running.delete(key);
  };
  job$.then(forget, forget);
  return job$;
}

/** Runs an export in the worker pool; a worker stopped by its memory limit refuses the book (413), the server keeps serving. */
export async function exportFiles(job: ExportJob) {
  try {
    return await runExport(job);
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw new AppError(413, 'exports.too_heavy');
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
  const { source, language, images, photosMade } = await loadBookSource(ctx, row, input.author, input.uploads);
  const job: ExportJob = { kind: 'pdf+epub', source, language, images, trim, identifier: `urn:plume:book:${row.id}` };
  const { title, pageCount, chaptersLaidOut } = await singleFlight(`${row.id}:pdf+epub`, job, async () => {
    const cacheKey = typesetCacheKey(row.id, trim);
    const result = await exportFiles({ ...job, typesetCache: await ctx.storage.get(cacheKey) });
    await Promise.all([
      result.typesetCache && ctx.storage.put(cacheKey, Buffer.from(result.typesetCache), 'application/gzip'),
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
  return { book, chaptersLaidOut: chaptersLaidOut ?? 0, photosMade };
}

const docxOptionsKey = (sessionId: number) => `${bookExportsPrefix(sessionId)}docx-options.json`;

/** The stored file of a book; the DOCX is made from the stored book on its first request after a generation. */
export async function readBookFile(ctx: AppContext, row: SessionRow, file: BookFile): Promise<Buffer | null> {
  const stored = await ctx.storage.get(exportKey(row.id, file));
  if (stored || file !== 'book.docx') return stored;
  const options = await ctx.storage.get(docxOptionsKey(row.id));
  if (!options) return null;
  const { trim, author } = JSON.parse(options.toString('utf8')) as { trim: TrimSize; author: string };
  const { source, language, images } = await loadBookSource(ctx, row, author, new Map());
  const job: ExportJob = { kind: 'docx', source, language, images, trim };
  return singleFlight(`${row.id}:docx`, job, async () => {
    const docx = (await exportFiles(job)).files['book.docx'];
    await ctx.storage.put(exportKey(row.id, 'book.docx'), docx, CONTENT_TYPES['book.docx']);
    return docx;
  });
}
