import { z } from 'zod';
import { IdParam } from '../schemas/api';
import { defineCall } from './contract';
import {
  SpeechConfigSchema,
  SpeechUploadFieldsSchema,
  TranscriptSchema,
  VOICE_SAMPLE_MAX_BYTES,
  VoiceSampleStatusSchema,
  VoiceSampleUploadFieldsSchema,
} from '../schemas/speech';

/**
 * Largest recording accepted: 125 s of 48 kHz 16-bit mono WAV is 12 MB, and Google takes at most
 * 10 MB of inline audio; the browser's Opus or AAC recordings of 2 minutes are about 1 MB.
 * (UPLOAD_LIMIT_BYTES may lower it.)
 */
export const MAX_RECORDING_BYTES = 10_000_000;

/** Voice answers (spec section 7) and the audiobook's voice sample. */
export const speechApi = {
  /** Which speech-to-text the server runs (none → the browser's dictation). */
  speechConfig: defineCall({ method: 'GET', path: '/speechConfig', scope: 'public', response: SpeechConfigSchema }),
  /** A recording in `audio`, transcribed; a signed-in author, or a guest with a trial book's token. */
  getGoogleSpeechToText: defineCall({
    method: 'POST',
    path: '/getGoogleSpeechToText',
    scope: 'book',
    multipart: { fields: SpeechUploadFieldsSchema, files: { audio: { maxBytes: MAX_RECORDING_BYTES, tooBig: 'speech.too_large' } } },
    response: TranscriptSchema,
  }),
};

export const voiceSampleApi = {
  /** The audiobook's voice sample in `voice_sample`: signed-in owners only (guests cannot order audiobooks). */
  uploadVoiceSample: defineCall({
    method: 'POST',
    path: '/uploadVoiceSample',
    scope: 'user',
    book: { in: 'body', key: 'service_session_id' },
    multipart: {
      fields: VoiceSampleUploadFieldsSchema,
      files: { voice_sample: { maxBytes: VOICE_SAMPLE_MAX_BYTES, tooBig: 'speech.sample_too_large' } },
    },
    response: z.literal(true),
  }),
  /** Whether the book has a voice sample, and how long it lasts. */
  voiceSample: defineCall({
    method: 'GET',
    path: '/voiceSample/:id',
    scope: 'user',
    book: { in: 'params', key: 'id' },
    params: z.object({ id: IdParam }),
    response: VoiceSampleStatusSchema,
  }),
};
