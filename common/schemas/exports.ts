import { z } from 'zod';
import { IdParam } from './api';

/** The book files a download produces; served only to the owner under /api/bookFile/{id}/{file}. */
export const BOOK_FILES = ['book.pdf', 'book.epub', 'book.docx'] as const;
export type BookFile = (typeof BOOK_FILES)[number];
export const TRIM_SIZES = ['a5', '6x9'] as const;
export type TrimSize = (typeof TRIM_SIZES)[number];

/** POST /api/postGenerateBook answer: relative URLs and the file names to save them under. */
export const GeneratedBookSchema = z.object({
  url: z.string(),
  name: z.string(),
  epub_url: z.string(),
  epub_name: z.string(),
  docx_url: z.string(),
  docx_name: z.string(),
  page_count: z.number().int(),
});
export type GeneratedBook = z.infer<typeof GeneratedBookSchema>;

/** The text fields of the postGenerateBook form (multipart; photos ride beside them under their image keys). */
export const GenerateBookFieldsSchema = z.object({
  service_session_id: IdParam,
  trim_size: z.enum(TRIM_SIZES).optional(),
});

export const BookFileParams = z.object({
  id: IdParam,
  file: z.enum(BOOK_FILES),
});
