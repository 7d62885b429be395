import { z } from 'zod';
import { Id, IdParam } from './api';
import { OrderReference } from './payments';

/** The audiobook (spec sections 3, 7; issue 13; docs/audiobook.md). */

export const AudiobookBookBodySchema = z.object({ service_session_id: Id });

/** checkAudiobookQuota: the characters read aloud and their price (computed by the server; common/rules/audiobook.ts). */
export const AudiobookQuotaSchema = z.object({
  characters_needed: z.number().int().nonnegative(),
  price: z.number().nonnegative(),
  currency: z.string(),
  /** A made audiobook whose book was edited since: the sections read again (0-based), priced alone; null for a first audiobook. */
  changed_chapters: z.array(z.number().int()).nullable(),
  /** The characters a redeemed gift card pays for (0: none); `price` is for the characters beyond them. */
  gift_characters: z.number().int().nonnegative(),
});
export type AudiobookQuota = z.infer<typeof AudiobookQuotaSchema>;

/** create-audiobook-payment-form: the price the author saw; refused when it is not the server's. */
export const AudiobookPaymentFormBodySchema = z.object({ service_session_id: Id, price: z.number().nonnegative().max(1_000_000) });

/** Audiobook result (spec section 3): audiobook_url, price, currency. */
export const AudiobookResultSchema = z.object({ audiobook_url: z.string(), price: z.number(), currency: z.string() });

export const AUDIOBOOK_STATES = ['paid', 'queued', 'running', 'done', 'failed'] as const;
export type AudiobookState = (typeof AUDIOBOOK_STATES)[number];

/** GET audiobookStatus/{service_session_id}: where the making of the book's newest audiobook stands. */
export const AudiobookStatusSchema = z.object({
  state: z.enum(AUDIOBOOK_STATES),
  progress: z.number().int().min(0).max(100),
  files: z.array(z.object({ chapter: z.number().int(), title: z.string(), url: z.string(), duration_ms: z.number().int() })),
  book_url: z.string().nullable(),
  zip_url: z.string().nullable(),
  /** Which voice reads: the offline one is a voice matched to the author's, not their voice. */
  voice: z.enum(['offline', 'cloned']),
  title: z.string(),
  cover_url: z.string().nullable(),
  order: OrderReference.nullable(),
  /** Why making it failed, when the voice service said so (an errors-audiobook key: audiobook.voice_quota, …), and that reason in words. */
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
});
export type AudiobookStatus = z.infer<typeof AudiobookStatusSchema>;

export const AudiobookSessionParamsSchema = z.object({ service_session_id: IdParam });
export const AudiobookFileParamsSchema = z.object({
  service_session_id: IdParam,
  file: z.string().regex(/^(book|chapter-\d{2,3})\.mp3$|^all-chapters\.zip$/),
});

/** createVoiceModel: the book whose voice sample is used; the browser's measurement of it when it could decode it (common/rules/voice-tune.ts). */
export const CreateVoiceModelBodySchema = z.object({
  service_session_id: Id,
  measure: z
    .object({ f0_hz: z.number().min(40).max(600).nullable(), syllables_per_second: z.number().min(0).max(15).nullable() })
    .optional(),
});
export const VoiceModelResultSchema = z.object({ voice_model_id: z.number().int(), voice: z.enum(['offline', 'cloned']) });

/** The author's voice data (profile): samples and the voice models made from them. */
export const VoiceDataSchema = z.object({
  samples: z.array(
    z.object({ service_session_id: z.number().int(), book_name: z.string(), bytes: z.number().int(), updated_at: z.string() }),
  ),
  models: z.array(
    z.object({
      id: z.number().int(),
      service_session_id: z.number().int().nullable(),
      book_name: z.string().nullable(),
      voice: z.enum(['offline', 'cloned']),
      provider: z.string(),
      language: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type VoiceData = z.infer<typeof VoiceDataSchema>;
export const VoiceModelParamsSchema = z.object({ voice_model_id: IdParam });
