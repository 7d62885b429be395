import { z } from 'zod';
import { MAX_IMAGE_BYTES } from '@common/constants';
import { successOf } from '@common/schemas/api';
import {
  BOOK_NAME_MAX_LENGTH,
  BookIdBodySchema,
  BookListItemSchema,
  CreatedBookSchema,
  SessionIdParamsSchema,
  UpdateBookNameBodySchema,
  type BookListItem,
} from '@common/schemas/books';
import { progressPercent } from '@common/rules/progress';
import { COVER_IMAGE_KEY } from '@common/schemas/workspace';
import type { AreaRoutes } from '../app';
import type { Config } from '../config';
import { optionalUser, requireUser } from '../auth/guard';
import { newToken, hashToken } from '../auth/tokens';
import { AppError, notFound } from '../http/errors';
import { createGenerationProvider } from '../providers/generation';
import { toBool } from '../db';
import { limitByIp } from '../rate-limit';
import { createBook, GUEST_BOOKS_LIMIT } from './create-book';
import { sessionFileKey } from './files';
import { readBookForm } from './form';
import { MAX_DOCUMENT_BYTES } from './import';
import { loadAccessibleSession } from './policy';
import { findSessionFile, listUserSessionRows, softDeleteSession, updateSessionAttribute } from './repository';
import type { ChapterTailor } from './tailor';

const FILE_LIMITS = { cover: MAX_IMAGE_BYTES, [COVER_IMAGE_KEY]: MAX_IMAGE_BYTES, word_file: MAX_DOCUMENT_BYTES };
const EXCERPT_CHARS = 160;

export const booksRoutes: AreaRoutes = (api, ctx) => {
  const { db, config } = ctx;
  const tailor = chapterTailorOf(config, (message, details) => api.log.warn({ ...details }, message));

  /** Signed in: the book belongs to the user. */
  api.post(
    '/getGenerateCategoriesWithQuestions',
    { preHandler: requireUser(db), schema: { response: { 200: successOf(CreatedBookSchema) } } },
    async (request) => {
      const form = await readBookForm(request, FILE_LIMITS);
      const session = await createBook(ctx, { form, lng: request.lng, owner: { userId: request.user!.id }, tailor });
      return { success: session };
    },
  );

  /** Guest: the book is kept under a guest token (returned once) until the guest signs in. */
  api.post(
    '/getGenerateCategoriesWithQuestionsAsGuest',
    { preHandler: limitByIp(db, 'books:guest_create', GUEST_BOOKS_LIMIT), schema: { response: { 200: successOf(CreatedBookSchema) } } },
    async (request) => {
      const form = await readBookForm(request, FILE_LIMITS);
      const guestToken = newToken();
      const session = await createBook(ctx, { form, lng: request.lng, owner: { guestTokenHash: hashToken(guestToken) }, tailor });
      return { success: { ...session, guest_token: guestToken } };
    },
  );

  /** My Books: the user's books, newest-updated first, with light chapter data. */
  api.get('/getUserSessions', { preHandler: requireUser(db), schema: { response: { 200: successOf(z.array(BookListItemSchema)) } } }, async (request) => {
    const rows = await listUserSessionRows(db, request.user!.id);
    return { success: rows.map(presentListItem) };
  });

  api.post(
    '/deleteSessionById',
    { preHandler: optionalUser(db), schema: { body: BookIdBodySchema, response: { 200: successOf(z.object({ id: z.number() })) } } },
    async (request) => {
      const row = await loadAccessibleSession(db, request, request.body.id);
      await softDeleteSession(db, row.id);
      return { success: { id: row.id } };
    },
  );

  /** The book-name update of My Books (the spec leaves its name open). */
  api.post(
    '/updateBookName',
    {
      preHandler: optionalUser(db),
      schema: { body: UpdateBookNameBodySchema, response: { 200: successOf(z.object({ id: z.number(), book_name: z.string(), updated_at: z.string() })) } },
    },
    async (request) => {
      const row = await loadAccessibleSession(db, request, request.body.id);
      const bookName = request.body.book_name.trim();
      if (!bookName) throw new AppError(400, 'books.book_name_required');
      if (bookName.length > BOOK_NAME_MAX_LENGTH) throw new AppError(400, 'books.book_name_too_long');
      const updatedAt = await updateSessionAttribute(db, row.id, 'book_name', bookName);
      return { success: { id: row.id, book_name: bookName, updated_at: updatedAt } };
    },
  );

  /** A book's cover image, to its owner only (user bearer token or guest X-Guest-Token). */
  api.get('/sessionCover/:id', { preHandler: optionalUser(db), schema: { params: SessionIdParamsSchema } }, async (request, reply) => {
    const row = await loadAccessibleSession(db, request, request.params.id);
    const file = await findSessionFile(db, row.id, COVER_IMAGE_KEY);
    const data = file ? await ctx.storage.get(sessionFileKey(row.id, COVER_IMAGE_KEY)) : null;
    if (!file || !data) throw notFound('books.cover_not_found');
    return reply
      .type(file.content_type)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(data);
  });
};

/**
 * With a model configured (GENERATION_BASE_URL), new books get the bank's chapters tailored to
 * their subject; every provider call of that step ends within GENERATION_TAILOR_TIMEOUT_MS.
 * Offline (the default) the bank's chapters are used as they are.
 */
function chapterTailorOf(config: Config, log: ChapterTailor['log']): ChapterTailor | null {
  if (!config.GENERATION_BASE_URL) return null;
  const timeoutMs = config.GENERATION_TAILOR_TIMEOUT_MS;
  const provider = createGenerationProvider({ ...config, GENERATION_TIMEOUT_MS: Math.min(config.GENERATION_TIMEOUT_MS, timeoutMs) }, { log });
  return { provider, timeoutMs, log };
}

type ListRow = Awaited<ReturnType<typeof listUserSessionRows>>[number];

function presentListItem(row: ListRow): BookListItem {
  let chapters: Array<{ id?: unknown; name?: unknown; generated_content?: unknown }> = [];
  let generalCategoryId = row.general_category_id;
  try {
    const checkpoint = JSON.parse(row.checkpoint_data) as { data?: unknown; general_category_id?: unknown };
    const data = checkpoint.data as unknown;
    chapters = Array.isArray(data) ? data : Array.isArray((data as { chapters?: unknown })?.chapters) ? (data as { chapters: [] }).chapters : [];
    if (typeof checkpoint.general_category_id === 'number') generalCategoryId = checkpoint.general_category_id;
  } catch {
    // an unreadable checkpoint lists as a book without chapters
  }
  const items = chapters.map((c, index) => ({
    id: typeof c.id === 'number' ? c.id : index + 1,
    name: typeof c.name === 'string' ? c.name : '',
    generated_content: typeof c.generated_content === 'string' ? c.generated_content.trim().slice(0, EXCERPT_CHARS) : '',
  }));
  return {
    id: row.id,
    book_name: row.book_name,
    is_payed: toBool(row.is_payed),
    updated_at: row.updated_at,
    progress: progressPercent(items),
    cover_url: row.cover_type ? `/api/sessionCover/${row.id}` : null,
    checkpoint_data: { general_category_id: generalCategoryId, data: items },
  };
}
