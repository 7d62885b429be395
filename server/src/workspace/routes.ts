import { workspaceApi } from '@common/api/workspace';
import { chapterIdOfImageKey } from '@common/schemas/workspace';
import { isChapterLocked } from '@common/rules/workspace-unpaid';
import { bookNameProblem } from '@common/rules/book-name';
import { deleteSessionImage, sessionFileKey, sessionImageThumbnail, storeSessionImage } from '../books/files';
import { findSessionFile, parseCheckpoint, unlockedChapterIds } from '../books/repository';
import { saveBookAttribute } from '../books/attributes';
import { keepBookTextChange } from '../generation/versions';
import { toBool } from '../db';
import { AppError, badRequest, notFound } from '../http/errors';
import { routesOf } from '../http/routes';
import { IMAGE_UPLOADS_LIMIT, normalizeImage } from '../images/normalize-image';
import { limitByIp, limitByRequester } from '../rate-limit';
import { presentWorkspace, unsubmittedChapterIds, upsertChapter, upsertCheckpoint } from './service';

/** Saves per requester and window: far above any writer (one save per pause in typing), low enough to stop a loop. */
export const SAVE_RATE_LIMIT = { max: 600, windowMs: 10 * 60_000 };

/**
 * The book workspace: read a book, save its checkpoint (version-checked), edit its title,
 * introduction and summary, check submitted chapters, and keep its images. Owners and guests
 * holding the book's guest token only (scope `book`, books/policy).
 */
export const workspaceRoutes = routesOf(workspaceApi, ({ db, storage, config }) => ({
  getSession: async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await presentWorkspace(db, request.book);
    return { success: { ...session, writing_assistant: Boolean(config.GENERATION_BASE_URL) } };
  },

  upSertSession: {
    limit: [limitByRequester(db, 'save', SAVE_RATE_LIMIT)],
    handler: async (request) => {
      const { checkpoint_data, version } = request.body;
      return { success: await upsertCheckpoint(db, storage, request.book, checkpoint_data, version) };
    },
  },

  upSertChapter: {
    // one budget for both kinds of save
    limit: [limitByRequester(db, 'save', SAVE_RATE_LIMIT)],
    handler: async (request) => {
      const { chapter, version } = request.body;
      return { success: await upsertChapter(db, request.book, chapter, version) };
    },
  },

  updateBookAttribute: async (request) => {
    const { id, attribute } = request.body;
    const value = attribute === 'book_name' ? request.body.value.trim() : request.body.value;
    const nameProblem = attribute === 'book_name' ? bookNameProblem(value) : null;
    if (nameProblem) throw badRequest(`books.${nameProblem}`);
    const updated_at = await saveBookAttribute(db, id, attribute, value, request.body.previous_value);
    if (attribute !== 'book_name') await keepBookTextChange(db, id, attribute, request.book[attribute], value, 'edited');
    return { success: { id, attribute, value, updated_at } };
  },

  postCheckAllChaptersSubmitted: async (request) => {
    const ids = unsubmittedChapterIds(parseCheckpoint(request.book));
    return { success: { all_chapters_submitted: ids.length === 0, unsubmitted_chapter_ids: ids } };
  },

  uploadSessionImage: {
    limit: [limitByIp(db, 'images:upload', IMAGE_UPLOADS_LIMIT)],
    handler: async (request) => {
      const row = request.book;
      const file = request.uploads.file?.data;
      if (!file) throw badRequest('workspace.invalid_image_request');
      const { key } = request.body;
      const chapterId = chapterIdOfImageKey(key);
      if (chapterId !== null) {
        const index = parseCheckpoint(row).data.findIndex((c) => c.id === chapterId);
        if (index < 0) throw notFound('workspace.chapter_not_found');
        const paid = toBool(row.is_payed);
        if (!paid && isChapterLocked(index, paid, chapterId, await unlockedChapterIds(db, row.id)))
          throw new AppError(402, 'workspace.locked_chapter');
      }
      const image = await normalizeImage(file);
      await storeSessionImage({ db, storage }, row.id, key, image);
      return { success: { key, content_type: image.contentType, size: image.data.length } };
    },
  },

  sessionImage: async (request, reply) => {
    const row = request.book;
    const image = await findSessionFile(db, row.id, request.params.key);
    if (!image) throw notFound('workspace.image_not_found');
    const thumbnail = request.query.size === 'thumbnail';
    const data = thumbnail ? await sessionImageThumbnail(storage, row.id, image) : await storage.get(sessionFileKey(row.id, image.key));
    if (!data) throw notFound('workspace.image_not_found');
    return reply
      .header('content-type', thumbnail ? 'image/jpeg' : image.content_type)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(data);
  },

  deleteSessionImage: async (request) => {
    await deleteSessionImage({ db, storage }, request.book.id, request.body.key);
    return { success: { key: request.body.key } };
  },
}));
