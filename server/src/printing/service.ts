import crypto from 'node:crypto';
import type { Language } from '@common/constants';
import { formatPrice, fromCents, taxIncludedCents, toCents } from '@common/rules/prices';
import {
  coverGeometry,
  ENDED_PRINT_STATUSES,
  PRINT_FILE_LINK_LIFETIME_MS,
  printPriceCents,
  TRIM_INCHES,
  type PrintPriceTable,
  type PrintStatus,
} from '@common/rules/printing';
import type { PrintQuote, ShippingAddress, ShippingFields } from '@common/schemas/printing';
import { COVER_IMAGE_KEY } from '@common/schemas/workspace';
import type { AppContext } from '../app';
import type { RequestUser } from '../auth/guard';
import { sessionFileKey } from '../books/files';
import { findSessionFile, type SessionRow } from '../books/repository';
import { readStoredImage } from '../exports/images';
import { exportFiles, keepPhotos, loadBookSource } from '../exports/service';
import { chapterParagraphs, cleanLine } from '../exports/text';
import type { ExportResult } from '../exports/worker';
import { AppError, badRequest, conflict, notFound, paymentRequired } from '../http/errors';
import type { UploadedFile } from '../http/multipart';
import { composeMail } from '../providers/mail/templates';
import { findOrder, findOrderByReference, type OrderRow } from '../payments/orders';
import type { JobHandler } from '../jobs/queue';
import { normalizeLanguage } from '@common/languages';
import { refundOrder } from '../payments/refund';
import { confirmOrder, placeOrder, type PaymentsContext } from '../payments/service';
import { renderCoverSpread } from './cover';
import { emailFulfilment, operatorMail } from './fulfilment/email';
import { deletePrintFilesOfDeletedBook, orderFileKey } from './files';
import { PRINT_SUBMISSION_JOB } from './jobs';
import type { PrintFulfilment, PrintJob } from './fulfilment';
import { printStatusOfLulu, verifyLuluSignature } from './fulfilment/lulu';
import {
  findPrintOrderByJob,
  findPrintOrderOfOrder,
  findQuote,
  findQuoteOfUser,
  insertPrintOrder,
  insertQuote,
  newQuoteReference,
  updatePrintOrder,
  type PrintOrderRow,
  type QuoteRow,
} from './repository';

/** What the printing calls work with: the app, the payments context (orders, mailer, clock), the price table, the printer. */
export interface PrintingContext {
  app: AppContext;
  pay: PaymentsContext;
  table: PrintPriceTable;
  fulfilment: PrintFulfilment;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const quoteInteriorKey = (reference: string) => `printing/quotes/${reference}/interior.pdf`;

/** Copies as typed: a whole number within the table's limits, else a translated 400. */
export function parseCopies(raw: unknown, table: PrintPriceTable): number {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  const copies = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(copies) || copies < table.min_copies || copies > table.max_copies)
    throw badRequest('printing.copies_invalid', { min: table.min_copies, max: table.max_copies });
  return copies;
}

/** Each line of the address and the error naming it when it is missing. */
const MISSING = {
  recipient_name: 'printing.recipient_name_missing',
  address: 'printing.address_missing',
  postal_code: 'printing.postal_code_missing',
  city: 'printing.city_missing',
  country: 'printing.country_missing',
  phone: 'printing.phone_missing',
} as const;
const ADDRESS_FIELDS = Object.keys(MISSING) as Array<keyof typeof MISSING>;

/** Every line a carrier needs, each present (a translated 400 names the first one missing). */
export function parseAddress(fields: ShippingFields): ShippingAddress {
  const values = Object.fromEntries(
    ADDRESS_FIELDS.map((name) => [name, cleanLine(fields[name] ?? '').slice(0, 200)]),
  ) as unknown as ShippingAddress;
  for (const name of ADDRESS_FIELDS) if (!values[name]) throw badRequest(MISSING[name]);
  values.country = values.country.toUpperCase();
  if (!/^[A-Z]{2}$/.test(values.country)) throw badRequest('printing.country_missing');
  if (!/^\+?[\d\s().-]{6,25}$/.test(values.phone)) throw badRequest('printing.phone_invalid');
  return values;
}

export function presentQuote(quote: QuoteRow, table: PrintPriceTable): PrintQuote {
  return {
    quote_id: quote.reference,
    pageCount: quote.page_count,
    contentPages: quote.content_pages,
    blankPages: quote.page_count - quote.content_pages,
    copies: quote.copies,
    price: fromCents(quote.amount_cents),
    copyPrice: fromCents((quote.amount_cents - table.shipping_cents) / quote.copies),
    shipping: fromCents(table.shipping_cents),
    currency: quote.currency,
    title: quote.title,
    expires_at: quote.expires_at,
  };
}

/** The manuscript import's refusals, told in printing's words. */
const IMPORT_ERRORS: Record<string, string> = {
  'books.document_wrong_type': 'printing.document_wrong_type',
  'books.document_empty': 'printing.document_empty',
  'books.document_encrypted': 'printing.document_encrypted',
  'books.document_damaged': 'printing.document_damaged',
  'books.document_too_big': 'printing.document_too_big',
  'books.document_too_long': 'printing.document_too_long',
};

/** The interior is typeset in the export pool; a document it refused answers its translated error (books.* → printing.*). */
async function typesetInterior(job: Parameters<typeof exportFiles>[0]): Promise<ExportResult & { files: Record<string, Buffer> }> {
  let result;
  try {
    result = await exportFiles(job);
  } catch (error) {
    if (error instanceof AppError && error.code === 'exports.too_heavy')
      throw new AppError(413, 'printing.document_too_big', { max_mb: 10 });
    throw error;
  }
  if (result.refused)
    throw new AppError(result.refused.status, IMPORT_ERRORS[result.refused.code] ?? 'printing.document_damaged', { max_mb: 10 });
  return result;
}

async function saveQuote(
  ctx: PrintingContext,
  input: {
    user: RequestUser;
    sessionId: number | null;
    fileHash: string;
    copies: number;
    result: ExportResult & { files: Record<string, Buffer> };
  },
): Promise<PrintQuote> {
  const { table } = ctx;
  const pages = input.result.pageCount ?? 0;
  if (pages > table.max_pages) throw badRequest('printing.too_many_pages', { max: table.max_pages, pages });
  const amount = printPriceCents(table, pages, input.copies);
  if (amount === null) throw badRequest('printing.too_many_pages', { max: table.max_pages, pages });
  const reference = newQuoteReference();
  const key = quoteInteriorKey(reference);
  await ctx.app.storage.put(key, input.result.files['interior.pdf'], 'application/pdf');
  const now = ctx.pay.now();
  const quote = await insertQuote(ctx.app.db, {
    reference,
    user_id: input.user.id,
    service_session_id: input.sessionId,
    file_hash: input.fileHash,
    title: input.result.title,
    author: `${input.user.first_name} ${input.user.last_name}`.trim(),
    content_pages: input.result.contentPages ?? pages,
    page_count: pages,
    copies: input.copies,
    amount_cents: amount,
    currency: table.currency,
    interior_key: key,
    expires_at: new Date(now.getTime() + table.quote_lifetime_minutes * 60_000).toISOString(),
    created_at: now.toISOString(),
  });
  return presentQuote(quote, table);
}

/**
 * uploadDocx: a .docx (only) typeset for the print trim by the export engine (mammoth → our
 * layout, in the worker pool); its page count and price are stored as a quote.
 */
export async function quoteDocx(
  ctx: PrintingContext,
  user: RequestUser,
  upload: UploadedFile | undefined,
  copiesRaw: unknown,
  lng: Language,
): Promise<PrintQuote> {
  if (!upload) throw badRequest('printing.document_missing');
  if (!/\.docx$/i.test(upload.filename)) throw new AppError(415, 'printing.document_wrong_type');
  const copies = parseCopies(copiesRaw, ctx.table);
  const data = upload.data;
  if (data.length === 0) throw badRequest('printing.document_empty');
  if (data.subarray(0, 8).equals(CFB_MAGIC) && data.includes(ENCRYPTED_PACKAGE)) throw badRequest('printing.document_encrypted');
  if (!data.subarray(0, 4).equals(ZIP_MAGIC)) throw new AppError(415, 'printing.document_wrong_type');
  const title = cleanLine(upload.filename.replace(/\.docx$/i, '').replace(/[_]+/g, ' ')).slice(0, 200);
  const result = await typesetInterior({
    kind: 'print-docx',
    docx: data,
    title,
    author: `${user.first_name} ${user.last_name}`.trim(),
    language: lng,
    trim: ctx.table.trim,
    minPages: ctx.table.min_pages,
  });
  return saveQuote(ctx, { user, sessionId: null, fileHash: sha256(data), copies, result });
}

/** "Print this book": a Plume book typeset for the print trim straight from its text, no export or upload. */
export async function quoteBook(ctx: PrintingContext, user: RequestUser, book: SessionRow, copiesRaw: unknown): Promise<PrintQuote> {
  const copies = parseCopies(copiesRaw ?? ctx.table.min_copies, ctx.table);
  const author = `${user.first_name} ${user.last_name}`.trim();
  const { source, language, images, stored } = await loadBookSource(ctx.app, book, author, new Map());
  if (!source.checkpoint.data.some((chapter) => chapterParagraphs(chapter).length > 0)) throw badRequest('printing.book_empty');
  const result = await typesetInterior({
    kind: 'print',
    source,
    language,
    images,
    stored,
    trim: ctx.table.trim,
    minPages: ctx.table.min_pages,
  });
  await keepPhotos(ctx.app, book.id, result.keptPhotos);
  return saveQuote(ctx, { user, sessionId: book.id, fileHash: sha256(result.files['interior.pdf']), copies, result });
}

async function liveQuote(ctx: PrintingContext, user: RequestUser, reference: string): Promise<QuoteRow> {
  const quote = await findQuoteOfUser(ctx.app.db, reference, user.id);
  if (!quote) throw notFound('printing.unknown_quote');
  if (quote.expires_at <= ctx.pay.now().toISOString()) throw new AppError(410, 'printing.quote_expired');
  return quote;
}

/**
 * createPrintingPaymentForm: charges the stored quote, never a client's amount. A price other
 * than the quote's (tampered, or a stale screen) and an expired quote are refused before any order.
 */
export async function createPrintingForm(
  ctx: PrintingContext,
  user: RequestUser,
  body: ShippingFields & { price: number; quote_id: string },
  lng: Language,
) {
  const quote = await liveQuote(ctx, user, body.quote_id);
  if (toCents(body.price) !== quote.amount_cents)
    throw new AppError(
      409,
      'printing.price_changed',
      { price: formatPrice(fromCents(quote.amount_cents), lng, quote.currency) },
      { price: fromCents(quote.amount_cents) },
    );
  const address = parseAddress(body);
  const form = await placeOrder(ctx.pay, {
    kind: 'printing',
    user_id: user.id,
    plan_id: null,
    service_session_id: quote.service_session_id,
    amount_cents: quote.amount_cents,
    currency: quote.currency,
    email: user.email,
    language: lng,
    print_quote_id: quote.id,
    shipping_address: JSON.stringify(address),
  });
  return { ...form, amount: fromCents(quote.amount_cents), currency: quote.currency };
}

/** The caller's printing order by its reference, confirmed with the provider; 404 for anyone else's. */
async function printingOrderOf(ctx: PrintingContext, user: RequestUser, reference: string): Promise<OrderRow> {
  const found = await findOrderByReference(ctx.app.db, reference);
  if (!found || found.kind !== 'printing' || found.user_id !== user.id) throw notFound('payments.unknown_order');
  return confirmOrder(ctx.pay, found);
}

/**
 * The caller's printing order, paid; 402 while it is not. A refunded one (it could not reach the printer) is 410: its
 * page must say so, not offer to pay again.
 */
async function paidPrintingOrderOf(ctx: PrintingContext, user: RequestUser, reference: string, notPaid: string): Promise<OrderRow> {
  const order = await printingOrderOf(ctx, user, reference);
  if (order.status === 'refunded') throw new AppError(410, 'printing.order_refunded');
  if (order.status !== 'paid') throw paymentRequired(notPaid);
  return order;
}

/** printingPaymentStatusCallback: what was paid, or 402 while it is not. */
export async function printingConfirmation(ctx: PrintingContext, user: RequestUser, reference: string) {
  const order = await paidPrintingOrderOf(ctx, user, reference, 'payments.not_paid');
  const quote = await ctx.app.db.selectFrom('print_quotes').selectAll().where('id', '=', order.print_quote_id!).executeTakeFirstOrThrow();
  return {
    order: order.reference,
    quote_id: quote.reference,
    price: fromCents(order.amount_cents),
    currency: order.currency,
    tax: fromCents(taxIncludedCents(order.amount_cents, order.tax_rate_bp)),
    pageCount: quote.page_count,
    copies: quote.copies,
    title: quote.title,
  };
}

/** A link the print provider can fetch without an account: HMAC of the order, the file and the expiry. */
export function signFileLink(ctx: Pick<PrintingContext, 'app'>, reference: string, file: 'interior.pdf' | 'cover.pdf', expires: number) {
  return crypto.createHmac('sha256', fileLinkKey(ctx)).update(`${reference}/${file}/${expires}`).digest('hex');
}
const fileLinkKey = (ctx: Pick<PrintingContext, 'app'>) =>
  crypto
    .createHmac('sha256', ctx.app.config.SECRET_KEY ?? 'plume-development')
    .update('print-files')
    .digest();

export function fileLink(ctx: Pick<PrintingContext, 'app'>, reference: string, file: 'interior.pdf' | 'cover.pdf', now: Date): string {
  const expires = Math.floor((now.getTime() + PRINT_FILE_LINK_LIFETIME_MS) / 1000);
  const base = ctx.app.config.PUBLIC_URL.replace(/\/+$/, '');
  return `${base}/api/printFile/${reference}/${file}?expires=${expires}&signature=${signFileLink(ctx, reference, file, expires)}`;
}

export function checkFileLink(
  ctx: PrintingContext,
  reference: string,
  file: 'interior.pdf' | 'cover.pdf',
  expires: number,
  signature: string,
) {
  const expected = Buffer.from(signFileLink(ctx, reference, file, expires), 'hex');
  const given = Buffer.from(signature, 'hex');
  const valid = expected.length === given.length && crypto.timingSafeEqual(expected, given);
  if (!valid || expires * 1000 < ctx.pay.now().getTime()) throw notFound('not_found');
}

/**
 * submitDocxForPrinting: only for a paid order of this very quote (same copies, same document when
 * one is sent). The server has most often handed the order to the printer already (printHandOverJob, as soon as
 * it was paid): this answers that print order; else it hands it over now. A second submit answers the first order.
 */
export async function submitPrintOrder(
  ctx: PrintingContext,
  user: RequestUser,
  fields: ShippingFields & { copies?: string; quote_id: string; order_id: string },
  upload: UploadedFile | undefined,
  lng: Language,
) {
  const { db } = ctx.app;
  const order = await paidPrintingOrderOf(ctx, user, fields.order_id, 'printing.not_paid');
  const quote = await findQuoteOfUser(db, fields.quote_id, user.id);
  if (!quote || order.print_quote_id !== quote.id) throw conflict('printing.quote_mismatch');
  if (fields.copies !== undefined && parseCopies(fields.copies, ctx.table) !== quote.copies) throw conflict('printing.copies_changed');
  if (upload && upload.data.length > 0 && sha256(upload.data) !== quote.file_hash) throw conflict('printing.document_changed');
  const row =
    (await findPrintOrderOfOrder(db, order.id)) ??
    (await handOverPrintOrder(ctx, order, quote, paidForAddress(order) ?? parseAddress(fields)));
  if (closedForRefund(row)) throw new AppError(410, 'printing.order_canceled');
  return presentPrintOrder(ctx, order, row, lng);
}

/** The address a printing order was paid for (null for an order placed before it was kept: its page's submit gives it). */
const paidForAddress = (order: OrderRow): ShippingAddress | null =>
  order.shipping_address === null ? null : (JSON.parse(order.shipping_address) as ShippingAddress);

/**
 * A paid printing order becomes a print order, once: its interior and cover photo kept in its folder, the order
 * stored, handed to the printer (or to the queue, to be tried again, when the printer does not answer), and the
 * author told by e-mail. Whoever comes second (the page's submit, the hand-over job) finds the first one's order.
 */
async function handOverPrintOrder(
  ctx: PrintingContext,
  order: OrderRow,
  quote: QuoteRow,
  address: ShippingAddress,
): Promise<PrintOrderRow> {
  const { db, storage } = ctx.app;
  const interior = await storage.get(quote.interior_key);
  if (!interior) throw new AppError(410, BOOK_DELETED);
  const now = ctx.pay.now();
  const row = printOrderOf(ctx, order, quote.id, address, 'received', now);
  await storage.put(row.interior_key, interior, 'application/pdf');
  if (quote.service_session_id !== null) await keepCoverPhoto(ctx.app, order.reference, quote.service_session_id);
  const inserted = await insertPrintOrder(db, row);
  if (!inserted) return (await findPrintOrderOfOrder(db, order.id))!;

  try {
    const job = await printJobOf(ctx, { order, quote, address, contactEmail: order.email, interior, coverKey: row.cover_key, now });
    const sent = await ctx.fulfilment.submit(job);
    await updatePrintOrder(
      db,
      inserted.id,
      { status: sent.status, provider_job_id: sent.jobId, provider_status: sent.providerStatus },
      now.toISOString(),
    );
  } catch (error) {
    // The order is paid and stored: the queue tries the provider again (a Lulu outage loses no order);
    // after the last try a person takes over (printSubmissionJob's failed).
    ctx.pay.log.error({ err: error, reference: order.reference }, 'print provider did not take the order: queued to be tried again');
    await ctx.app.queue.enqueue(PRINT_SUBMISSION_JOB, inserted.id);
  }
  await sendPrintConfirmation(ctx, order, quote, address).catch((error: unknown) =>
    ctx.pay.log.error({ err: error, reference: order.reference }, 'print confirmation not sent'),
  );
  return (await findPrintOrderOfOrder(db, order.id))!;
}

/** The print order of a paid order, its files in the order's folder. */
function printOrderOf(ctx: PrintingContext, order: OrderRow, quoteId: number, address: ShippingAddress, status: PrintStatus, now: Date) {
  return {
    order_id: order.id,
    quote_id: quoteId,
    user_id: order.user_id,
    ...address,
    interior_key: orderFileKey(order.reference, 'interior.pdf'),
    cover_key: orderFileKey(order.reference, 'cover.pdf'),
    status,
    provider: ctx.fulfilment.kind,
    provider_job_id: null,
    provider_status: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
}

/** A print order standing for an order closed to the printer before its refund (never handed to any printer). */
const closedForRefund = (row: Pick<PrintOrderRow, 'status' | 'provider_job_id'>) =>
  row.status === 'canceled' && row.provider_job_id === null;

/** Why a paid order cannot be printed at all: its book, deleted between the quote and the payment, took its interior with it. */
const BOOK_DELETED = 'printing.book_deleted';

/**
 * The print_hand_over job: a printing order just paid is handed to the printer by the server, with the address it
 * was paid for — the buyer's page may have been closed right after paying, and never submit it. An order whose book
 * is gone is refunded at once; one that cannot be handed over after its tries is refunded then. Its author is told.
 */
export function printHandOverJob(ctx: PrintingContext): JobHandler {
  return {
    retries: 2,
    async run(orderId) {
      const { db } = ctx.app;
      const order = await findOrder(db, orderId);
      const address = order && paidForAddress(order);
      if (!order || order.status !== 'paid' || order.print_quote_id === null || !address) return;
      const printOrder = await findPrintOrderOfOrder(db, order.id);
      // closed by a refund the provider refused: the refund is what is tried again
      if (printOrder && closedForRefund(printOrder)) return refundUnprintedOrder(ctx, orderId, 'the refund tried again');
      if (printOrder) return;
      const quote = await findQuote(db, order.print_quote_id);
      if (!quote) return;
      try {
        await handOverPrintOrder(ctx, order, quote, address);
      } catch (error) {
        if (!(error instanceof AppError && error.code === BOOK_DELETED)) throw error;
        await refundUnprintedOrder(ctx, orderId, BOOK_DELETED);
      }
    },
    async failed(orderId, reason) {
      try {
        await refundUnprintedOrder(ctx, orderId, reason);
      } catch (error) {
        await askOperatorToRefund(ctx, orderId, error);
      }
    },
  };
}

/** A refund the payment provider refused, after the job's tries: the print operator gives the money back by hand. */
async function askOperatorToRefund(ctx: PrintingContext, orderId: number, error: unknown) {
  const order = (await findOrder(ctx.app.db, orderId))!;
  ctx.pay.log.error({ err: error, reference: order.reference }, 'refund of a paid print order refused: sent to the print operator');
  const paid = formatPrice(fromCents(order.amount_cents), 'en', order.currency);
  const lines = [
    `Order ${order.reference} was paid (${paid}, by ${order.email}) for printed copies that never reached the printer,`,
    'and the payment provider refused to refund it:',
    '',
    error instanceof Error ? error.message : String(error),
    '',
    `Give the money back from the payment provider's back office, then record it: \`npm run refund -- --outside ${order.reference}\`.`,
    `(Or run \`npm run refund -- ${order.reference}\` once the provider accepts the refund.)`,
  ];
  await ctx.pay.mailer.send(operatorMail(ctx.app.config.PRINT_ORDERS_EMAIL, `Refund by hand: print order ${order.reference}`, lines));
}

/**
 * Gives back the money of a paid printing order that never reached the printer, and tells its author. The order is
 * closed to the printer first, in one statement: a `canceled` print order takes its place, so a page's submit coming
 * while the refund is under way finds it instead of handing the order over; a print order already there (handed
 * over meanwhile) leaves the money where it is.
 */
async function refundUnprintedOrder(ctx: PrintingContext, orderId: number, reason: string) {
  const { db } = ctx.app;
  const order = await findOrder(db, orderId);
  const address = order && paidForAddress(order);
  if (!order || order.status !== 'paid' || order.print_quote_id === null || !address) return;
  const closed =
    (await insertPrintOrder(db, printOrderOf(ctx, order, order.print_quote_id, address, 'canceled', ctx.pay.now()))) ??
    (await findPrintOrderOfOrder(db, order.id));
  if (!closed || !closedForRefund(closed)) return;
  ctx.pay.log.error({ reason, reference: order.reference }, 'a paid print order could not be handed to the printer: refunding it');
  if (await refundOrder(ctx.app.db, ctx.pay.provider, order, ctx.pay.now())) await sendPrintRefundedMail(ctx, order);
}

/** The author's word that an order which could not be handed to the printer has been refunded. */
async function sendPrintRefundedMail(ctx: PrintingContext, order: OrderRow) {
  const quote = order.print_quote_id === null ? undefined : await findQuote(ctx.app.db, order.print_quote_id);
  await mailAuthor(ctx, order, 'print_refunded', (lng) => ({
    title: quote?.title ?? '',
    reference: order.reference,
    price: formatPrice(fromCents(order.amount_cents), lng, order.currency),
  }));
}

/** A message about a print order to its author, in the language they paid in, its button to their orders. */
async function mailAuthor(
  ctx: PrintingContext,
  order: OrderRow,
  kind: 'print_order' | 'print_refunded',
  params: (lng: Language) => Record<string, string | number>,
) {
  const lng = normalizeLanguage(order.language);
  const orders = `${ctx.app.config.PUBLIC_URL.replace(/\/+$/, '')}/${lng}/profile`;
  await ctx.pay.mailer.send(composeMail(ctx.app.translate, lng, kind, order.email, orders, params(lng)));
}

/**
 * The book's cover photo as it is when the order is placed, kept with the order: a later try (after a Lulu outage) draws
 * the cover that was ordered, whatever becomes of the book meanwhile (a new photo, the book deleted).
 */
async function keepCoverPhoto({ db, storage }: Pick<AppContext, 'db' | 'storage'>, reference: string, bookId: number) {
  const photo = await findSessionFile(db, bookId, COVER_IMAGE_KEY);
  const bytes = photo && (await storage.get(sessionFileKey(bookId, COVER_IMAGE_KEY)));
  if (photo && bytes) await storage.put(orderFileKey(reference, 'cover-photo'), bytes, photo.content_type);
}

/** What a print provider receives for a stored print order (at submission, and when the queue tries again). */
async function printJobOf(
  ctx: PrintingContext,
  {
    order,
    quote,
    address,
    contactEmail,
    interior,
    coverKey,
    now,
  }: {
    order: OrderRow;
    quote: QuoteRow;
    address: ShippingAddress;
    contactEmail: string;
    interior: Buffer;
    coverKey: string;
    now: Date;
  },
): Promise<PrintJob> {
  const { storage, translate } = ctx.app;
  const language = normalizeLanguage(order.language);
  const coverPhoto = await storage.get(orderFileKey(order.reference, 'cover-photo'));
  const image = coverPhoto ? await readStoredImage(coverPhoto) : null;
  return {
    reference: order.reference,
    title: quote.title,
    copies: quote.copies,
    pageCount: quote.page_count,
    contactEmail,
    address,
    interior,
    geometry: coverGeometry(TRIM_INCHES[ctx.table.trim], quote.page_count, ctx.table.pages_per_inch),
    cover: (geometry) =>
      renderCoverSpread(
        { title: quote.title, author: quote.author, image, backLine: translate(language, 'print_order.cover_back_line', {}, 'mail') },
        geometry,
      ),
    urls: { interior: fileLink(ctx, order.reference, 'interior.pdf', now), cover: fileLink(ctx, order.reference, 'cover.pdf', now) },
    storeCover: (pdf) => storage.put(coverKey, pdf, 'application/pdf'),
  };
}

/** Tries of a print order the provider did not take: 30 s, 1 min, 2 min… ≈ 4 h in all, then the print operator's mailbox. */
const PRINT_SUBMISSION_RETRIES = 9;

/** A stored print order and what it was made from, as the queue finds it again. */
async function storedPrintJob(ctx: PrintingContext, id: number) {
  const { db, storage } = ctx.app;
  const row = await db.selectFrom('print_orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const order = await findOrder(db, row.order_id);
  const quote = await findQuote(db, row.quote_id);
  const interior = await storage.get(row.interior_key);
  if (!order || !quote || !interior) throw new Error(`print order ${id}: its order, quote or interior is gone`);
  const address: ShippingAddress = {
    recipient_name: row.recipient_name,
    address: row.address,
    postal_code: row.postal_code,
    city: row.city,
    country: row.country,
    phone: row.phone,
  };
  const job = await printJobOf(ctx, {
    order,
    quote,
    address,
    contactEmail: order.email,
    interior,
    coverKey: row.cover_key,
    now: ctx.pay.now(),
  });
  return { row, order, job };
}

/**
 * The print_submission job (issue 13 item 5): a paid print order the provider (Lulu) did not take at
 * submission is handed to it again with growing waits; after the last try it goes to the print
 * operator's mailbox, as a refused order always did.
 */
export function printSubmissionJob(ctx: PrintingContext): JobHandler {
  return {
    retries: PRINT_SUBMISSION_RETRIES,
    async run(id) {
      const found = await storedPrintJob(ctx, id);
      if (!found || found.row.status !== 'received') return;
      const sent = await ctx.fulfilment.submit(found.job);
      await updatePrintOrder(
        ctx.app.db,
        id,
        { status: sent.status, provider_job_id: sent.jobId, provider_status: sent.providerStatus },
        ctx.pay.now().toISOString(),
      );
    },
    async failed(id, reason) {
      const found = await storedPrintJob(ctx, id);
      if (!found || found.row.status !== 'received') return;
      ctx.pay.log.error(
        { reason, reference: found.order.reference },
        'print provider refused the order: sent to the print operator instead',
      );
      await emailFulfilment(ctx.pay.mailer, ctx.app.config.PRINT_ORDERS_EMAIL).submit(found.job);
      await updatePrintOrder(ctx.app.db, id, { provider: 'email' }, ctx.pay.now().toISOString());
    },
  };
}

function presentPrintOrder(ctx: PrintingContext, order: OrderRow, row: PrintOrderRow, lng: Language) {
  return {
    order: order.reference,
    status: row.status as PrintStatus,
    message: ctx.app.translate(lng, 'print_order.submitted', { reference: order.reference }, 'mail'),
  };
}

/** The author's confirmation: what will be printed, how many, where it goes. */
async function sendPrintConfirmation(ctx: PrintingContext, order: OrderRow, quote: QuoteRow, address: ShippingAddress) {
  await mailAuthor(ctx, order, 'print_order', () => ({
    title: quote.title,
    copies: quote.copies,
    pages: quote.page_count,
    reference: order.reference,
    address: [address.recipient_name, address.address, `${address.postal_code} ${address.city}`, address.country].join(', '),
  }));
}

/**
 * Lulu's PRINT_JOB_STATUS_CHANGED webhook: refused (401) unless signed with the API secret; then
 * the print order of that job takes the new status (unknown jobs and statuses are ignored).
 */
export async function applyLuluWebhook(ctx: PrintingContext, raw: Buffer, signature: string | undefined): Promise<void> {
  const secret = ctx.app.config.LULU_CLIENT_SECRET;
  if (!secret || !verifyLuluSignature(secret, raw, signature)) throw new AppError(401, 'printing.bad_signature');
  let event: { topic?: string; data?: { id?: number | string; status?: { name?: string } } };
  try {
    event = JSON.parse(raw.toString('utf8')) as typeof event;
  } catch {
    throw badRequest();
  }
  if (event.topic !== 'PRINT_JOB_STATUS_CHANGED' || event.data?.id === undefined) return;
  const row = await findPrintOrderByJob(ctx.app.db, 'lulu', String(event.data.id));
  const name = event.data.status?.name ?? '';
  const status = printStatusOfLulu(name);
  if (!row || !status) return;
  await updatePrintOrder(ctx.app.db, row.id, { status, provider_status: name }, ctx.pay.now().toISOString());
  if (ENDED_PRINT_STATUSES.includes(status)) await deletePrintFilesOfDeletedBook(ctx.app, row);
}
