import { z } from 'zod';
import { IdParam, successOf } from '@common/schemas/api';
import {
  VOICE_SAMPLE_MAX_BYTES,
  VOICE_SAMPLE_MAX_SECONDS,
  VOICE_SAMPLE_MIN_SECONDS,
  VoiceSampleStatusSchema,
  VoiceSampleUploadFieldsSchema,
} from '@common/schemas/speech';
import type { AreaRoutes } from '../app';
import { requireUser } from '../auth/guard';
import { sessionFileKey } from '../books/files';
import { loadAccessibleSession } from '../books/policy';
import { findSessionFile, recordSessionFile } from '../books/repository';
import { AppError, badRequest } from '../http/errors';
import { rateLimit } from '../rate-limit';
import { CorruptAudioError, inspectAudio, MIME_TYPES, type AudioInfo } from './audio-format';

/** The book's stored voice sample (one per book; a new upload replaces it). */
export const VOICE_SAMPLE_KEY = 'voice_sample';
/** Uploads per author and window (a sample is a minute or two of audio: a few retries are plenty). */
export const VOICE_SAMPLE_RATE_LIMIT = { max: 10, windowMs: 10 * 60_000 } as const;

/** Reads a voice sample from its bytes: real audio, 10 to 180 seconds. Failures are `speech.*` AppErrors. */
export function checkVoiceSample(audio: Buffer): AudioInfo & { durationSeconds: number } {
  if (audio.length === 0) throw badRequest('speech.sample_missing');
  let info: AudioInfo | null;
  try {
    info = inspectAudio(audio);
  } catch (error) {
    if (error instanceof CorruptAudioError) throw badRequest('speech.sample_corrupt');
    throw error;
  }
  if (!info) throw new AppError(415, 'speech.unsupported_audio');
  const duration = info.durationSeconds;
  if (duration === null || !Number.isFinite(duration)) throw badRequest('speech.sample_corrupt');
  if (duration < VOICE_SAMPLE_MIN_SECONDS) throw badRequest('speech.sample_too_short', { min: VOICE_SAMPLE_MIN_SECONDS });
  if (duration > VOICE_SAMPLE_MAX_SECONDS) throw new AppError(413, 'speech.sample_too_long', { max: VOICE_SAMPLE_MAX_SECONDS });
  return { ...info, durationSeconds: duration };
}

/**
 * The audiobook's voice sample (spec section 7, uploadVoiceSample): multipart `voice_sample` +
 * `service_session_id`, signed-in owners only (guests cannot order audiobooks) → `success: true`.
 * `GET /api/voiceSample/:id` tells whether the book has one and how long it lasts.
 */
export const voiceSampleRoutes: AreaRoutes = (api, { config, db, storage }) => {
  const maxBytes = Math.min(config.UPLOAD_LIMIT_BYTES, VOICE_SAMPLE_MAX_BYTES);
  const signedIn = { preHandler: requireUser(db) };

  api.post('/uploadVoiceSample', { ...signedIn, schema: { response: { 200: successOf(z.literal(true)) } } }, async (request) => {
    await rateLimit(db, { key: `voice_sample:user:${request.user!.id}`, ...VOICE_SAMPLE_RATE_LIMIT });
    if (!request.isMultipart()) throw badRequest('speech.sample_missing');
    let audio: Buffer | null = null;
    const fields: Record<string, string> = {};
    try {
      for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 2, fields: 10, fieldSize: 1000 } })) {
        if (part.type === 'file') {
          if (part.fieldname === 'voice_sample' && !audio) audio = await part.toBuffer();
          else part.file.resume();
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'speech.sample_too_large', { max_mb: Math.floor(maxBytes / 1_000_000) });
      if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest('speech.sample_missing');
      throw error;
    }
    const parsed = VoiceSampleUploadFieldsSchema.safeParse(fields);
    if (!parsed.success) throw badRequest('invalid_input');
    // the book must be the signed-in author's (404 unknown, 403 someone else's)
    const row = await loadAccessibleSession(db, request, parsed.data.service_session_id);
    if (!audio) throw badRequest('speech.sample_missing');
    const info = checkVoiceSample(audio);
    const contentType = MIME_TYPES[info.format];
    // same key: a new sample replaces the previous one
    await storage.put(sessionFileKey(row.id, VOICE_SAMPLE_KEY), audio, contentType);
    await recordSessionFile(db, row.id, VOICE_SAMPLE_KEY, contentType, audio.length);
    request.log.info({ sessionId: row.id, format: info.format, seconds: Math.round(info.durationSeconds), bytes: audio.length }, 'voice sample stored');
    return { success: true as const };
  });

  api.get(
    '/voiceSample/:id',
    { ...signedIn, schema: { params: z.object({ id: IdParam }), response: { 200: successOf(VoiceSampleStatusSchema) } } },
    async (request, reply) => {
      const row = await loadAccessibleSession(db, request, request.params.id);
      reply.header('cache-control', 'no-store');
      const file = await findSessionFile(db, row.id, VOICE_SAMPLE_KEY);
      const data = file ? await storage.get(sessionFileKey(row.id, VOICE_SAMPLE_KEY)) : null;
      if (!data) return { success: { exists: false, duration_seconds: null } };
      let duration: number | null;
      try {
        duration = inspectAudio(data)?.durationSeconds ?? null;
      } catch {
        duration = null; // stored before a parser change: it exists, its length is unknown
      }
      return { success: { exists: true, duration_seconds: duration === null ? null : Math.round(duration * 10) / 10 } };
    },
  );
};
