import { MAX_IMAGE_BYTES } from '@common/constants';
import { successOf } from '@common/schemas/api';
import {
  AllChaptersSubmittedSchema,
  chapterIdOfImageKey,
  DeleteSessionImageBodySchema,
  ServiceSessionIdBodySchema,
  SessionIdParams,
  SessionImageParams,
  SessionImageSchema,
  UpdateBookAttributeBodySchema,
  UpdateBookAttributeResultSchema,
  UploadSessionImageFieldsSchema,
  UpsertSessionBodySchema,
  UpsertSessionResultSchema,
  WorkspaceSessionSchema,
} from '@common/schemas/workspace';
import { isChapterLocked } from '@common/rules/workspace-unpaid';
import { z } from 'zod';
import type { AreaRoutes } from '../app';
import { optionalUser } from '../auth/guard';
import { detectImageType, sessionFileKey } from '../books/files';
import { deleteSessionFile, findSessionFile, parseCheckpoint, recordSessionFile, updateSessionAttribute } from '../books/repository';
import { loadAccessibleSession } from '../books/policy';
import { toBool } from '../db';
import { AppError, badRequest, notFound } from '../http/errors';
import { CHECKPOINT_MAX_BYTES, presentWorkspace, unsubmittedChapterIds, upsertCheckpoint } from './service';

/**
 * The book workspace: read a book, save its checkpoint (version-checked), edit its title,
 * introduction and summary, check submitted chapters, and keep its images. Owners and guests
 * holding the book's guest token only (books/policy).
 */
export const workspaceRoutes: AreaRoutes = (api, { db, storage }) => {
  const access = { preHandler: optionalUser(db) };

  api.get(
    '/getSession/:serviceSessionId',
    { ...access, schema: { params: SessionIdParams, response: { 200: successOf(WorkspaceSessionSchema) } } },
    async (request, reply) => {
      const row = await loadAccessibleSession(db, request, request.params.serviceSessionId);
      reply.header('cache-control', 'no-store');
      return { success: await presentWorkspace(db, row) };
    },
  );

  api.post(
    '/upSertSession',
    {
      ...access,
      bodyLimit: CHECKPOINT_MAX_BYTES,
      schema: { body: UpsertSessionBodySchema, response: { 200: successOf(UpsertSessionResultSchema) } },
    },
    async (request) => {
      const { service_session_id, checkpoint_data, version } = request.body;
      const row = await loadAccessibleSession(db, request, service_session_id);
      return { success: await upsertCheckpoint(db, storage, row, checkpoint_data, version) };
    },
  );

  api.post(
    '/updateBookAttribute',
    { ...access, schema: { body: UpdateBookAttributeBodySchema, response: { 200: successOf(UpdateBookAttributeResultSchema) } } },
    async (request) => {
      const { id, attribute } = request.body;
      await loadAccessibleSession(db, request, id);
      const value = attribute === 'book_name' ? request.body.value.trim() : request.body.value;
      if (attribute === 'book_name' && (value === '' || value.length > 300)) throw badRequest('workspace.book_name_invalid');
      const updated_at = await updateSessionAttribute(db, id, attribute, value);
      return { success: { id, attribute, value, updated_at } };
    },
  );

  api.post(
    '/postCheckAllChaptersSubmitted',
    { ...access, schema: { body: ServiceSessionIdBodySchema, response: { 200: successOf(AllChaptersSubmittedSchema) } } },
    async (request) => {
      const row = await loadAccessibleSession(db, request, request.body.service_session_id);
      const ids = unsubmittedChapterIds(parseCheckpoint(row));
      return { success: { all_chapters_submitted: ids.length === 0, unsubmitted_chapter_ids: ids } };
    },
  );

  api.post('/uploadSessionImage', { ...access, schema: { response: { 200: successOf(SessionImageSchema) } } }, async (request) => {
    if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type');
    const fields: Record<string, string> = {};
    let file: Buffer | null = null;
    try {
      for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } })) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || file) {
            await part.toBuffer();
            continue;
          }
          file = await part.toBuffer();
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'workspace.image_too_big');
      throw error;
    }
    const parsed = UploadSessionImageFieldsSchema.safeParse(fields);
    if (!parsed.success || !file) throw badRequest('workspace.invalid_image_request');
    const { service_session_id: sessionId, key } = parsed.data;
    const row = await loadAccessibleSession(db, request, sessionId);
    if (file.length > MAX_IMAGE_BYTES) throw new AppError(413, 'workspace.image_too_big');
    const contentType = detectImageType(file);
    if (!contentType) throw new AppError(415, 'workspace.image_type');
    const chapterId = chapterIdOfImageKey(key);
    if (chapterId !== null) {
      const index = parseCheckpoint(row).data.findIndex((c) => c.id === chapterId);
      if (index < 0) throw notFound('workspace.chapter_not_found');
      if (isChapterLocked(index, toBool(row.is_payed))) throw new AppError(402, 'workspace.locked_chapter');
    }
    await storage.put(sessionFileKey(row.id, key), file, contentType);
    await recordSessionFile(db, row.id, key, contentType, file.length);
    return { success: { key, content_type: contentType, size: file.length } };
  });

  api.get('/sessionImage/:id/:key', { ...access, schema: { params: SessionImageParams } }, async (request, reply) => {
    const row = await loadAccessibleSession(db, request, request.params.id);
    const image = await findSessionFile(db, row.id, request.params.key);
    const data = image ? await storage.get(sessionFileKey(row.id, image.key)) : null;
    if (!image || !data) throw notFound('workspace.image_not_found');
    return reply
      .header('content-type', image.content_type)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(data);
  });

  api.post(
    '/deleteSessionImage',
    { ...access, schema: { body: DeleteSessionImageBodySchema, response: { 200: successOf(z.object({ key: z.string() })) } } },
    async (request) => {
      const row = await loadAccessibleSession(db, request, request.body.service_session_id);
      await deleteSessionFile(db, row.id, request.body.key);
      await storage.delete(sessionFileKey(row.id, request.body.key));
      return { success: { key: request.body.key } };
    },
  );
};
