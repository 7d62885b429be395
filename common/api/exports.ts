import { MAX_IMAGE_BYTES } from '../constants';
import { defineCall } from './contract';
import { BookFileParams, GenerateBookFieldsSchema, GeneratedBookSchema } from '../schemas/exports';
import { IMAGE_KEY_PATTERN } from '../schemas/workspace';

/** The book files (spec section 7, postGenerateBook): signed-in owners only. */
export const exportsApi = {
  /** The form: service_session_id, optional trim_size, photos under their image keys (JPEG/PNG ≤ 300 KB). */
  postGenerateBook: defineCall({
    method: 'POST',
    path: '/postGenerateBook',
    scope: 'user',
    book: { in: 'body', key: 'service_session_id' },
    multipart: {
      fields: GenerateBookFieldsSchema,
      files: {},
      keyedFiles: {
        pattern: IMAGE_KEY_PATTERN,
        maxBytes: MAX_IMAGE_BYTES,
        maxCount: 1 + 200 * 2,
        tooBig: 'exports.image_too_big',
        badKey: 'exports.image_key',
      },
      // the web sends none (the server reads the stored photos): a bound on memory, not a product limit
      maxTotalBytes: { max: 10 * 1024 * 1024, tooBig: 'exports.uploads_too_big' },
    },
    response: GeneratedBookSchema,
  }),
  /** A generated file (PDF, EPUB, DOCX), as an attachment. */
  bookFile: defineCall({
    method: 'GET',
    path: '/bookFile/:id/:file',
    scope: 'user',
    book: { in: 'params', key: 'id' },
    params: BookFileParams,
  }),
};
