import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { MultipartForm } from '@common/api/contract';
import { AppError, badRequest } from './errors';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface ReadForm {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

const MB = 1_000_000;

/** A JSON value sent for a form field, as the form would carry it; a value too deep to write is bad input. */
function formText(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    throw badRequest();
  }
}
/** Text fields are short (ids, names, JSON lists of ids, a subject): 100 kB is far above any of them. */
const FIELD_LIMITS = { fields: 50, fieldSize: 100_000 };

/**
 * The one multipart reader: text fields and the declared file fields, each under its own byte
 * limit (and UPLOAD_LIMIT_BYTES) (a larger file → 413 with the field's code and `max_mb`). Unknown file fields are drained
 * and ignored. A JSON body stands in for a form without files (its values as strings).
 */
export async function readMultipart(request: FastifyRequest, form: MultipartForm, uploadLimit = Infinity): Promise<ReadForm> {
  const result: ReadForm = { fields: {}, files: {} };
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest();
    for (const [key, value] of Object.entries(body)) {
      if (value === null || value === undefined) continue;
      result.fields[key] = typeof value === 'string' ? value : formText(value);
    }
    return result;
  }
  let keyed = 0;
  let total = 0;
  try {
    const files = Object.keys(form.files).length + (form.keyedFiles?.maxCount ?? 0);
    for await (const part of request.parts({ limits: { ...FIELD_LIMITS, files: files + 2, parts: FIELD_LIMITS.fields + files + 2 } })) {
      if (part.type === 'field') {
        result.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        continue;
      }
      const declared = form.files[part.fieldname];
      const pattern = form.keyedFiles && form.keyedFiles.pattern.test(part.fieldname) ? form.keyedFiles : undefined;
      const rule = declared ?? pattern;
      if (!rule && form.keyedFiles) throw badRequest(form.keyedFiles.badKey);
      if (!rule || result.files[part.fieldname] || (pattern && !declared && ++keyed > pattern.maxCount)) {
        await drain(part);
        continue;
      }
      const limit = Math.min(rule.maxBytes, uploadLimit);
      const data = await readLimited(part, limit);
      if (!data) throw new AppError(413, rule.tooBig, { max_mb: Math.max(1, Math.floor(limit / MB)) });
      total += data.length;
      if (form.maxTotalBytes && total > form.maxTotalBytes.max) {
        throw new AppError(413, form.maxTotalBytes.tooBig, { megabytes: Math.floor(form.maxTotalBytes.max / 1024 / 1024) });
      }
      result.files[part.fieldname] = { filename: part.filename ?? '', mimetype: part.mimetype ?? '', data };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // anything else here is the form itself: no boundary, malformed or cut parts, over a part limit
    request.log.info({ err: error }, 'malformed multipart body');
    throw badRequest();
  }
  return result;
}

/** The file's bytes, or null when it is larger than `limit` (the rest is drained, never kept). */
async function readLimited(part: MultipartFile, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    size += (chunk as Buffer).length;
    if (size <= limit) chunks.push(chunk as Buffer);
  }
  // @fastify/multipart cuts files above UPLOAD_LIMIT_BYTES: too big for every field too.
  if (size > limit || part.file.truncated) return null;
  return Buffer.concat(chunks);
}

async function drain(part: MultipartFile): Promise<void> {
  for await (const _chunk of part.file) {
    // discarded
  }
}
