import type { FastifyRequest } from 'fastify';
import { RECORDING_LIMIT_SECONDS, type Language } from '@common/constants';
import { isLanguage } from '@common/languages';
import { successOf } from '@common/schemas/api';
import { SpeechConfigSchema, SpeechUploadFieldsSchema, TranscriptSchema } from '@common/schemas/speech';
import type { AreaRoutes } from '../app';
import { optionalUser } from '../auth/guard';
import { guestTokenHash, loadAccessibleSession } from '../books/policy';
import { AppError, badRequest, unauthorized } from '../http/errors';
import { createSpeechProvider, type SpeechProviderOptions } from '../providers/speech';
import { rateLimit } from '../rate-limit';
import { maxRecordingBytes, SPEECH_RATE_LIMIT, transcribeRecording } from './service';

/** Who a rate limit counts: the user, else the guest's book token, else the address. */
function requesterKey(request: FastifyRequest): string {
  if (request.user) return `user:${request.user.id}`;
  const guest = guestTokenHash(request);
  return guest ? `guest:${guest.slice(0, 32)}` : `ip:${request.ip}`;
}

/**
 * Voice answers (spec section 7, getGoogleSpeechToText): the recording in multipart field `audio`
 * (+ `service_session_id`, optional `language`), transcribed by the configured provider.
 * `GET /api/speechConfig` tells the client which provider runs (none → browser dictation).
 */
function createSpeechRoutes(providerOptions: Partial<SpeechProviderOptions> = {}): AreaRoutes {
  return (api, { config, db }) => {
    const provider = createSpeechProvider(config, providerOptions);
    const maxBytes = maxRecordingBytes(config.UPLOAD_LIMIT_BYTES);

    api.get('/speechConfig', { schema: { response: { 200: successOf(SpeechConfigSchema) } } }, async () => ({
      success: { provider: provider ? provider.name : ('none' as const), max_seconds: RECORDING_LIMIT_SECONDS, max_bytes: maxBytes },
    }));

    api.post(
      '/getGoogleSpeechToText',
      { preHandler: optionalUser(db), schema: { response: { 200: successOf(TranscriptSchema) } } },
      async (request) => {
        // authenticate: a signed-in author, or a guest holding a trial book's token
        if (!request.user && !guestTokenHash(request)) throw unauthorized();
        // rate limit, shared by every node
        await rateLimit(db, { key: `speech:${requesterKey(request)}`, ...SPEECH_RATE_LIMIT });
        if (!provider) throw new AppError(503, 'speech.not_configured');
        if (!request.isMultipart()) throw badRequest('speech.audio_missing');

        // read the form: one `audio` file, bounded, plus small fields
        let audio: Buffer | null = null;
        const fields: Record<string, string> = {};
        try {
          for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 2, fields: 10, fieldSize: 1000 } })) {
            if (part.type === 'file') {
              if (part.fieldname === 'audio' && !audio) audio = await part.toBuffer();
              else part.file.resume();
            } else if (typeof part.value === 'string') {
              fields[part.fieldname] = part.value;
            }
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'speech.too_large', { max_mb: Math.floor(maxBytes / 1_000_000) });
          if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest('speech.audio_missing');
          throw error;
        }
        if (!audio) throw badRequest('speech.audio_missing');
        const parsed = SpeechUploadFieldsSchema.safeParse(fields);
        if (!parsed.success) throw badRequest('invalid_input');

        // authorize: the book must be the requester's
        const book = parsed.data.service_session_id ? await loadAccessibleSession(db, request, parsed.data.service_session_id) : null;
        if (!book && !request.user) throw unauthorized();

        // the language spoken: as sent, else the book's, else the request's
        const language: Language = parsed.data.language ?? (isLanguage(book?.language) ? book.language : request.lng);
        const transcript = await transcribeRecording(provider, audio, language, request.log);
        return { success: { transcript } };
      },
    );
  };
}

export const speechRoutes: AreaRoutes = createSpeechRoutes();
