import { audiobookApi } from '@common/api/audiobook';
import { findOrderByReference } from '../payments/orders';
import { formOf, FORM_LIMIT, presentConfirmation } from '../payments/checkout';
import { confirmOrder, placeOrder, type PaymentsContext } from '../payments/service';
import { conflict, notFound } from '../http/errors';
import { routesOf } from '../http/routes';
import { limitByUser } from '../rate-limit';
import {
  AUDIOBOOK_CURRENCY,
  AUDIOBOOK_JOB,
  audiobookAmountCents,
  audiobookFile,
  audiobookJob,
  chargedQuota,
  bookLanguageOf,
  audiobookStatus,
  isUnusedPayment,
  newestAudiobook,
  startAudiobook,
} from './service';
import { createVoiceModel, deleteVoiceModel, deleteVoiceSample, myVoiceData } from './voice-models';

/** Each voice model may clone at a paid provider: a few per author and hour. */
const VOICE_MODEL_LIMIT = { max: 10, windowMs: 60 * 60_000 } as const;
const AUDIO_TYPES: Record<string, string> = { mp3: 'audio/mpeg', zip: 'application/zip' };

/**
 * The audiobook calls (spec section 7; docs/audiobook.md): quota and price, the payment through the
 * orders of the Money area, the job that makes it, its status and its files (owner only).
 */
export const audiobookRoutes = (pay: PaymentsContext) =>
  routesOf(audiobookApi, (ctx) => {
    ctx.queue.handle(AUDIOBOOK_JOB, audiobookJob({ ...ctx, mailer: pay.mailer }));
    return {
      checkAudiobookQuota: async (request) => ({ success: await chargedQuota(ctx, request.book) }),

      createAudiobookPaymentForm: {
        limit: [limitByUser(ctx.db, 'payment-form', FORM_LIMIT)],
        handler: async (request) => {
          const { user, book } = request;
          if (isUnusedPayment(await newestAudiobook(ctx, book.id))) throw conflict('audiobook.already_paid');
          const amount = await audiobookAmountCents(ctx, book, request.body.price, request.lng);
          const form = await placeOrder(pay, {
            kind: 'audiobook',
            user_id: user.id,
            plan_id: null,
            service_session_id: book.id,
            amount_cents: amount,
            currency: AUDIOBOOK_CURRENCY,
            email: user.email,
            language: request.lng,
          });
          return { success: formOf(form, amount, AUDIOBOOK_CURRENCY) };
        },
      },

      audiobookPaymentStatusCallback: async (request) => {
        const order = await findOrderByReference(ctx.db, request.params.order_id);
        if (!order || order.user_id !== request.user.id || order.kind !== 'audiobook') throw notFound('payments.unknown_order');
        return { success: await presentConfirmation(pay, await confirmOrder(pay, order), request.lng) };
      },

      generateAudiobook: async (request) => ({ success: await startAudiobook(ctx, request.book, request.lng) }),

      createVoiceModel: {
        limit: [limitByUser(ctx.db, 'voice_model', VOICE_MODEL_LIMIT)],
        handler: async (request) => ({
          success: await createVoiceModel(ctx, request.book, request.user.id, bookLanguageOf(request.book), request.body.measure),
        }),
      },

      myVoiceData: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { success: await myVoiceData(ctx, request.user.id) };
      },

      deleteVoiceModel: async (request) => {
        await deleteVoiceModel(ctx, request.user.id, request.params.voice_model_id);
        return { success: true as const };
      },

      deleteVoiceSample: async (request) => {
        await deleteVoiceSample(ctx, request.book);
        return { success: true as const };
      },

      audiobookStatus: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { success: await audiobookStatus(ctx, request.book, request.lng) };
      },

      audiobookFile: async (request, reply) => {
        const { file } = request.params;
        const data = await audiobookFile(ctx, request.book, file);
        if (!data) throw notFound('audiobook.none');
        reply.header('cache-control', 'private, no-store');
        reply.header('accept-ranges', 'bytes');
        reply.type(AUDIO_TYPES[file.split('.').pop()!]);
        const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
        if (!range || (!range[1] && !range[2])) return reply.send(data);
        const start = range[1] ? Number(range[1]) : Math.max(0, data.length - Number(range[2]));
        const end = range[1] && range[2] ? Math.min(Number(range[2]), data.length - 1) : data.length - 1;
        if (start > end || start >= data.length) return reply.code(416).header('content-range', `bytes */${data.length}`).send();
        return reply
          .code(206)
          .header('content-range', `bytes ${start}-${end}/${data.length}`)
          .send(data.subarray(start, end + 1));
      },
    };
  });
