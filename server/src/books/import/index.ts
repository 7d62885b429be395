import { MAX_DOCUMENT_BYTES } from '@common/api/books';
import { AppError } from '../../http/errors';
import { readDoc } from './doc';
import { readDocx } from './docx';
import {
  cleanManuscript,
  distinctChapters,
  splitIntoBook,
  splitIntoChapters,
  type Block,
  type ImportedBook,
  type ImportedChapter,
} from './split';

export type { ImportedBook, ImportedChapter } from './split';

/** Largest manuscript text accepted (characters, about 170 000 words). */
const MAX_DOCUMENT_CHARS = 1_000_000;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** An encrypted .docx is a compound file holding an `EncryptedPackage` stream. */
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');

/**
 * A .doc or .docx manuscript → chapters. The file's content decides how it is read (never its
 * name alone); every failure is an AppError with a translated code, never a crash.
 */
export async function importManuscript(buffer: Buffer, filename: string): Promise<ImportedChapter[]> {
  // the book's own parts stay in reading order here (a print interior typesets them as they are)
  const chapters = distinctChapters(splitIntoChapters(cleanManuscript(await readManuscript(buffer, filename))));
  if (chapters.length === 0) throw new AppError(400, 'books.document_empty');
  return chapters;
}

/** A manuscript → a book: 'Introduction' and 'Conclusion'/'Summary' fill those parts, the rest are chapters. */
export async function importBook(buffer: Buffer, filename: string): Promise<ImportedBook> {
  const book = splitIntoBook(await readManuscript(buffer, filename));
  if (book.chapters.length === 0 && !book.introduction.length && !book.summary.length) throw new AppError(400, 'books.document_empty');
  return book;
}

async function readManuscript(buffer: Buffer, filename: string): Promise<Block[]> {
  if (!/\.docx?$/i.test(filename)) throw new AppError(415, 'books.document_wrong_type');
  if (buffer.length === 0) throw new AppError(400, 'books.document_empty');
  if (buffer.length > MAX_DOCUMENT_BYTES) throw new AppError(413, 'books.document_too_big');
  let blocks;
  if (buffer.subarray(0, 4).equals(ZIP_MAGIC)) {
    blocks = await readDocx(buffer);
  } else if (buffer.subarray(0, 8).equals(CFB_MAGIC)) {
    if (buffer.includes(ENCRYPTED_PACKAGE)) throw new AppError(400, 'books.document_encrypted');
    blocks = await readDoc(buffer);
  } else {
    // A renamed text file, a PDF, an RTF…
    throw new AppError(415, 'books.document_wrong_type');
  }
  const characters = blocks.reduce((n, b) => n + (b.kind === 'page_break' ? 0 : b.text.length), 0);
  if (characters > MAX_DOCUMENT_CHARS) throw new AppError(413, 'books.document_too_long');
  return blocks;
}
