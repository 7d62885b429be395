import { RECORDING_LIMIT_SECONDS, type Language } from '@common/constants';
import { isLanguage } from '@common/languages';
import { speechApi } from '@common/api/speech';
import { loadAccessibleSession } from '../books/policy';
import { AppError, badRequest, unauthorized } from '../http/errors';
import { routesOf } from '../http/routes';
import { createSpeechProvider } from '../providers/speech';
import { limitByRequester } from '../rate-limit';
import { maxRecordingBytes, SPEECH_RATE_LIMIT, transcribeRecording } from './service';

/**
 * Voice answers (spec section 7, getGoogleSpeechToText): the recording in multipart field `audio`
 * (+ `service_session_id`, optional `language`), transcribed by the configured provider.
 * `GET /api/speechConfig` tells the client which provider runs (none → browser dictation).
 */
export const speechRoutes = routesOf(speechApi, ({ config, db }) => {
  const provider = createSpeechProvider(config);
  const maxBytes = maxRecordingBytes(config.UPLOAD_LIMIT_BYTES);
  return {
    speechConfig: async () => ({
      success: { provider: provider ? provider.name : ('none' as const), max_seconds: RECORDING_LIMIT_SECONDS, max_bytes: maxBytes },
    }),

    getGoogleSpeechToText: {
      limit: [limitByRequester(db, 'speech', SPEECH_RATE_LIMIT)],
      handler: async (request) => {
        if (!provider) throw new AppError(503, 'speech.not_configured');
        const audio = request.uploads.audio?.data;
        if (!audio) throw badRequest('speech.audio_missing');
        // authorize: the book must be the requester's
        const book = request.body.service_session_id ? await loadAccessibleSession(db, request, request.body.service_session_id) : null;
        if (!book && !request.user) throw unauthorized();
        // the language spoken: as sent, else the book's, else the request's
        const language: Language = request.body.language ?? (isLanguage(book?.language) ? book.language : request.lng);
        const transcript = await transcribeRecording(provider, audio, language, request.log);
        return { success: { transcript } };
      },
    },
  };
});
