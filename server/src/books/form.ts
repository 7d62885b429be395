import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
  /** The file was larger than its limit: only the first `limit + 1` bytes are kept. */
  tooBig: boolean;
}

export interface BookForm {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

/**
 * Reads a multipart form (or a JSON body without files) into text fields and in-memory files.
 * Each file field has its own byte limit; a larger file is drained, flagged and never fully kept.
 * Unknown file fields are drained and dropped.
 */
export async function readBookForm(request: FastifyRequest, fileLimits: Record<string, number>): Promise<BookForm> {
  const form: BookForm = { fields: {}, files: {} };
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const [key, value] of Object.entries(body)) {
      if (value === null || value === undefined) continue;
      form.fields[key] = typeof value === 'string' ? value : JSON.stringify(value);
    }
    return form;
  }
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      form.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      continue;
    }
    const limit = fileLimits[part.fieldname];
    if (limit === undefined || form.files[part.fieldname]) {
      await drain(part);
      continue;
    }
    form.files[part.fieldname] = await readLimited(part, limit);
  }
  return form;
}

async function readLimited(part: MultipartFile, limit: number): Promise<UploadedFile> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooBig = false;
  for await (const chunk of part.file) {
    const buffer = chunk as Buffer;
    if (tooBig) continue;
    size += buffer.length;
    if (size > limit) {
      tooBig = true;
      continue;
    }
    chunks.push(buffer);
  }
  // @fastify/multipart cuts files above UPLOAD_LIMIT_BYTES: that is too big for every field too.
  if (part.file.truncated) tooBig = true;
  return { filename: part.filename ?? '', mimetype: part.mimetype ?? '', data: Buffer.concat(chunks), tooBig };
}

async function drain(part: MultipartFile): Promise<void> {
  for await (const _chunk of part.file) {
    // discarded
  }
}
