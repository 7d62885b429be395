import { defineCall, type MultipartForm } from './contract';
import { OrderIdParamsSchema, PaymentFormSchema } from '../schemas/payments';
import {
  CreatePrintingPaymentFormBodySchema,
  PrintFileParamsSchema,
  PrintFileQuerySchema,
  PrintingConfirmationSchema,
  PrintOrderSchema,
  PrintQuoteSchema,
  QuoteBookBodySchema,
  SubmitPrintingFieldsSchema,
  UploadDocxFieldsSchema,
} from '../schemas/printing';

/** Largest .docx accepted for printing (the manuscript import's limit). */
export const MAX_PRINT_DOCX_BYTES = 10_000_000;

const docxFile = { file: { maxBytes: MAX_PRINT_DOCX_BYTES, tooBig: 'printing.document_too_big' } };

/**
 * Printed copies (spec sections 2, 4, 7; issue 14; docs/printing.md): a quote from a .docx or a
 * Plume book → payment of that quote → the print order with its address.
 */
export const printingApi = {
  uploadDocx: defineCall({
    method: 'POST',
    path: '/uploadDocx',
    scope: 'user',
    multipart: { fields: UploadDocxFieldsSchema, files: docxFile } satisfies MultipartForm,
    response: PrintQuoteSchema,
  }),
  /** "Print this book": the quote of a book written in Plume, without exporting it first. */
  quoteBookForPrinting: defineCall({
    method: 'POST',
    path: '/quoteBookForPrinting',
    scope: 'user',
    book: { in: 'body', key: 'service_session_id' },
    body: QuoteBookBodySchema,
    response: PrintQuoteSchema,
  }),
  createPrintingPaymentForm: defineCall({
    method: 'POST',
    path: '/createPrintingPaymentForm',
    scope: 'user',
    body: CreatePrintingPaymentFormBodySchema,
    response: PaymentFormSchema,
  }),
  printingPaymentStatusCallback: defineCall({
    method: 'GET',
    path: '/printingPaymentStatusCallback/:order_id',
    scope: 'user',
    params: OrderIdParamsSchema,
    response: PrintingConfirmationSchema,
  }),
  submitDocxForPrinting: defineCall({
    method: 'POST',
    path: '/submitDocxForPrinting',
    scope: 'user',
    multipart: { fields: SubmitPrintingFieldsSchema, files: docxFile } satisfies MultipartForm,
    response: PrintOrderSchema,
  }),
  /** The print files of an order, for the print provider: a link signed by the server, valid a few days. */
  printFile: defineCall({
    method: 'GET',
    path: '/printFile/:order_id/:file',
    scope: 'public',
    params: PrintFileParamsSchema,
    query: PrintFileQuerySchema,
  }),
};

/** Lulu's webhook (PRINT_JOB_STATUS_CHANGED), signed with HMAC-SHA256 of the raw body; answers text. */
export const luluWebhookApi = {
  luluWebhook: defineCall({ method: 'POST', path: '/luluWebhook', scope: 'public' }),
};
