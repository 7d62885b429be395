import { LANGUAGES, type Language } from '@common/constants';
import type { BookFile, GeneratedBook, TrimSize } from '@common/schemas/exports';
import { COVER_IMAGE_KEY, chapterPhotoKey } from '@common/schemas/workspace';
import type { AppContext } from '../app';
import { sessionFileKey } from '../books/files';
import { parseCheckpoint, type SessionRow } from '../books/repository';
import { buildBookContent, bookLabels, type BookContent } from './book';
import { writeDocx } from './docx/docx';
import { writeEpub } from './epub/epub';
import type { BookImage } from './images';
import { readImage } from './images';
import { typesetBook } from './pdf';
import { fileSlug } from './text';

const exportKey = (sessionId: number, file: BookFile) => `exports/${sessionId}/${file}`;

export const CONTENT_TYPES: Record<BookFile, string> = {
  'book.pdf': 'application/pdf',
  'book.epub': 'application/epub+zip',
  'book.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The image keys a book can have: the cover and two slots per chapter. */
function imageKeysOf(row: SessionRow): string[] {
  const checkpoint = parseCheckpoint(row);
  return [COVER_IMAGE_KEY, ...checkpoint.data.flatMap((c) => [chapterPhotoKey(c.id, 0), chapterPhotoKey(c.id, 1)])];
}

/** The book as the files print it: uploaded photos win, then those stored for the book. */
async function loadBookContent(ctx: AppContext, row: SessionRow, author: string, uploads: Map<string, BookImage>): Promise<BookContent> {
  const checkpoint = parseCheckpoint(row);
  const images = new Map<string, BookImage>(uploads);
  await Promise.all(
    imageKeysOf(row)
      .filter((key) => !images.has(key))
      .map(async (key) => {
        const data = await ctx.storage.get(sessionFileKey(row.id, key));
        const image = data ? readImage(data) : null;
        if (image) images.set(key, image);
      }),
  );
  const language: Language = (LANGUAGES as readonly string[]).includes(checkpoint.language ?? row.language) ? ((checkpoint.language ?? row.language) as Language) : 'en';
  return buildBookContent(
    { book_name: row.book_name, introduction: row.introduction, book_summary: row.book_summary, language, checkpoint, author },
    images,
    bookLabels(ctx.translate, language),
  );
}

export interface BookFiles {
  pdf: Buffer;
  epub: Buffer;
  pageCount: number;
}

/** The PDF and the EPUB of a book, made side by side. */
async function makeBookFiles(book: BookContent, options: { trim?: TrimSize; identifier?: string } = {}): Promise<BookFiles> {
  const [typeset, epub] = await Promise.all([typesetBook(book, { trim: options.trim }), writeEpub(book, { identifier: options.identifier })]);
  return { pdf: typeset.pdf, epub, pageCount: typeset.pageCount };
}

/**
 * postGenerateBook: makes the PDF and the EPUB of a book and stores them under `exports/{id}/`,
 * to be fetched by the owner from /api/bookFile/{id}/{file}. The DOCX is made on its first
 * request (`ensureDocx`): the docx library zips synchronously (~1–4 s for 60 photos), which would
 * double the wait for the two files everyone downloads.
 */
export async function generateBook(
  ctx: AppContext,
  row: SessionRow,
  input: { author: string; uploads: Map<string, BookImage>; trim?: TrimSize },
): Promise<GeneratedBook> {
  const book = await loadBookContent(ctx, row, input.author, input.uploads);
  const files = await makeBookFiles(book, { trim: input.trim, identifier: `urn:plume:book:${row.id}` });
  await Promise.all([
    ctx.storage.put(exportKey(row.id, 'book.pdf'), files.pdf, CONTENT_TYPES['book.pdf']),
    ctx.storage.put(exportKey(row.id, 'book.epub'), files.epub, CONTENT_TYPES['book.epub']),
    ctx.storage.put(docxOptionsKey(row.id), Buffer.from(JSON.stringify({ trim: input.trim ?? 'a5', author: input.author })), 'application/json'),
    ctx.storage.delete(exportKey(row.id, 'book.docx')),
  ]);
  const slug = fileSlug(book.title);
  const url = (file: BookFile) => `/api/bookFile/${row.id}/${file}`;
  return {
    url: url('book.pdf'),
    name: `${slug}.pdf`,
    epub_url: url('book.epub'),
    epub_name: `${slug}.epub`,
    docx_url: url('book.docx'),
    docx_name: `${slug}.docx`,
    page_count: files.pageCount,
  };
}

const docxOptionsKey = (sessionId: number) => `exports/${sessionId}/docx-options.json`;

/** The stored file of a book; the DOCX is made from the stored book on its first request after a generation. */
export async function readBookFile(ctx: AppContext, row: SessionRow, file: BookFile): Promise<Buffer | null> {
  const stored = await ctx.storage.get(exportKey(row.id, file));
  if (stored || file !== 'book.docx') return stored;
  const options = await ctx.storage.get(docxOptionsKey(row.id));
  if (!options) return null;
  const { trim, author } = JSON.parse(options.toString('utf8')) as { trim: TrimSize; author: string };
  const book = await loadBookContent(ctx, row, author, new Map());
  const docx = await writeDocx(book, { trim });
  await ctx.storage.put(exportKey(row.id, 'book.docx'), docx, CONTENT_TYPES['book.docx']);
  return docx;
}
