import contentDisposition from 'content-disposition';
import { exportsApi } from '@common/api/exports';
import type { TrimSize } from '@common/schemas/exports';
import { notFound } from '../http/errors';
import { routesOf } from '../http/routes';
import { limitByUser } from '../rate-limit';
import { readImage, type BookImage } from './images';
import { CONTENT_TYPES, generateBook, readBookFile } from './service';
import { fileSlug } from './text';

/** Book files one user may have made per hour: each costs seconds of typesetting. */
export const EXPORTS_LIMIT = { max: 30, windowMs: 60 * 60 * 1000 };

export const exportsRoutes = routesOf(exportsApi, (ctx) => ({
  postGenerateBook: {
    limit: [limitByUser(ctx.db, 'exports', EXPORTS_LIMIT)],
    handler: async (request) => {
      const uploads = new Map<string, BookImage>();
      for (const [key, file] of Object.entries(request.uploads)) {
        if (file) uploads.set(key, await readImage(file.data));
      }
      const row = request.book;
      const user = request.user;
      const author = `${user.first_name} ${user.last_name}`.trim();
      const trim: TrimSize = request.body.trim_size ?? 'a5';
      const { book, chaptersLaidOut, photosMade } = await generateBook(ctx, row, { author, uploads, trim });
      request.log.info({ sessionId: row.id, pages: book.page_count, chaptersLaidOut, photosMade }, 'book files generated');
      return { success: book };
    },
  },

  bookFile: async (request, reply) => {
    const row = request.book;
    const data = await readBookFile(ctx, row, request.params.file);
    if (!data) throw notFound('exports.file_not_found');
    const extension = request.params.file.split('.')[1];
    const name = `${fileSlug(row.book_name)}.${extension}`;
    return reply
      .type(CONTENT_TYPES[request.params.file])
      .header('content-disposition', contentDisposition(name))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(data);
  },
}));
