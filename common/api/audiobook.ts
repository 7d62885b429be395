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
} from '../schemas/audiobook';

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
};
