import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  copyPriceCents,
  coverGeometry,
  PRINT_FILE_LINK_LIFETIME_MS,
  printedPages,
  printFilesInUse,
  printPriceCents,
  TRIM_INCHES,
} from '@common/rules/printing';
import { buildTestApp, createBook, createUser, buildCheckpoint, type TestApp, type TestUser } from '../../test/helpers';
import { requestsTo } from '../../test/requests';
import { docxPlain, docxWithHeadings, encryptedDocx, multipart, WORD_MIME, zipBomb } from '../../test/fixtures/books/forms';
import { startSmtpStandIn } from '../../test/stand-ins/smtp';
import { startLuluStandIn, type LuluStandIn } from '../../test/stand-ins/lulu';
import { lyraConfig, startLyraStandIn, type LyraStandIn } from '../../test/stand-ins/lyra';
import { pdfText, run, tempFile } from '../../test/export-support';
import { loadPriceTable } from './prices';
import { findOrderByReference } from '../payments/orders';
import { runRefundCommand } from '../payments/refund';
import { storeSessionImage } from '../books/files';
import { normalizeImage } from '../images/normalize-image';
import { COVER_IMAGE_KEY } from '@common/schemas/workspace';
import { makePng } from '../../test/sample-books';

const table = loadPriceTable(path.resolve(import.meta.dirname, '../../../content'));
const ADDRESS = {
  recipient_name: 'Ada Lovelace',
  address: '12 St James’s Square',
  postal_code: 'SW1Y 4LB',
  city: 'London',
  country: 'GB',
  phone: '+44 20 7946 0000',
};
const ACCEPTED = '4111 1111 1111 1111';
/** A quote of an uploaded document or, given one, of the user's book, and the payment form of an order for it. */
async function orderForm(app: TestApp, user: TestUser, bookId?: number, lng = 'en') {
  const { post } = requestsTo(() => app);
  const form = multipart({ copies: '5' }, [
    { field: 'file', filename: 'story.docx', contentType: WORD_MIME, data: await docxPlain(['A short story.']) },
  ]);
  const quote = (
    bookId === undefined
      ? await app.inject({ method: 'POST', url: '/api/uploadDocx', payload: form.payload, headers: { ...form.headers, ...user.headers } })
      : await post('/api/quoteBookForPrinting', { service_session_id: bookId, copies: 5 }, user, lng)
  ).json().success;
  const pay = (await post('/api/createPrintingPaymentForm', { ...ADDRESS, quote_id: quote.quote_id, price: quote.price }, user, lng)).json()
    .success;
  return { quote, formToken: pay.formToken as string, order: pay.order_id as string };
}
/** A book of two written chapters, which can be printed. */
async function writtenBook(app: TestApp, user: TestUser) {
  const checkpoint = buildCheckpoint(2);
  checkpoint.data.forEach((chapter) => (chapter.generated_content = 'The keeper counted the ships that passed in the night.'));
  return createBook(app, { userId: user.id }, { checkpoint, bookName: 'Kept for the printer' });
}
/** The page's submitDocxForPrinting of an order. */
function submitOf(app: TestApp, user: TestUser, quoteId: string, order: string) {
  const sub = multipart({ ...ADDRESS, copies: '5', quote_id: quoteId, order_id: order });
  return app.inject({
    method: 'POST',
    url: '/api/submitDocxForPrinting',
    payload: sub.payload,
    headers: { ...sub.headers, ...user.headers },
  });
}
const decodeMail = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/** A manuscript of `chapters` chapters of `paragraphs` long paragraphs each. */
const manuscript = (chapters: number, paragraphs: number) =>
  docxWithHeadings(
    Array.from({ length: chapters }, (_, c) => ({
      title: `Chapter ${c + 1}`,
      paragraphs: Array.from(
        { length: paragraphs },
        (_, p) =>
          `Paragraph ${p + 1} of chapter ${c + 1}. The tide came in slowly over the sand while my grandmother mended the nets and told us about the winter of the great storm, when the boats stayed in the harbour for three weeks and the whole village shared its bread.`,
      ),
    })),
  );

/** pdffonts' rows: every font used and whether it is embedded. */
async function pdfFonts(pdf: Buffer): Promise<Array<{ name: string; embedded: boolean }>> {
  const file = tempFile('f.pdf', pdf);
  try {
    const { stdout } = await run('pdffonts', [file]);
    return stdout
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const cells = line.trim().split(/\s+/);
        // name type [encoding] emb sub uni object ID: emb is the 5th cell from the end
        return { name: cells[0], embedded: cells.at(-5) === 'yes' };
      });
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

async function pdfPages(pdf: Buffer): Promise<{ pages: number; size: string }> {
  const file = tempFile('p.pdf', pdf);
  try {
    const { stdout } = await run('pdfinfo', [file]);
    return { pages: Number(/Pages:\s+(\d+)/.exec(stdout)?.[1]), size: /Page size:\s+(.+)/.exec(stdout)?.[1] ?? '' };
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** The pixel sizes of the images a PDF holds (poppler's pdfimages). */
async function pdfImageSizes(pdf: Buffer): Promise<string[]> {
  const file = tempFile('p.pdf', pdf);
  try {
    const { stdout } = await run('pdfimages', ['-list', file]);
    return stdout
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => line.trim().split(/\s+/).slice(3, 5).join(' x '));
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

describe('printing rules', () => {
  it('gives the Lulu example cover: 6×9 in, 210 pages → 920 × 666 pt', () => {
    const g = coverGeometry(TRIM_INCHES['6x9'], 210, 444);
    expect(Math.abs(g.width - 920)).toBeLessThan(1);
    expect(Math.abs(g.height - 666)).toBeLessThan(1);
  });

  it("keeps an order's files for its printer until it ends or its links have expired", () => {
    const now = new Date('2026-12-07T12:00:00Z');
    const changed = (ms: number) => new Date(now.getTime() - ms).toISOString();
    for (const status of ['received', 'sent_to_printer', 'in_production']) {
      expect(printFilesInUse({ status, updated_at: changed(0) }, now)).toBe(true);
      expect(printFilesInUse({ status, updated_at: changed(PRINT_FILE_LINK_LIFETIME_MS - 60_000) }, now)).toBe(true);
      expect(printFilesInUse({ status, updated_at: changed(PRINT_FILE_LINK_LIFETIME_MS + 60_000) }, now)).toBe(false);
    }
    for (const status of ['shipped', 'rejected', 'canceled']) expect(printFilesInUse({ status, updated_at: changed(0) }, now)).toBe(false);
  });

  it('pads to the binding minimum and an even count', () => {
    expect(printedPages(1, 32)).toBe(32);
    expect(printedPages(32, 32)).toBe(32);
    expect(printedPages(33, 32)).toBe(34);
    expect(printedPages(120, 32)).toBe(120);
  });

  it('prices by page band: base + pages × per page per copy, then shipping', () => {
    // The table in content/printing.json: ≤120 pages 3.90 € + 0.025 €/page; ≤300 3.50 € + 0.022; ≤800 3.00 € + 0.02; shipping 6.90 €.
    expect(copyPriceCents(table, 32)).toBe(390 + 80);
    expect(copyPriceCents(table, 120)).toBe(390 + 300);
    expect(copyPriceCents(table, 122)).toBe(350 + Math.round(122 * 2.2));
    expect(copyPriceCents(table, 800)).toBe(300 + 1600);
    expect(copyPriceCents(table, 802)).toBeNull();
    expect(printPriceCents(table, 32, 5)).toBe(5 * 470 + 690);
    expect(printPriceCents(table, 300, 10)).toBe(10 * (350 + 660) + 690);
  });
});

describe('printed copies through the API', { timeout: 240_000 }, () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    app = await buildTestApp({ SMTP_URL: smtp.url, PRINT_ORDERS_EMAIL: 'printer@example.com' });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });
  const { post, get } = requestsTo(() => app);

  const upload = (
    user: TestUser | undefined,
    file: { name: string; data: Buffer } | null,
    fields: Record<string, string> = { copies: '5' },
    lng = 'en',
  ) => {
    const form = multipart(fields, file ? [{ field: 'file', filename: file.name, contentType: WORD_MIME, data: file.data }] : []);
    return app.inject({
      method: 'POST',
      url: '/api/uploadDocx',
      payload: form.payload,
      headers: { ...form.headers, lng, ...(user?.headers ?? {}) },
    });
  };
  const submit = (user: TestUser, fields: Record<string, string>, file?: Buffer) => {
    const form = multipart(fields, file ? [{ field: 'file', filename: 'book.docx', contentType: WORD_MIME, data: file }] : []);
    return app.inject({
      method: 'POST',
      url: '/api/submitDocxForPrinting',
      payload: form.payload,
      headers: { ...form.headers, lng: 'en', ...user.headers },
    });
  };
  const storedInterior = async (quoteId: string) => {
    const quote = await app.ctx.db.selectFrom('print_quotes').selectAll().where('reference', '=', quoteId).executeTakeFirstOrThrow();
    return { quote, pdf: (await app.ctx.storage.get(quote.interior_key))! };
  };

  it('counts the pages by typesetting: the quote equals the interior PDF, short books padded to 32', async () => {
    const user = await createUser(app);
    const short = await upload(user, { name: 'Short story.docx', data: await docxPlain(['Once upon a time.', 'The end.']) });
    expect(short.statusCode, short.body).toBe(200);
    const q1 = short.json().success;
    expect(q1.pageCount).toBe(32);
    expect(q1.blankPages).toBe(32 - q1.contentPages);
    expect(q1.blankPages).toBeGreaterThan(0);
    expect(q1.title).toBe('Short story');
    expect(q1.price).toBe((5 * 470 + 690) / 100);
    expect((await pdfPages((await storedInterior(q1.quote_id)).pdf)).pages).toBe(32);

    const long = await upload(user, { name: 'memoir.docx', data: await manuscript(8, 30) });
    expect(long.statusCode, long.body).toBe(200);
    const q2 = long.json().success;
    expect(q2.contentPages).toBeGreaterThan(32);
    expect(q2.pageCount % 2).toBe(0);
    const { pdf, quote } = await storedInterior(q2.quote_id);
    const info = await pdfPages(pdf);
    expect(info.pages).toBe(q2.pageCount);
    expect(info.size).toMatch(/^432 x 648 pts/);
    const fonts = await pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((font) => !font.embedded)).toEqual([]);
    expect(quote.amount_cents).toBe(printPriceCents(table, q2.pageCount, 5));
    const text = await pdfText(pdf);
    expect(text.text).toContain('Paragraph 30 of chapter 8');
  });

  it('refuses bad input with a translated 4xx and stores no quote', async () => {
    const user = await createUser(app);
    const docx = await docxPlain(['Hello.']);
    const before = (await app.ctx.db.selectFrom('print_quotes').select('id').execute()).length;
    const cases: Array<[Awaited<ReturnType<typeof upload>>, number, string]> = [
      [await upload(user, null), 400, 'Please choose your Word document'],
      [await upload(user, { name: 'book.doc', data: docx }), 415, 'Only Word documents in .docx'],
      [await upload(user, { name: 'book.docx', data: Buffer.from('just some text') }), 415, 'Only Word documents in .docx'],
      [await upload(user, { name: 'book.docx', data: Buffer.alloc(0) }), 400, 'no text to print'],
      [await upload(user, { name: 'book.docx', data: encryptedDocx() }), 400, 'protected by a password'],
      [await upload(user, { name: 'book.docx', data: Buffer.concat([docx.subarray(0, 200), Buffer.alloc(300)]) }), 400, 'could not read'],
      [await upload(user, { name: 'book.docx', data: await zipBomb(90_000_000) }), 413, 'too large'],
      [await upload(user, { name: 'book.docx', data: Buffer.concat([docx, Buffer.alloc(10_000_001)]) }), 413, 'too large'],
      [await upload(user, { name: 'book.docx', data: docx }, { copies: '4' }), 400, 'between 5 and 500'],
      [await upload(user, { name: 'book.docx', data: docx }, { copies: 'five' }), 400, 'between 5 and 500'],
      [await upload(user, { name: 'book.docx', data: docx }, {}), 400, 'between 5 and 500'],
      [await upload(user, { name: 'book.docx', data: await docxPlain(['   ']) }), 400, 'no text to print'],
    ];
    for (const [index, [res, status, message]] of cases.entries()) {
      expect(res.statusCode, `${index}: ${res.body}`).toBe(status);
      expect(res.json().error).toContain(message);
    }
    const fr = await upload(user, { name: 'book.pdf', data: docx }, { copies: '5' }, 'fr');
    expect(fr.json().error).toContain('Seuls les documents Word');
    expect((await upload(undefined, { name: 'book.docx', data: docx })).statusCode).toBe(401);
    expect((await app.ctx.db.selectFrom('print_quotes').select('id').execute()).length).toBe(before);
  });

  it('charges the stored quote only: a tampered price, an expired quote, a missing address or another user get no order', async () => {
    const user = await createUser(app);
    const other = await createUser(app);
    const quote = (await upload(user, { name: 'a.docx', data: await docxPlain(['Text.']) })).json().success;
    const orders = async () => (await app.ctx.db.selectFrom('orders').select('id').where('kind', '=', 'printing').execute()).length;
    const before = await orders();
    const tampered = await post('/api/createPrintingPaymentForm', { ...ADDRESS, quote_id: quote.quote_id, price: 1 }, user);
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json().error).toContain(`${quote.price}`);
    const missingMessages: Record<keyof typeof ADDRESS, string> = {
      recipient_name: 'Please enter the name of the person receiving the books.',
      address: 'Please enter the delivery address.',
      postal_code: 'Please enter the postal code.',
      city: 'Please enter the city.',
      country: 'Please choose the country of delivery.',
      phone: 'Please enter a phone number: the carrier needs it.',
    };
    for (const field of Object.keys(ADDRESS) as Array<keyof typeof ADDRESS>) {
      for (const value of [undefined, '   ']) {
        const body: Record<string, unknown> = { ...ADDRESS, quote_id: quote.quote_id, price: quote.price };
        if (value === undefined) delete body[field];
        else body[field] = value;
        const missing = await post('/api/createPrintingPaymentForm', body, user);
        expect(missing.statusCode, `${field}: ${missing.body}`).toBe(400);
        expect(missing.json().error).toBe(missingMessages[field]);
      }
    }
    const badPhone = await post(
      '/api/createPrintingPaymentForm',
      { ...ADDRESS, phone: 'call me', quote_id: quote.quote_id, price: quote.price },
      user,
      'it',
    );
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error).toMatch(/telefono/);
    expect(
      (await post('/api/createPrintingPaymentForm', { ...ADDRESS, quote_id: quote.quote_id, price: quote.price }, other)).statusCode,
    ).toBe(404);
    await app.ctx.db
      .updateTable('print_quotes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('reference', '=', quote.quote_id)
      .execute();
    const expired = await post('/api/createPrintingPaymentForm', { ...ADDRESS, quote_id: quote.quote_id, price: quote.price }, user);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toContain('expired');
    expect(await orders()).toBe(before);
  });

  it('pays, stores the print order with its PDFs, mails the operator and the author, lists it under My orders', async () => {
    const user = await createUser(app, { language: 'fr' });
    const docx = await manuscript(3, 20);
    const quote = (await upload(user, { name: 'Mémoires.docx', data: docx })).json().success;
    const formRes = await post('/api/createPrintingPaymentForm', { ...ADDRESS, quote_id: quote.quote_id, price: quote.price }, user, 'fr');
    expect(formRes.statusCode, formRes.body).toBe(200);
    const form = formRes.json().success;
    expect(form.amount).toBe(quote.price);
    const fields = { ...ADDRESS, copies: '5', quote_id: quote.quote_id, order_id: form.order_id };

    const early = await submit(user, fields, docx);
    expect(early.statusCode).toBe(402);
    expect((await get(`/api/printingPaymentStatusCallback/${form.order_id}`, user)).statusCode).toBe(402);

    const mailsBefore = smtp.messages.length;
    const paid = await post('/api/sandboxPay', { formToken: form.formToken, card_number: ACCEPTED, expiry: '12/39', cvc: '123' });
    expect(paid.statusCode, paid.body).toBe(200);
    // Paid: the server hands the order to the printer itself, with the address it was paid for, before any submit.
    await app.ctx.queue.idle();
    const order = (await findOrderByReference(app.ctx.db, form.order_id))!;
    const printOrder = await app.ctx.db.selectFrom('print_orders').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(printOrder).toMatchObject({ city: 'London', country: 'GB', provider: 'email', status: 'received' });
    const confirmation = await get(`/api/printingPaymentStatusCallback/${form.order_id}`, user);
    expect(confirmation.statusCode, confirmation.body).toBe(200);
    expect(confirmation.json().success).toMatchObject({ order: form.order_id, price: quote.price, pageCount: quote.pageCount, copies: 5 });
    const stranger = await createUser(app);
    expect((await get(`/api/printingPaymentStatusCallback/${form.order_id}`, stranger)).statusCode).toBe(404);
    expect((await submit(stranger, fields, docx)).statusCode).toBe(404);

    // A paid order answers for its own quote only: another quote of the same author is refused.
    const otherQuote = (await upload(user, { name: 'Autre.docx', data: await docxPlain(['Autre livre.']) })).json().success;
    const mismatch = await submit(user, { ...fields, quote_id: otherQuote.quote_id, copies: '5' });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().code).toBe('printing.quote_mismatch');
    expect((await submit(user, { ...fields, copies: '6' }, docx)).statusCode).toBe(409);
    expect((await submit(user, fields, await docxPlain(['Another book.']))).statusCode).toBe(409);

    // The page's submit answers that order; its address fields change nothing of what was paid.
    const done = await submit(user, { ...fields, city: 'Paris', country: 'FR' }, docx);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().success).toMatchObject({ order: form.order_id, status: 'received' });
    expect(await app.ctx.db.selectFrom('print_orders').selectAll().where('order_id', '=', order.id).execute()).toEqual([printOrder]);
    const interior = (await app.ctx.storage.get(printOrder.interior_key))!;
    const cover = (await app.ctx.storage.get(printOrder.cover_key))!;
    expect((await pdfPages(interior)).pages).toBe(quote.pageCount);
    const coverInfo = await pdfPages(cover);
    const g = coverGeometry(TRIM_INCHES['6x9'], quote.pageCount, 444);
    const [w, h] = coverInfo.size.split(' x ').map((v) => parseFloat(v));
    expect(Math.abs(w - g.width)).toBeLessThan(1);
    expect(Math.abs(h - g.height)).toBeLessThan(1);
    expect(coverInfo.pages).toBe(1);
    expect((await pdfFonts(cover)).filter((font) => !font.embedded)).toEqual([]);
    expect((await pdfText(cover)).text).toContain('Mémoires');

    const mails = smtp.messages.slice(mailsBefore);
    const operator = mails.find((m) => m.to.includes('printer@example.com'));
    expect(operator?.raw).toContain(`${form.order_id}-interior.pdf`);
    expect(operator?.raw).toContain(`${form.order_id}-cover.pdf`);
    expect(operator?.raw).toContain('SW1Y 4LB London');
    const toAuthor = mails.filter((m) => m.to.includes(user.email)).map((m) => decodeMail(m.raw));
    const confirmationMail = toAuthor.find((text) => text.includes('Nous avons bien reçu votre commande de 5 exemplaires imprimés'));
    expect(confirmationMail).toContain(form.order_id);

    // A second submit (a double click) answers the same order, nothing sent twice.
    const again = await submit(user, fields, docx);
    expect(again.json().success.order).toBe(form.order_id);
    expect(smtp.messages.length).toBe(mailsBefore + mails.length);

    const mine = (await get('/api/myOrders', user, 'fr')).json().success as Array<Record<string, unknown>>;
    expect(mine.find((o) => o.order === form.order_id)).toMatchObject({
      kind: 'printing',
      status: 'paid',
      print_status: 'received',
      planName: '5 exemplaires imprimés de «\u00a0Mémoires\u00a0»',
    });
  });

  it('prints a Plume book straight from its text ("print this book")', async () => {
    const user = await createUser(app);
    const checkpoint = buildCheckpoint(4);
    checkpoint.data.forEach((chapter, c) => {
      chapter.generated_content = Array.from(
        { length: 25 },
        (_, p) =>
          `Line ${p} of chapter ${c}: the lighthouse keeper counted the ships that passed in the night and wrote their names in a blue notebook.`,
      ).join('\n');
    });
    const book = await createBook(app, { userId: user.id }, { checkpoint, bookName: 'The lighthouse' });
    const res = await post('/api/quoteBookForPrinting', { service_session_id: book.id, copies: 7 }, user);
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json().success;
    expect(quote).toMatchObject({ title: 'The lighthouse', copies: 7 });
    const { pdf } = await storedInterior(quote.quote_id);
    expect((await pdfPages(pdf)).pages).toBe(quote.pageCount);
    const other = await createUser(app);
    expect((await post('/api/quoteBookForPrinting', { service_session_id: book.id, copies: 7 }, other)).statusCode).toBe(404);
    const empty = await createBook(app, { userId: user.id });
    const none = await post('/api/quoteBookForPrinting', { service_session_id: empty.id, copies: 5 }, user);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toContain('no written chapter');
  });
});

describe('Lulu Print API adapter', { timeout: 240_000 }, () => {
  let app: TestApp;
  let lulu: LuluStandIn;
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  beforeAll(async () => {
    lulu = await startLuluStandIn();
    smtp = await startSmtpStandIn();
    app = await buildTestApp({
      SMTP_URL: smtp.url,
      LULU_CLIENT_KEY: lulu.key,
      LULU_CLIENT_SECRET: lulu.secret,
      LULU_API_URL: lulu.origin,
      PUBLIC_URL: 'https://plume.example',
      JOB_POLL_MS: 50,
      JOB_RETRY_DELAY_MS: 1_000,
    });
  });
  afterAll(async () => {
    await app.close();
    await lulu.close();
    await smtp.close();
  });
  const { post, get } = requestsTo(() => app);

  const payFor = (formToken: string) => post('/api/sandboxPay', { formToken, card_number: ACCEPTED, expiry: '12/39', cvc: '123' });
  /** A paid print order submitted, of an uploaded document or, given one, of the user's book. */
  async function paidQuote(user: TestUser, bookId?: number) {
    const { quote, formToken, order } = await orderForm(app, user, bookId);
    await payFor(formToken);
    await app.ctx.queue.idle();
    return { quote, order, res: await submitOf(app, user, quote.quote_id, order) };
  }
  const coverLinkOf = (order: string) =>
    new URL(lulu.jobs.find((sent) => sent.body.external_id === order)!.body.line_items![0].printable_normalization!.cover!.source_url!);
  const webhook = (body: string, signature: string) =>
    app.inject({
      method: 'POST',
      url: '/api/luluWebhook',
      payload: body,
      headers: { 'content-type': 'application/json', 'lulu-hmac-sha256': signature },
    });
  const statusOf = async (user: TestUser, order: string) =>
    ((await get('/api/myOrders', user)).json().success as Array<{ order: string; print_status: string }>).find((o) => o.order === order)
      ?.print_status;

  it('refunds a paid order that cannot reach the printer (its book deleted before the payment went through) and tells its author', async () => {
    const user = await createUser(app, { language: 'it' });
    const book = await writtenBook(app, user);
    const { quote, formToken, order } = await orderForm(app, user, book.id, 'it');
    expect((await post('/api/deleteSessionById', { id: book.id }, user)).statusCode).toBe(200);
    const mailsBefore = smtp.messages.length;
    await payFor(formToken);

    // the hand-over finds no interior: the order is refunded at once, not after the queue's further tries
    await app.ctx.queue.idle();
    expect((await findOrderByReference(app.ctx.db, order))?.status).toBe('refunded');
    expect(lulu.jobs.filter((job) => job.body.external_id === order)).toHaveLength(0);
    const refundedMail = () =>
      smtp.messages
        .slice(mailsBefore)
        .filter((m) => m.to.includes(user.email))
        .map((m) => decodeMail(m.raw))
        .find((text) => text.includes('Le abbiamo rimborsato'));
    await expect.poll(refundedMail, { timeout: 10_000, interval: 100 }).toContain(order);
    expect(refundedMail()).toContain('Kept for the printer');
    // the page, still open, is told it was refunded (410), not that it is unpaid (402, which offers to pay again)
    const late = await submitOf(app, user, quote.quote_id, order);
    expect([late.statusCode, late.json().code]).toEqual([410, 'printing.order_refunded']);
    const confirmation = await get(`/api/printingPaymentStatusCallback/${order}`, user, 'it');
    expect([confirmation.statusCode, confirmation.json().error]).toEqual([
      410,
      'Questo ordine è stato annullato e Le abbiamo rimborsato l’intero pagamento. Glielo confermiamo per e-mail.',
    ]);
  });

  it('refunds a paid order whose hand-over keeps failing, after the queue has tried it again', async () => {
    const user = await createUser(app);
    const { formToken, order } = await orderForm(app, user);
    // a folder where the order's interior is written: each try fails (EISDIR) before any print order is stored
    fs.mkdirSync(path.join(app.ctx.config.dataDir, 'files', 'printing', 'orders', order, 'interior.pdf'), { recursive: true });
    await payFor(formToken);
    await app.ctx.queue.idle();
    const statusOfOrder = async () => (await findOrderByReference(app.ctx.db, order))?.status;
    expect(await statusOfOrder()).toBe('paid');

    // its two further tries (1 s, 2 s later) fail too: refunded, the author told
    await expect.poll(statusOfOrder, { timeout: 20_000, interval: 100 }).toBe('refunded');
    const refundedMail = () =>
      smtp.messages
        .filter((m) => m.to.includes(user.email))
        .map((m) => decodeMail(m.raw))
        .find((text) => text.includes('We have refunded'));
    await expect.poll(refundedMail, { timeout: 10_000, interval: 100 }).toContain(order);
  });

  it('an order stored but whose job cannot be drawn yet (its cover photo unreadable) is tried again by the queue, not left unsent', async () => {
    const user = await createUser(app);
    const { formToken, order } = await orderForm(app, user);
    // a folder where the order's cover photo is read: reading it fails (EISDIR) once the order is stored
    const unreadable = path.join(app.ctx.config.dataDir, 'files', 'printing', 'orders', order, 'cover-photo');
    fs.mkdirSync(unreadable, { recursive: true });
    await payFor(formToken);
    await app.ctx.queue.idle();
    expect(await statusOf(user, order)).toBe('received');

    fs.rmSync(unreadable, { recursive: true });
    await expect.poll(() => statusOf(user, order), { timeout: 20_000, interval: 100 }).toBe('sent_to_printer');
  });

  it('keeps a paid order Lulu cannot take (an outage) and hands it to Lulu again through the queue once it is back (issue 13 item 5)', async () => {
    const user = await createUser(app);
    lulu.unavailable = true;
    const before = lulu.jobs.length;
    const { order, res } = await paidQuote(user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success.status).toBe('received');
    // tried again on the queue while still down: waiting for its next try, nothing sent
    await app.ctx.queue.idle();
    expect(await statusOf(user, order)).toBe('received');
    expect(lulu.jobs.length).toBe(before);

    lulu.unavailable = false;
    await expect.poll(() => statusOf(user, order), { timeout: 20_000, interval: 100 }).toBe('sent_to_printer');
    expect(lulu.jobs.filter((job) => job.body.external_id === order)).toHaveLength(1);
    const row = await app.ctx.db
      .selectFrom('print_orders')
      .innerJoin('orders', 'orders.id', 'print_orders.order_id')
      .select(['print_orders.provider', 'print_orders.provider_job_id'])
      .where('orders.reference', '=', order)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ provider: 'lulu', provider_job_id: String(lulu.jobs.at(-1)!.id) });
  });

  it('creates the print job with signed file links, reconciles the cover size and follows the signed webhook', async () => {
    const user = await createUser(app);
    lulu.coverOverride = { width: 905.5, height: 666 };
    const { quote, order, res } = await paidQuote(user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success.status).toBe('sent_to_printer');
    expect(lulu.coverRequests.at(-1)).toMatchObject({
      pod_package_id: table.pod_package_id,
      interior_page_count: quote.pageCount,
      unit: 'pt',
    });
    const job = lulu.jobs.at(-1)!;
    expect(job.body).toMatchObject({ external_id: order, contact_email: user.email, shipping_level: 'MAIL' });
    expect(job.body.shipping_address).toMatchObject({
      street1: ADDRESS.address,
      postcode: ADDRESS.postal_code,
      country_code: 'GB',
      phone_number: ADDRESS.phone,
    });
    const item = job.body.line_items![0];
    expect(item).toMatchObject({ quantity: 5, title: 'story' });
    // The links Lulu downloads: served to the signature, refused when it is changed.
    for (const file of ['interior', 'cover'] as const) {
      const url = new URL(item.printable_normalization![file]!.source_url!);
      expect(url.origin).toBe('https://plume.example');
      const ok = await app.inject({ method: 'GET', url: url.pathname + url.search });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toBe('application/pdf');
      if (file === 'cover') {
        const size = (await pdfPages(ok.rawPayload)).size.split(' x ').map((v) => parseFloat(v));
        expect(size[0]).toBeCloseTo(905.5, 0); // Lulu's size won over ours
      }
      url.searchParams.set('signature', '0'.repeat(64));
      expect((await app.inject({ method: 'GET', url: url.pathname + url.search })).statusCode).toBe(404);
    }

    const forged = lulu.webhook(job.id, 'SHIPPED');
    const refused = await webhook(forged.body, '1'.repeat(64));
    expect(refused.statusCode).toBe(401);
    expect((await webhook(forged.body.replace('SHIPPED', 'CANCELED'), forged.signature)).statusCode).toBe(401);
    expect(await statusOf(user, order)).toBe('sent_to_printer');

    const inProduction = lulu.webhook(job.id, 'IN_PRODUCTION');
    expect((await webhook(inProduction.body, inProduction.signature)).statusCode).toBe(200);
    expect(await statusOf(user, order)).toBe('in_production');
    const shipped = lulu.webhook(job.id, 'SHIPPED');
    expect((await webhook(shipped.body, shipped.signature)).statusCode).toBe(200);
    expect(await statusOf(user, order)).toBe('shipped');
  });

  it('a try after an outage draws the cover with the photo the order was placed with, the book deleted meanwhile', async () => {
    const user = await createUser(app);
    const book = await writtenBook(app, user);
    await storeSessionImage(app.ctx, book.id, COVER_IMAGE_KEY, await normalizeImage(makePng(300, 450, 7)));
    lulu.unavailable = true;
    const { order, res } = await paidQuote(user, book.id);
    expect(res.json().success.status).toBe('received');
    await app.ctx.queue.idle();
    expect((await post('/api/deleteSessionById', { id: book.id }, user)).statusCode).toBe(200);

    lulu.unavailable = false;
    await expect.poll(() => statusOf(user, order), { timeout: 20_000, interval: 100 }).toBe('sent_to_printer');
    const link = coverLinkOf(order);
    const cover = await app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(cover.statusCode).toBe(200);
    expect(await pdfImageSizes(cover.rawPayload)).toEqual(['300 x 450']);
  });

  it('a deleted book keeps the files its printer has yet to fetch until the order ends; the account waits for it (issue 18 item 4)', async () => {
    const user = await createUser(app);
    const book = await writtenBook(app, user);
    const { order, res } = await paidQuote(user, book.id);
    expect(res.statusCode, res.body).toBe(200);
    const job = lulu.jobs.find((sent) => sent.body.external_id === order)!;
    const links = (['interior', 'cover'] as const).map(
      (file) => new URL(job.body.line_items![0].printable_normalization![file]!.source_url!),
    );
    const fetched = () =>
      Promise.all(links.map(async (url) => (await app.inject({ method: 'GET', url: url.pathname + url.search })).statusCode));
    const deleteAccount = () =>
      app.inject({ method: 'POST', url: '/api/deleteAccount', headers: user.headers, payload: { email: user.email } });

    expect((await post('/api/deleteSessionById', { id: book.id }, user)).statusCode).toBe(200);
    expect(await fetched()).toEqual([200, 200]);
    const refused = await deleteAccount();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'account.print_order_active', error: expect.stringContaining('once they have shipped') });

    const inProduction = lulu.webhook(job.id, 'IN_PRODUCTION');
    expect((await webhook(inProduction.body, inProduction.signature)).statusCode).toBe(200);
    expect(await fetched()).toEqual([200, 200]);
    const shipped = lulu.webhook(job.id, 'SHIPPED');
    expect((await webhook(shipped.body, shipped.signature)).statusCode).toBe(200);
    expect(await statusOf(user, order)).toBe('shipped');
    expect(await fetched()).toEqual([404, 404]);
    expect((await deleteAccount()).statusCode).toBe(200);
  });
});

describe('a refund the payment provider refuses (Lyra stand-in)', { timeout: 120_000 }, () => {
  let app: TestApp;
  let lyra: LyraStandIn;
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  beforeAll(async () => {
    lyra = await startLyraStandIn();
    smtp = await startSmtpStandIn();
    app = await buildTestApp({
      SMTP_URL: smtp.url,
      ...lyraConfig(lyra),
      PRINT_ORDERS_EMAIL: 'printer@plume.example',
      JOB_POLL_MS: 50,
      JOB_RETRY_DELAY_MS: 200,
    });
  });
  afterAll(async () => {
    await app.close();
    await lyra.close();
    await smtp.close();
  });
  const { post, get } = requestsTo(() => app);
  /** Lyra's IPN for a buyer who paid the order's form. */
  async function payByIpn(order: string) {
    const notification = await app.inject({
      method: 'POST',
      url: '/api/paymentNotification',
      payload: new URLSearchParams(lyra.payOrder(order)).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notification.statusCode).toBe(200);
  }
  const operatorMailOf = (order: string) =>
    smtp.messages
      .filter((m) => m.to.includes('printer@plume.example'))
      .map((m) => decodeMail(m.raw))
      .find((text) => text.includes(`Refund by hand: print order ${order}`));

  it('is sent to the print operator to refund by hand once the tries are spent; the order stays paid meanwhile', async () => {
    const user = await createUser(app);
    const book = await writtenBook(app, user);
    const { quote, order } = await orderForm(app, user, book.id);
    expect((await post('/api/deleteSessionById', { id: book.id }, user)).statusCode).toBe(200);
    lyra.refuseRefunds = true;
    await payByIpn(order);

    await expect.poll(() => operatorMailOf(order), { timeout: 20_000, interval: 100 }).toContain(`npm run refund -- --outside ${order}`);
    expect(operatorMailOf(order)).toContain('the transaction cannot be refunded');
    // the job's three tries and its last word each asked Lyra; none took, so nothing here says refunded
    expect(lyra.calls.filter((call) => call.webService === 'Transaction/CancelOrRefund')).toHaveLength(4);
    expect((await findOrderByReference(app.ctx.db, order))?.status).toBe('paid');

    // closed to the printer meanwhile: the page's submit is told so, and hands nothing to the printer (the operator here)
    const submit = await submitOf(app, user, quote.quote_id, order);
    expect([submit.statusCode, submit.json().code]).toEqual([410, 'printing.order_canceled']);
    await app.ctx.queue.idle();
    expect(smtp.messages.filter((m) => decodeMail(m.raw).includes(`Print order ${order}`))).toHaveLength(0);
    const listed = (await get('/api/myOrders', user)).json().success as Array<{ order: string; print_status: string }>;
    expect(listed.find((o) => o.order === order)?.print_status).toBe('canceled');

    // the operator: the command is refused by Lyra too, says how to record a refund made in its back office, and records it
    const lines: string[] = [];
    const io = {
      env: {
        DATA_DIR: app.ctx.config.dataDir,
        ...(app.ctx.config.DATABASE_URL && { DATABASE_URL: app.ctx.config.DATABASE_URL }),
        ...lyraConfig(lyra),
      },
      out: (line: string) => lines.push(line),
      err: (line: string) => lines.push(line),
    };
    expect(await runRefundCommand([order], io)).toBe(1);
    expect(lines.join('\n')).toContain(`the transaction cannot be refunded`);
    expect(lines.join('\n')).toContain(`npm run refund -- --outside ${order}`);
    expect((await findOrderByReference(app.ctx.db, order))?.status).toBe('paid');
    expect(await runRefundCommand(['--outside', order], io)).toBe(0);
    expect((await findOrderByReference(app.ctx.db, order))?.status).toBe('refunded');
    expect(lyra.calls.filter((call) => call.webService === 'Transaction/CancelOrRefund')).toHaveLength(5);
  });

  it('an order closed to the printer by its refund is not handed over by a later submit, even once it could be', async () => {
    const user = await createUser(app);
    const { quote, order } = await orderForm(app, user);
    // a folder where the order's interior is written: every hand-over fails (EISDIR) until it goes
    const blocker = path.join(app.ctx.config.dataDir, 'files', 'printing', 'orders', order, 'interior.pdf');
    fs.mkdirSync(blocker, { recursive: true });
    lyra.refuseRefunds = true;
    await payByIpn(order);
    await expect.poll(() => operatorMailOf(order), { timeout: 20_000, interval: 100 }).toContain('npm run refund');

    // the page's submit comes now that a hand-over would work: the order was closed to the printer first
    fs.rmSync(blocker, { recursive: true });
    const submit = await submitOf(app, user, quote.quote_id, order);
    expect([submit.statusCode, submit.json().code]).toEqual([410, 'printing.order_canceled']);
    await app.ctx.queue.idle();
    expect(smtp.messages.filter((m) => decodeMail(m.raw).includes(`Print order ${order}`))).toHaveLength(0);
  });
});
