import { luluWebhookApi, printingApi } from '@common/api/printing';
import type { AreaRoutes } from '../app';
import { notFound } from '../http/errors';
import { routesOf } from '../http/routes';
import { limitByIp, limitByUser } from '../rate-limit';
import { FORM_LIMIT } from '../payments/checkout';
import type { PaymentsContext } from '../payments/service';
import { createFulfilment } from './fulfilment';
import { loadPriceTable } from './prices';
import { orderFileKey } from './files';
import { PRINT_HANDOVER_JOB, PRINT_SUBMISSION_JOB } from './jobs';
import {
  applyLuluWebhook,
  checkFileLink,
  createPrintingForm,
  printingConfirmation,
  printHandOverJob,
  printSubmissionJob,
  quoteBook,
  quoteDocx,
  submitPrintOrder,
  type PrintingContext,
} from './service';

/** Typesetting a document costs a worker thread for a while: a user gets this many quotes per window. */
const QUOTE_LIMIT = { max: 40, windowMs: 15 * 60_000 };
const CALLBACK_LIMIT = { max: 60, windowMs: 15 * 60_000 };

/**
 * Printed copies (issue 14, docs/printing.md). Registered with the money areas (it shares their
 * payments context); Lulu's webhook sits in its own scope, which keeps the raw body it must verify.
 */
export const printingRoutes =
  (pay: PaymentsContext): AreaRoutes =>
  async (api, app) => {
    const table = loadPriceTable(app.config.contentDir);
    const ctx: PrintingContext = { app, pay, table, fulfilment: createFulfilment(app.config, pay.mailer, table.pod_package_id) };
    app.queue.handle(PRINT_HANDOVER_JOB, printHandOverJob(ctx));
    app.queue.handle(PRINT_SUBMISSION_JOB, printSubmissionJob(ctx));

    await routesOf(printingApi, ({ db, storage }) => ({
      uploadDocx: {
        limit: [limitByUser(db, 'print-quote', QUOTE_LIMIT)],
        handler: async (request) => ({
          success: await quoteDocx(ctx, request.user, request.uploads.file, request.body.copies, request.lng),
        }),
      },
      quoteBookForPrinting: {
        limit: [limitByUser(db, 'print-quote', QUOTE_LIMIT)],
        handler: async (request) => ({ success: await quoteBook(ctx, request.user, request.book, request.body.copies) }),
      },
      createPrintingPaymentForm: {
        limit: [limitByUser(db, 'payment-form', FORM_LIMIT)],
        handler: async (request) => {
          const form = await createPrintingForm(ctx, request.user, request.body, request.lng);
          return { success: { ...form, orderId: form.order_id } };
        },
      },
      printingPaymentStatusCallback: {
        limit: [limitByUser(db, 'print-callback', CALLBACK_LIMIT)],
        handler: async (request) => ({ success: await printingConfirmation(ctx, request.user, request.params.order_id) }),
      },
      submitDocxForPrinting: {
        limit: [limitByUser(db, 'print-submit', CALLBACK_LIMIT)],
        handler: async (request) => ({
          success: await submitPrintOrder(ctx, request.user, request.body, request.uploads.file, request.lng),
        }),
      },
      printFile: {
        limit: [limitByIp(db, 'print-file', CALLBACK_LIMIT)],
        handler: async (request, reply) => {
          const { order_id, file } = request.params;
          checkFileLink(ctx, order_id, file, request.query.expires, request.query.signature);
          const data = await storage.get(orderFileKey(order_id, file));
          if (!data) throw notFound();
          return reply
            .type('application/pdf')
            .header('content-disposition', `attachment; filename="${order_id}-${file}"`)
            .header('cache-control', 'private, no-store')
            .send(data);
        },
      },
    }))(api, app);

    await api.register(async (scope) => {
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      await routesOf(luluWebhookApi, () => ({
        luluWebhook: async (request, reply) => {
          const signature = request.headers['lulu-hmac-sha256'];
          await applyLuluWebhook(
            ctx,
            Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            typeof signature === 'string' ? signature : undefined,
          );
          return reply.type('text/plain').send('OK');
        },
      }))(scope, app);
    });
  };
