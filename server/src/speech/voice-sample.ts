import { voiceSampleApi } from '@common/api/speech';
import { VOICE_SAMPLE_MAX_SECONDS, VOICE_SAMPLE_MIN_SECONDS } from '@common/schemas/speech';
import type { AppContext } from '../app';
import { sessionFileKey } from '../books/files';
import { findSessionFile, recordSessionFile } from '../books/repository';
import { AppError, badRequest } from '../http/errors';
import { routesOf } from '../http/routes';
import { limitByUser } from '../rate-limit';
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
 * Records the type and size of the sample stored now, not of the one this request sent: uploads
 * racing for one book (on one node or several) may store and record in different orders, and the
 * record must describe the file that won. Each writer re-reads after recording until the file is
 * the one it described; the last record is then made after the last store, so it names that file.
 */
async function recordStoredSample(ctx: Pick<AppContext, 'db' | 'storage'>, sessionId: number): Promise<void> {
  const key = sessionFileKey(sessionId, VOICE_SAMPLE_KEY);
  let stored = await ctx.storage.get(key);
  for (let attempt = 0; stored && attempt < 10; attempt += 1) {
    let format: AudioInfo['format'] | undefined;
    try {
      format = inspectAudio(stored)?.format; // checked at upload by whoever stored it
    } catch {
      format = undefined;
    }
    await recordSessionFile(ctx.db, sessionId, VOICE_SAMPLE_KEY, format ? MIME_TYPES[format] : 'application/octet-stream', stored.length);
    const again = await ctx.storage.get(key);
    if (again?.equals(stored)) return;
    stored = again;
  }
}

/**
 * The audiobook's voice sample (spec section 7, uploadVoiceSample): multipart `voice_sample` +
 * `service_session_id`, signed-in owners only (guests cannot order audiobooks) → `success: true`.
 * `GET /api/voiceSample/:id` tells whether the book has one and how long it lasts.
 */
export const voiceSampleRoutes = routesOf(voiceSampleApi, ({ db, storage }) => ({
  uploadVoiceSample: {
    limit: [limitByUser(db, 'voice_sample', VOICE_SAMPLE_RATE_LIMIT)],
    handler: async (request) => {
      const row = request.book;
      const audio = request.uploads.voice_sample?.data;
      if (!audio) throw badRequest('speech.sample_missing');
      const info = checkVoiceSample(audio);
      const contentType = MIME_TYPES[info.format];
      // same key: a new sample replaces the previous one
      await storage.put(sessionFileKey(row.id, VOICE_SAMPLE_KEY), audio, contentType);
      await recordStoredSample({ db, storage }, row.id);
      request.log.info(
        { sessionId: row.id, format: info.format, seconds: Math.round(info.durationSeconds), bytes: audio.length },
        'voice sample stored',
      );
      return { success: true as const };
    },
  },

  voiceSample: async (request, reply) => {
    const row = request.book;
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
}));
