import { z } from 'zod';
import { defineCall } from './contract';
import { ChapterVersionsParamsSchema, RestoredTextSchema, RestoreVersionBodySchema, TextVersionSchema } from '../schemas/versions';

/** The earlier texts of a chapter, and restoring one (issue 15: no draft is ever lost). */
export const writingApi = {
  getChapterVersions: defineCall({
    method: 'GET',
    path: '/getChapterVersions/:service_session_id/:chapter_id',
    scope: 'book',
    book: { in: 'params', key: 'service_session_id' },
    params: ChapterVersionsParamsSchema,
    response: z.array(TextVersionSchema),
  }),
  restoreChapterVersion: defineCall({
    method: 'POST',
    path: '/restoreChapterVersion',
    scope: 'book',
    book: { in: 'body', key: 'service_session_id' },
    body: RestoreVersionBodySchema,
    response: RestoredTextSchema,
  }),
};
