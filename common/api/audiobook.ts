import { defineCall } from './contract';
import { OrderIdParamsSchema, PaymentConfirmationSchema, PaymentFormSchema } from '../schemas/payments';
import {
  AudiobookBookBodySchema,
  AudiobookFileParamsSchema,
  AudiobookPaymentFormBodySchema,
  AudiobookQuotaSchema,
  AudiobookResultSchema,
  AudiobookSessionParamsSchema,
  AudiobookStatusSchema,
  CreateVoiceModelBodySchema,
  VoiceDataSchema,
  VoiceModelParamsSchema,
  VoiceModelResultSchema,
} from '../schemas/audiobook';
import { z } from 'zod';

/** The audiobook in the author's voice (spec sections 2, 3, 4, 7; issue 13; docs/audiobook.md). */
export const audiobookApi = {
  checkAudiobookQuota: defineCall({
    method: 'POST',
    path: '/checkAudiobookQuota',
    scope: 'user',
    book: { in: 'body', key: 'service_session_id' },
    body: AudiobookBookBodySchema,
    response: AudiobookQuotaSchema,
  }),
  createAudiobookPaymentForm: defineCall({
    method: 'POST',
    path: '/create-audiobook-payment-form',
    scope: 'user',
    book: { in: 'body', key: 'service_session_id' },
    body: AudiobookPaymentFormBodySchema,
    response: PaymentFormSchema,
  }),
  audiobookPaymentStatusCallback: defineCall({
    method: 'GET',
    path: '/audiobook-payment-status-callback/:order_id',
    scope: 'user',
    params: OrderIdParamsSchema,
    response: PaymentConfirmationSchema,
  }),
  generateAudiobook: defineCall({
    method: 'POST',
    path: '/generateAudiobook',
    scope: 'user',
    book: { in: 'body', key: 'service_session_id' },
    body: AudiobookBookBodySchema,
    response: AudiobookResultSchema,
  }),
  audiobookStatus: defineCall({
    method: 'GET',
    path: '/audiobookStatus/:service_session_id',
    scope: 'user',
    book: { in: 'params', key: 'service_session_id' },
    params: AudiobookSessionParamsSchema,
    response: AudiobookStatusSchema,
  }),
  /** An MP3 of the newest finished audiobook (book.mp3, chapter-NN.mp3) or all of them zipped: the owner only. */
  audiobookFile: defineCall({
    method: 'GET',
    path: '/audiobookFile/:service_session_id/:file',
    scope: 'user',
    book: { in: 'params', key: 'service_session_id' },
    params: AudiobookFileParamsSchema,
  }),
  /**
   * The voice the audiobook is read with, made from the book's voice sample (30–120 s): cloned at the
   * configured provider (ElevenLabs, a speech server), else the offline voice's pitch and pace
   * matched to it → `success.voice_model_id`.
   */
  createVoiceModel: defineCall({
    method: 'POST',
    path: '/createVoiceModel',
    scope: 'user',
    book: { in: 'body', key: 'service_session_id' },
    body: CreateVoiceModelBodySchema,
    response: VoiceModelResultSchema,
  }),
  /** The author's voice samples and voice models (personal data, listed on the profile). */
  myVoiceData: defineCall({ method: 'GET', path: '/myVoiceData', scope: 'user', response: VoiceDataSchema }),
  /** Deletes a voice model, and the cloned voice at its provider. */
  deleteVoiceModel: defineCall({
    method: 'POST',
    path: '/deleteVoiceModel/:voice_model_id',
    scope: 'user',
    params: VoiceModelParamsSchema,
    response: z.literal(true),
  }),
  /** Deletes a book's voice sample. */
  deleteVoiceSample: defineCall({
    method: 'POST',
    path: '/deleteVoiceSample',
    scope: 'user',
    book: { in: 'body', key: 'service_session_id' },
    body: AudiobookBookBodySchema,
    response: z.literal(true),
  }),
};
