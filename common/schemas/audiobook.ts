import { z } from 'zod';
import { IdParam } from './api';
import { OrderReference } from './payments';

/** The audiobook (spec sections 3, 7; issue 13; docs/audiobook.md). */

const Id = z.number().int().positive().max(2_147_483_647);

export const AudiobookBookBodySchema = z.object({ service_session_id: Id });

/** checkAudiobookQuota: the characters read aloud and their price (computed by the server; common/rules/audiobook.ts). */
export const AudiobookQuotaSchema = z.object({
  characters_needed: z.number().int().nonnegative(),
  price: z.number().nonnegative(),
  currency: z.string(),
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
});
export type AudiobookStatus = z.infer<typeof AudiobookStatusSchema>;

export const AudiobookSessionParamsSchema = z.object({ service_session_id: IdParam });
export const AudiobookFileParamsSchema = z.object({
  service_session_id: IdParam,
  file: z.string().regex(/^(book|chapter-\d{2,3})\.mp3$|^all-chapters\.zip$/),
});
