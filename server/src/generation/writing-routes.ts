import { writingApi } from '@common/api/writing';
import { routesOf } from '../http/routes';
import { createGenerationProvider } from '../providers/generation';
import { draftBookText } from './book-texts';
import { listTextVersions, restoreTextVersion } from './versions';

/** Versions of a book's texts (list, restore) and the drafts of its introduction and summary. */
export const writingRoutes = routesOf(writingApi, ({ db, config }, log) => {
  const writer = createGenerationProvider(config, { log });
  return {
    getTextVersions: async (request) => ({ success: await listTextVersions(db, request.book.id, request.params.text) }),
    restoreTextVersion: async (request) => ({
      success: await restoreTextVersion(db, request.book, request.body.text, request.body.version_id),
    }),
    draftBookText: async (request) => ({ success: await draftBookText(db, writer, request, request.book, request.body.text) }),
  };
});
