/**
 * The export worker (a worker thread of server/src/exports/pool.ts): builds the book files off the
 * request thread. A thin call into the typesetting; everything it receives is plain data.
 */
import path from 'node:path';
import type { Language } from '@common/constants';
import type { TrimSize } from '@common/schemas/exports';
import { ROOT_DIR } from '../config';
import { createTranslator } from '../http/messages';
import { bookLabels, buildBookContent, type BookSource } from './book';
import { writeDocx } from './docx/docx';
import { writeEpub } from './epub/epub';
import type { BookImage } from './images';
import { typesetBook } from './pdf';

export type ExportJob =
  | { kind: 'pdf+epub'; source: BookSource; language: Language; images: Map<string, BookImage>; trim: TrimSize; identifier: string }
  | { kind: 'docx'; source: BookSource; language: Language; images: Map<string, BookImage>; trim: TrimSize };

export interface ExportResult {
  /** Title as printed (for the file names). */
  title: string;
  files: Record<string, Uint8Array>;
  pageCount?: number;
}

const translate = createTranslator(path.join(ROOT_DIR, 'locales'));
/** Buffers arrive from the main thread as plain Uint8Arrays. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export async function runExport(job: ExportJob): Promise<ExportResult> {
  const images = new Map([...job.images].map(([key, image]) => [key, { ...image, data: asBuffer(image.data) }]));
  const book = buildBookContent(job.source, images, bookLabels(translate, job.language));
  if (job.kind === 'docx') return { title: book.title, files: { 'book.docx': await writeDocx(book, { trim: job.trim }) } };
  const [typeset, epub] = await Promise.all([typesetBook(book, { trim: job.trim }), writeEpub(book, { identifier: job.identifier })]);
  return { title: book.title, files: { 'book.pdf': typeset.pdf, 'book.epub': epub }, pageCount: typeset.pageCount };
}
