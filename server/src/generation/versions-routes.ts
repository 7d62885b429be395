import { writingApi } from '@common/api/writing';
import { routesOf } from '../http/routes';
import { listChapterVersions, restoreChapterVersion } from './versions';

export const versionsRoutes = routesOf(writingApi, ({ db }) => ({
  getChapterVersions: async (request) => ({ success: await listChapterVersions(db, request.book.id, request.params.chapter_id) }),
  restoreChapterVersion: async (request) => ({
    success: await restoreChapterVersion(db, request.book, request.body.chapter_id, request.body.version_id),
  }),
}));
