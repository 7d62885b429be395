import { z } from 'zod';
import { defineCall } from './contract';
import {
  DraftBookTextBodySchema,
  DraftedBookTextSchema,
  RestoredTextSchema,
  RestoreVersionBodySchema,
  TextVersionSchema,
  TextVersionsParamsSchema,
} from '../schemas/versions';

/**
 * The earlier texts of a chapter, the introduction or the summary, and restoring one (issue 15: no
 * draft is ever lost); drafting the introduction or the summary ('Draft it'). `:text` is
 * `introduction`, `book_summary` or a chapter id.
 */
export const writingApi = {
  getTextVersions: defineCall({
    method: 'GET',
    path: '/getTextVersions/:service_session_id/:text',
    scope: 'book',
    book: { in: 'params', key: 'service_session_id' },
    params: TextVersionsParamsSchema,
    response: z.array(TextVersionSchema),
  }),
  restoreTextVersion: defineCall({
    method: 'POST',
    path: '/restoreTextVersion',
    scope: 'book',
    book: { in: 'body', key: 'service_session_id' },
    body: RestoreVersionBodySchema,
    response: RestoredTextSchema,
  }),
  draftBookText: defineCall({
    method: 'POST',
    path: '/draftBookText',
    scope: 'book',
    book: { in: 'body', key: 'service_session_id' },
    body: DraftBookTextBodySchema,
    response: DraftedBookTextSchema,
  }),
};
