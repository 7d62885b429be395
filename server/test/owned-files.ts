import crypto from 'node:crypto';
import { nowIso } from '../src/db';
import { sessionFileKey } from '../src/books/files';
import { orderFileKey } from '../src/printing/files';
import { insertPrintOrder, insertQuote, newQuoteReference } from '../src/printing/repository';
import type { TestApp } from './helpers';

/**
 * Issue 18 item 4: the files a book or an account owns besides photos and exports, stored where the
 * features store them — a made audiobook (under the book's folder, as the audiobook job writes it),
 * a print quote's interior PDF and a paid print order's interior, cover and cover photo (printing/…), with the
 * rows that name them. `bookId` null: a .docx uploaded for printing, which belongs to no book. The print order has
 * shipped: nothing keeps its files for its printer.
 * Returns the storage keys.
 */
export async function addAudiobookAndPrintFiles(app: TestApp, userId: number, bookId: number | null): Promise<string[]> {
  const { db, storage } = app.ctx;
  const now = nowIso();
  const keys: string[] = [];
  if (bookId !== null) {
    // the audiobook job's layout: sessions/{book}/audiobook/{audiobook id}/{file}
    for (const file of ['book.mp3', 'chapter-01.mp3']) {
      const key = sessionFileKey(bookId, `audiobook/1/${file}`);
      await storage.put(key, Buffer.from('ID3 audio'), 'audio/mpeg');
      keys.push(key);
    }
  }
  const reference = newQuoteReference();
  const quoteKey = `printing/quotes/${reference}/interior.pdf`;
  await storage.put(quoteKey, Buffer.from('%PDF quote interior'), 'application/pdf');
  keys.push(quoteKey);
  const quote = await insertQuote(db, {
    reference,
    user_id: userId,
    service_session_id: bookId,
    file_hash: crypto.randomBytes(16).toString('hex'),
    title: 'Printed',
    author: 'Author',
    content_pages: 40,
    page_count: 40,
    copies: 5,
    amount_cents: 5000,
    currency: 'EUR',
    interior_key: quoteKey,
    expires_at: now,
    created_at: now,
  });
  const orderReference = `print_${crypto.randomBytes(8).toString('hex')}`;
  const order = await db
    .insertInto('orders')
    .values({
      reference: orderReference,
      kind: 'printing',
      status: 'paid',
      provider: 'sandbox',
      user_id: userId,
      plan_id: null,
      service_session_id: bookId,
      chapter_id: null,
      subscription_id: null,
      coupon_id: null,
      amount_cents: 5000,
      currency: 'EUR',
      tax_rate_bp: 2000,
      email: 'printing@example.com',
      recipient_email: null,
      language: 'en',
      form_token_hash: null,
      form_expires_at: null,
      transaction_id: null,
      payment_method_token: null,
      failure: null,
      created_at: now,
      updated_at: now,
      paid_at: now,
      print_quote_id: quote.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const orderKeys = (['interior.pdf', 'cover.pdf'] as const).map((file) => orderFileKey(orderReference, file));
  for (const key of orderKeys) await storage.put(key, Buffer.from('%PDF order file'), 'application/pdf');
  const coverPhoto = orderFileKey(orderReference, 'cover-photo');
  await storage.put(coverPhoto, Buffer.from('JPEG photo'), 'image/jpeg');
  keys.push(...orderKeys, coverPhoto);
  await insertPrintOrder(db, {
    order_id: order.id,
    quote_id: quote.id,
    user_id: userId,
    recipient_name: 'Ada',
    address: '1 rue de la Paix',
    postal_code: '75002',
    city: 'Paris',
    country: 'FR',
    phone: '+33100000000',
    interior_key: orderKeys[0],
    cover_key: orderKeys[1],
    status: 'shipped',
    provider: 'email',
    provider_job_id: null,
    provider_status: null,
    created_at: now,
    updated_at: now,
  });
  return keys;
}
