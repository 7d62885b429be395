import { z } from 'zod';
import { MAX_IMAGE_BYTES } from '../constants';
import { defineCall, type MultipartForm } from './contract';
import { BookIdBodySchema, BookListItemSchema, CreateBookFieldsSchema, CreatedBookSchema } from '../schemas/books';
import { COVER_IMAGE_KEY } from '../schemas/workspace';

/** Largest manuscript accepted at book creation (.docx, .doc, .rtf, .txt). */
export const MAX_DOCUMENT_BYTES = 10_000_000;

/** The book-creation form (spec section 7): its fields, an optional cover and an optional manuscript. */
const createBookForm = {
  fields: CreateBookFieldsSchema,
  files: {
    cover: { maxBytes: MAX_IMAGE_BYTES, tooBig: 'books.image_too_big' },
    [COVER_IMAGE_KEY]: { maxBytes: MAX_IMAGE_BYTES, tooBig: 'books.image_too_big' },
    word_file: { maxBytes: MAX_DOCUMENT_BYTES, tooBig: 'books.document_too_big' },
  },
} satisfies MultipartForm;

/** Books: creating one, My Books, deleting (renaming is the workspace's updateBookAttribute, images its sessionImage). */
export const booksApi = {
  getGenerateCategoriesWithQuestions: defineCall({
    method: 'POST',
    path: '/getGenerateCategoriesWithQuestions',
    scope: 'user',
    multipart: createBookForm,
    response: CreatedBookSchema,
  }),
  /** A guest's book: kept under the guest token returned once, until the guest signs in. */
  getGenerateCategoriesWithQuestionsAsGuest: defineCall({
    method: 'POST',
    path: '/getGenerateCategoriesWithQuestionsAsGuest',
    scope: 'public',
    multipart: createBookForm,
    response: CreatedBookSchema,
  }),
  getUserSessions: defineCall({ method: 'GET', path: '/getUserSessions', scope: 'user', response: z.array(BookListItemSchema) }),
  deleteSessionById: defineCall({
    method: 'POST',
    path: '/deleteSessionById',
    scope: 'book',
    book: { in: 'body', key: 'id' },
    body: BookIdBodySchema,
    response: z.object({ id: z.number() }),
  }),
};
