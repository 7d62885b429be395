import { z } from 'zod';
import { MAX_IMAGE_BYTES } from '../constants';
import { defineCall } from './contract';
import {
  AllChaptersSubmittedSchema,
  DeleteSessionImageBodySchema,
  ServiceSessionIdBodySchema,
  SessionIdParams,
  SessionImageParams,
  SessionImageQuery,
  SessionImageSchema,
  UpdateBookAttributeBodySchema,
  UpdateBookAttributeResultSchema,
  UploadSessionImageFieldsSchema,
  UpsertChapterBodySchema,
  UpsertSessionBodySchema,
  UpsertSessionResultSchema,
  WorkspaceSessionSchema,
} from '../schemas/workspace';

/** Largest checkpoint accepted by upSertSession (a long book with every answer is far below). */
export const CHECKPOINT_MAX_BYTES = 5_000_000;

/** The book workspace (spec section 7): owners and guests holding the book's guest token. */
export const workspaceApi = {
  getSession: defineCall({
    method: 'GET',
    path: '/getSession/:serviceSessionId',
    scope: 'book',
    book: { in: 'params', key: 'serviceSessionId' },
    params: SessionIdParams,
    response: WorkspaceSessionSchema,
  }),
  upSertSession: defineCall({
    method: 'POST',
    path: '/upSertSession',
    scope: 'book',
    book: { in: 'body', key: 'service_session_id' },
    body: UpsertSessionBodySchema,
    response: UpsertSessionResultSchema,
    bodyLimit: CHECKPOINT_MAX_BYTES,
  }),
  /** One chapter of the book, version-checked like upSertSession; answers the book's new version. */
  upSertChapter: defineCall({
    method: 'POST',
    path: '/upSertChapter',
    scope: 'book',
    book: { in: 'body', key: 'service_session_id' },
    body: UpsertChapterBodySchema,
    response: UpsertSessionResultSchema,
    bodyLimit: CHECKPOINT_MAX_BYTES,
  }),
  updateBookAttribute: defineCall({
    method: 'POST',
    path: '/updateBookAttribute',
    scope: 'book',
    book: { in: 'body', key: 'id' },
    body: UpdateBookAttributeBodySchema,
    response: UpdateBookAttributeResultSchema,
  }),
  postCheckAllChaptersSubmitted: defineCall({
    method: 'POST',
    path: '/postCheckAllChaptersSubmitted',
    scope: 'book',
    book: { in: 'body', key: 'service_session_id' },
    body: ServiceSessionIdBodySchema,
    response: AllChaptersSubmittedSchema,
  }),
  uploadSessionImage: defineCall({
    method: 'POST',
    path: '/uploadSessionImage',
    scope: 'book',
    book: { in: 'body', key: 'service_session_id' },
    multipart: {
      fields: UploadSessionImageFieldsSchema,
      files: { file: { maxBytes: MAX_IMAGE_BYTES, tooBig: 'workspace.image_too_big' } },
    },
    response: SessionImageSchema,
  }),
  /** The image itself (its bytes), to the book's owner only. */
  sessionImage: defineCall({
    method: 'GET',
    path: '/sessionImage/:id/:key',
    scope: 'book',
    book: { in: 'params', key: 'id' },
    params: SessionImageParams,
    query: SessionImageQuery,
  }),
  deleteSessionImage: defineCall({
    method: 'POST',
    path: '/deleteSessionImage',
    scope: 'book',
    book: { in: 'body', key: 'service_session_id' },
    body: DeleteSessionImageBodySchema,
    response: z.object({ key: z.string() }),
  }),
};
