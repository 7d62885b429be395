import { z } from 'zod';
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
  service_session_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** Language spoken in the recording (the book's); defaults to the request's `lng`. */
  language: z.enum(LANGUAGES).optional(),
});
