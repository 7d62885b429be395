import { z } from 'zod';
import { Id } from './api';
import { PRINT_STATUSES } from '../rules/printing';
import { OrderReference } from './payments';

export { PRINT_STATUSES, type PrintStatus } from '../rules/printing';

/**
 * Printed copies (spec section 7, issue 14). Text fields arrive as they were typed: the server
 * checks each one and answers a translated error naming what is wrong (copies, each address line).
 */

const Field = z.string().max(500).optional();
export const QuoteReference = z.string().regex(/^PQ[A-Za-z0-9_-]{6,64}$/);

/** uploadDocx: the document (file) and the number of copies. */
export const UploadDocxFieldsSchema = z.object({ copies: Field });

/** "Print this book": a book written in Plume, priced from its own typesetting. */
export const QuoteBookBodySchema = z.object({
  service_session_id: Id,
  copies: z.union([z.number(), z.string().max(20)]).optional(),
});

/** Where the copies go: what a carrier needs. */
export const ShippingFieldsSchema = z.object({
  recipient_name: Field,
  address: Field,
  postal_code: Field,
  city: Field,
  country: Field,
  phone: Field,
});
export type ShippingFields = z.infer<typeof ShippingFieldsSchema>;
export interface ShippingAddress {
  recipient_name: string;
  address: string;
  postal_code: string;
  city: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  phone: string;
}

export const PrintQuoteSchema = z.object({
  quote_id: QuoteReference,
  /** Pages the printer receives (blank pages added to reach the binding's minimum and an even count). */
  pageCount: z.number(),
  /** Pages of the typeset text itself. */
  contentPages: z.number(),
  blankPages: z.number(),
  copies: z.number(),
  /** The whole order, tax and shipping included. */
  price: z.number(),
  copyPrice: z.number(),
  shipping: z.number(),
  currency: z.string(),
  title: z.string(),
  expires_at: z.string(),
});
export type PrintQuote = z.infer<typeof PrintQuoteSchema>;

export const CreatePrintingPaymentFormBodySchema = ShippingFieldsSchema.extend({
  /** The price the buyer saw: refused when it is not the stored quote's. */
  price: z.number(),
  quote_id: QuoteReference,
});

export const SubmitPrintingFieldsSchema = ShippingFieldsSchema.extend({
  copies: Field,
  quote_id: QuoteReference,
  order_id: OrderReference,
});

export const PrintingConfirmationSchema = z.object({
  order: OrderReference,
  quote_id: QuoteReference,
  price: z.number(),
  currency: z.string(),
  tax: z.number(),
  pageCount: z.number(),
  copies: z.number(),
  title: z.string(),
});

export const PrintOrderSchema = z.object({
  order: OrderReference,
  status: z.enum(PRINT_STATUSES),
  message: z.string(),
});

export const PrintFileParamsSchema = z.object({ order_id: OrderReference, file: z.enum(['interior.pdf', 'cover.pdf']) });
export const PrintFileQuerySchema = z.object({
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});
