import { z } from 'zod';
import { IdParam } from './api';
import { LANGUAGES } from '@common/constants';

/** Which speech-to-text the server uses; `none` → the browser's own recognition, or typing only. */
export const SPEECH_PROVIDERS = ['none', 'openai', 'google'] as const;
export const SpeechProviderSchema = z.enum(SPEECH_PROVIDERS);
export type SpeechProvider = z.infer<typeof SpeechProviderSchema>;

/** GET /api/speechConfig → success. */
export const SpeechConfigSchema = z.object({
  provider: SpeechProviderSchema,
  /** Longest recording accepted, in seconds. */
  max_seconds: z.number().int().positive(),
  /** Largest upload accepted, in bytes. */
  max_bytes: z.number().int().positive(),
});
export type SpeechConfig = z.infer<typeof SpeechConfigSchema>;

/** POST /api/getGoogleSpeechToText (multipart: `audio`, optional `service_session_id`) → success. */
export const TranscriptSchema = z.object({ transcript: z.string() });
export type Transcript = z.infer<typeof TranscriptSchema>;

/** Multipart fields other than the file. */
export const SpeechUploadFieldsSchema = z.object({
  service_session_id: IdParam.optional(),
  /** Language spoken in the recording (the book's); defaults to the request's `lng`. */
  language: z.enum(LANGUAGES).optional(),
});

/** The audiobook's voice sample (spec sections 3 and 7): how long it may last, and what the client records. */
export const VOICE_SAMPLE_MIN_SECONDS = 30;
export const VOICE_SAMPLE_MAX_SECONDS = 120;
/**
 * The recorder's limit in the voice-sample dialog (a minute of natural reading is enough for a
 * clone): a little under the maximum, as a container may last slightly longer than what was recorded.
 */
export const VOICE_SAMPLE_RECORD_SECONDS = 118;
/** Largest voice sample accepted: 180 s of 48 kHz 16-bit mono WAV is about 17.3 MB (120 s allowed: room to spare). */
export const VOICE_SAMPLE_MAX_BYTES = 18_000_000;

/** POST /api/uploadVoiceSample multipart fields beside the `voice_sample` file. */
export const VoiceSampleUploadFieldsSchema = z.object({
  service_session_id: IdParam,
});

/** GET /api/voiceSample/:id → success: whether the book has a voice sample, and how long it lasts. */
export const VoiceSampleStatusSchema = z.object({
  exists: z.boolean(),
  duration_seconds: z.number().nullable(),
});
export type VoiceSampleStatus = z.infer<typeof VoiceSampleStatusSchema>;
