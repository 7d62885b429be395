import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '@common/constants';
import { successOf } from '@common/schemas/api';
import { BookFileParams, GenerateBookFieldsSchema, GeneratedBookSchema, type TrimSize } from '@common/schemas/exports';
import { IMAGE_KEY_PATTERN } from '@common/schemas/workspace';
import type { AreaRoutes } from '../app';
import { requireUser } from '../auth/guard';
import { loadAccessibleSession } from '../books/policy';
import { AppError, badRequest, notFound } from '../http/errors';
import { readImage, type BookImage } from './images';
import { CONTENT_TYPES, generateBook, readBookFile } from './service';
import { fileSlug } from './text';

const MAX_FILES = 1 + 200 * 2;

interface GenerateInput {
  fields: Record<string, string>;
  uploads: Map<string, BookImage>;
}

/** The form: service_session_id, optional trim_size, photos under their image keys (JPEG/PNG ≤ 300 KB). */
async function readGenerateForm(request: FastifyRequest): Promise<GenerateInput> {
  const fields: Record<string, string> = {};
  const uploads = new Map<string, BookImage>();
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(body)) if (typeof v === 'string' || typeof v === 'number') fields[k] = String(v);
    return { fields, uploads };
  }
  const parts = request.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_FILES, fields: 20 } });
  for await (const part of parts as AsyncIterable<Multipart>) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    let data: Buffer;
    try {
      data = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'exports.image_too_big');
      throw error;
    }
    if (!IMAGE_KEY_PATTERN.test(part.fieldname)) throw badRequest('exports.image_key');
    const image = readImage(data);
    if (!image) throw new AppError(415, 'exports.image_type');
    uploads.set(part.fieldname, image);
  }
  return { fields, uploads };
}

export const exportsRoutes: AreaRoutes = (api, ctx) => {
  const { db } = ctx;

  api.post(
    '/postGenerateBook',
    { preHandler: requireUser(db), schema: { response: { 200: successOf(GeneratedBookSchema) } } },
    async (request) => {
      const { fields, uploads } = await readGenerateForm(request);
      const parsed = GenerateBookFieldsSchema.safeParse(fields);
      if (!parsed.success) throw badRequest('invalid_input');
      const row = await loadAccessibleSession(db, request, parsed.data.service_session_id);
      const user = request.user!;
      const author = `${user.first_name} ${user.last_name}`.trim();
      const trim: TrimSize = parsed.data.trim_size ?? 'a5';
      const result = await generateBook(ctx, row, { author, uploads, trim });
      request.log.info({ sessionId: row.id, pages: result.page_count }, 'book files generated');
      return { success: result };
    },
  );

  api.get('/bookFile/:id/:file', { preHandler: requireUser(db), schema: { params: BookFileParams } }, async (request, reply) => {
    const row = await loadAccessibleSession(db, request, request.params.id);
    const data = await readBookFile(ctx, row, request.params.file);
    if (!data) throw notFound('exports.file_not_found');
    const extension = request.params.file.split('.')[1];
    const name = `${fileSlug(row.book_name)}.${extension}`;
    return reply
      .type(CONTENT_TYPES[request.params.file])
      .header('content-disposition', `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(data);
  });
};
