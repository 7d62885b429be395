/**
 * The export worker (run in an export process of server/src/exports/pool.ts, export-process.ts): builds the
 * book files outside the server's process. A thin call into the typesetting; everything it receives is plain data.
 */
import path from 'node:path';
import type { Language } from '@common/constants';
import type { TrimSize } from '@common/schemas/exports';
import { ROOT_DIR } from '../config';
import { createTranslator } from '../http/messages';
import { printedPages } from '@common/rules/printing';
import { importManuscript } from '../books/import';
import { AppError } from '../http/errors';
import { bookLabels, buildBookContent, type BookContent, type BookSource } from './book';
import { writeDocx } from './docx/docx';
import { writeEpub } from './epub/epub';
import type { BookImage } from './images';
import { bookImages, type StoredPhoto } from './photos';
import { ChapterCache, typesetBook } from './pdf';

/** What every export of a Plume book is given: the book, its photos (as stored, and as the last export kept them) and its trim. */
interface BookJob {
  source: BookSource;
  language: Language;
  images: Map<string, BookImage>;
  stored?: Map<string, StoredPhoto>;
  trim: TrimSize;
}

export type ExportJob =
  | (BookJob & {
      kind: 'pdf+epub';
      identifier: string;
      /** The chapters' layouts kept by the book's previous export (pdf/chapter-cache.ts), if any. */
      typesetCache?: Uint8Array | null;
    })
  | (BookJob & { kind: 'docx' })
  /** The interior a printer receives (printing, issue 14): a Plume book, or an uploaded .docx read as the manuscript import does. */
  | (BookJob & { kind: 'print'; minPages: number })
  | { kind: 'print-docx'; docx: Uint8Array; title: string; author: string; language: Language; trim: TrimSize; minPages: number };

export interface ExportResult {
  /** Title as printed (for the file names). */
  title: string;
  files: Record<string, Uint8Array>;
  pageCount?: number;
  /** Print interiors: the pages of the text before the blank pages added for the binding. */
  contentPages?: number;
  /** A document the worker refused (damaged, empty…): the translated error to answer. */
  refused?: { status: number; code: string };
  /** The chapters' layouts of this export, to keep for the next one, and how many were laid out anew. */
  typesetCache?: Uint8Array;
  chaptersLaidOut?: number;
  /** The stored photos made safe by this export (photos.ts), to keep for the next one, and how many were made. */
  keptPhotos?: Record<string, Uint8Array>;
  photosMade?: number;
}

const translate = createTranslator(path.join(ROOT_DIR, 'locales'));
/** Bytes may arrive from the server as plain Uint8Arrays. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export async function runExport(job: ExportJob): Promise<ExportResult> {
  if (job.kind === 'print-docx') return printDocx(job);
  const { images, kept, photosMade } = await bookImages(job.images, job.stored);
  const photos = { keptPhotos: kept, photosMade };
  const book = buildBookContent(job.source, images, bookLabels(translate, job.language));
  if (job.kind === 'docx') return { title: book.title, files: { 'book.docx': await writeDocx(book, { trim: job.trim }) }, ...photos };
  if (job.kind === 'print') return { ...(await printInterior({ ...book, cover: null }, job)), ...photos };
  const cache = new ChapterCache(job.typesetCache && asBuffer(job.typesetCache));
  const [typeset, epub] = await Promise.all([
    typesetBook(book, { trim: job.trim, cache }),
    writeEpub(book, { identifier: job.identifier }),
  ]);
  return {
    title: book.title,
    files: { 'book.pdf': typeset.pdf, 'book.epub': epub },
    pageCount: typeset.pageCount,
    typesetCache: cache.toBytes(),
    chaptersLaidOut: cache.laidOut,
    ...photos,
  };
}

/** The interior for the printer: the book typeset on the print trim, without the reading copy's cover page, padded with blank pages. */
async function printInterior(book: BookContent, job: { trim: TrimSize; minPages: number }): Promise<ExportResult> {
  const typeset = await typesetBook(book, { trim: job.trim, padTo: (pages) => printedPages(pages, job.minPages) });
  return { title: book.title, files: { 'interior.pdf': typeset.pdf }, pageCount: typeset.pageCount, contentPages: typeset.contentPages };
}

/** A .docx read by the manuscript import (mammoth, zip-bomb checks) into chapters, then typeset as a book. */
async function printDocx(job: Extract<ExportJob, { kind: 'print-docx' }>): Promise<ExportResult> {
  let chapters;
  try {
    chapters = await importManuscript(asBuffer(job.docx), 'document.docx');
  } catch (error) {
    if (error instanceof AppError) return { title: job.title, files: {}, refused: { status: error.statusCode, code: error.code } };
    throw error;
  }
  const source: BookSource = {
    book_name: job.title,
    introduction: '',
    book_summary: '',
    language: job.language,
    author: job.author,
    checkpoint: {
      data: chapters.map((chapter, index) => ({
        id: index + 1,
        name: chapter.name ?? '',
        questions: [],
        generated_content: chapter.paragraphs.join('\n\n'),
        generated_count: 0,
      })),
      lookups: { survey_questions: [] },
      general_category_id: 0,
      category_based_type_ids: [],
      services_with_plans: [],
      language: job.language,
    },
  };
  return printInterior(buildBookContent(source, new Map(), bookLabels(translate, job.language)), job);
}
