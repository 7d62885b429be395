import { booksApi } from '@common/api/books';
import type { BookListItem } from '@common/schemas/books';
import { COVER_IMAGE_KEY, sessionImagePath } from '@common/schemas/workspace';
import type { Config } from '../config';
import { newToken, hashToken } from '../auth/tokens';
import { routesOf } from '../http/routes';
import { storedJson } from '../http/serializer';
import { createGenerationProvider } from '../providers/generation';
import { toBool } from '../db';
import { limitByIp, limitByUser } from '../rate-limit';
import { createBook, DELETE_BOOKS_LIMIT, GUEST_BOOKS_LIMIT, USER_BOOKS_LIMIT } from './create-book';
import { deleteBookFiles } from './files';
import { listUserSessionRows, softDeleteSession } from './repository';
import type { ChapterTailor } from './tailor';

export const booksRoutes = routesOf(booksApi, (ctx, log) => {
  const { db, config } = ctx;
  const tailor = chapterTailorOf(config, log);
  return {
    /** Signed in: the book belongs to the user. */
    getGenerateCategoriesWithQuestions: {
      limit: [limitByUser(db, 'books:create', USER_BOOKS_LIMIT)],
      handler: async (request) => {
        const form = { fields: request.body, files: request.uploads };
        const session = await createBook(ctx, { form, lng: request.lng, owner: { userId: request.user.id }, tailor });
        return { success: session };
      },
    },

    /** Guest: the book is kept under a guest token (returned once) until the guest signs in. */
    getGenerateCategoriesWithQuestionsAsGuest: {
      limit: [limitByIp(db, 'books:guest_create', GUEST_BOOKS_LIMIT)],
      handler: async (request) => {
        const form = { fields: request.body, files: request.uploads };
        const guestToken = newToken();
        const session = await createBook(ctx, { form, lng: request.lng, owner: { guestTokenHash: hashToken(guestToken) }, tailor });
        return { success: { ...session, guest_token: guestToken } };
      },
    },

    /** My Books: the user's books, newest-updated first, with light chapter data. */
    getUserSessions: async (request) => {
      const rows = await listUserSessionRows(db, request.user.id);
      return { success: rows.map(presentListItem) };
    },

    deleteSessionById: {
      limit: [limitByIp(db, 'books:delete', DELETE_BOOKS_LIMIT)],
      handler: async (request) => {
        await softDeleteSession(db, request.book.id);
        await deleteBookFiles(ctx, request.book.id);
        return { success: { id: request.book.id } };
      },
    },
  };
});

/**
 * With a model configured (GENERATION_BASE_URL), new books get the bank's chapters tailored to
 * their subject; every provider call of that step ends within GENERATION_TAILOR_TIMEOUT_MS.
 * Offline (the default) the bank's chapters are used as they are.
 */
function chapterTailorOf(config: Config, log: ChapterTailor['log']): ChapterTailor | null {
  if (!config.GENERATION_BASE_URL) return null;
  const timeoutMs = config.GENERATION_TAILOR_TIMEOUT_MS;
  const provider = createGenerationProvider(
    { ...config, GENERATION_TIMEOUT_MS: Math.min(config.GENERATION_TIMEOUT_MS, timeoutMs) },
    { log },
  );
  return { provider, timeoutMs, log };
}

type ListRow = Awaited<ReturnType<typeof listUserSessionRows>>[number];

function presentListItem(row: ListRow): BookListItem {
  return {
    id: row.id,
    book_name: row.book_name,
    is_payed: toBool(row.is_payed),
    updated_at: row.updated_at,
    progress: row.list_progress,
    cover_url: row.cover_type ? sessionImagePath(row.id, COVER_IMAGE_KEY) : null,
    checkpoint_data: storedJson(row.list_summary),
  };
}
