import type { AppContext } from '../app';
import type { RequestUser } from '../auth/guard';
import { findUserById } from '../auth/repository';
import { verifyPassword } from '../auth/passwords';
import { bookExportsPrefix, deleteBookFiles, sessionFileKey } from '../books/files';
import { deletePrintFiles, hasPrintOrderInUse } from '../printing/files';
import { nowIso, toBool } from '../db';
import { AppError } from '../http/errors';
import { currentSubscription, subscriptionState } from '../subscriptions/service';
import { deleteVoiceModel } from '../audiobook/voice-models';

type Ctx = Pick<AppContext, 'db' | 'storage'>;

/** Files made from a book that an author may have downloaded (exports/{id}/…). */
const EXPORT_FILES = ['book.pdf', 'book.epub', 'book.docx'];
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'audio/mpeg': '.mp3',
  'audio/wav': '.wav',
  'audio/ogg': '.ogg',
  'audio/webm': '.webm',
  'audio/mp4': '.m4a',
};

/**
 * Everything kept about a user, as one JSON document: the account, every book (answers and chapters
 * in its checkpoint, title, introduction, summary), its chapter versions and the file list, orders
 * and subscriptions. Secrets (password hash, token hashes, payment tokens) are not personal data to
 * hand out and are left out.
 */
export async function collectUserData(ctx: Ctx, userId: number) {
  const { db } = ctx;
  const user = await findUserById(db, userId);
  if (!user) throw new AppError(404, 'not_found');
  const books = await db.selectFrom('service_sessions').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const bookIds = books.map((book) => book.id);
  const versions = bookIds.length
    ? await db.selectFrom('text_versions').selectAll().where('session_id', 'in', bookIds).orderBy('id').execute()
    : [];
  const files = bookIds.length ? await db.selectFrom('session_files').selectAll().where('session_id', 'in', bookIds).execute() : [];
  const orders = await db
    .selectFrom('orders')
    .select([
      'reference',
      'kind',
      'status',
      'plan_id',
      'service_session_id',
      'chapter_id',
      'amount_cents',
      'currency',
      'tax_rate_bp',
      'email',
      'recipient_email',
      'shipping_address',
      'language',
      'created_at',
      'paid_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const subscriptions = await db
    .selectFrom('subscriptions')
    .select(['plan_id', 'card_expiry', 'current_period_end', 'cancel_request', 'cancel_date', 'created_at'])
    .where('user_id', '=', userId)
    .execute();
  return {
    exported_at: nowIso(),
    account: {
      id: user.id,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      city: user.city,
      language: user.language,
      is_verified: toBool(user.is_verified),
      signs_in_with_google: user.google_sub !== null,
      coupon_code: user.coupon_code,
      created_at: user.created_at,
      updated_at: user.updated_at,
    },
    books: books.map((book) => ({
      id: book.id,
      book_name: book.book_name,
      language: book.language,
      is_payed: toBool(book.is_payed),
      introduction: book.introduction,
      book_summary: book.book_summary,
      checkpoint: typeof book.checkpoint_data === 'string' ? JSON.parse(book.checkpoint_data) : book.checkpoint_data,
      created_at: book.created_at,
      updated_at: book.updated_at,
      deleted_at: book.deleted_at,
      files: files
        .filter((file) => file.session_id === book.id)
        .map((file) => ({ key: file.key, content_type: file.content_type, size: file.size })),
      versions: versions
        .filter((version) => version.session_id === book.id)
        .map((version) => ({
          chapter_id: version.chapter_id,
          origin: version.origin,
          content: version.content,
          created_at: version.created_at,
        })),
    })),
    orders,
    subscriptions,
  };
}

/** The download: `plume-data.json` and `books/{id}/…` (photos, cover, voice sample, exported files). */
export async function buildDataZip(ctx: Ctx, userId: number): Promise<NodeJS.ReadableStream> {
  const data = await collectUserData(ctx, userId);
  const { default: JSZip } = await import('jszip'); // loaded on first use, not at start
  const zip = new JSZip();
  zip.file('plume-data.json', JSON.stringify(data, null, 2));
  for (const book of data.books) {
    for (const file of book.files) {
      const bytes = await ctx.storage.get(sessionFileKey(book.id, file.key));
      if (bytes) zip.file(`books/${book.id}/${file.key}${EXTENSIONS[file.content_type] ?? ''}`, bytes);
    }
    for (const name of EXPORT_FILES) {
      const bytes = await ctx.storage.get(`${bookExportsPrefix(book.id)}${name}`);
      if (bytes) zip.file(`books/${book.id}/${name}`, bytes);
    }
  }
  return zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'DEFLATE', compressionOptions: { level: 6 } });
}

/**
 * Deletes the account and everything in it, once the password (or, without one, the e-mail) is
 * confirmed: every book's files in storage (photos, cover, voice sample, exports, audiobooks, print
 * files) and the print files of uploaded documents, then the user row,
 * whose deletion cascades to books, chapter versions, file records, sessions (tokens) and tickets.
 * Orders are kept for the accounts the law asks a seller to keep (amount, tax, date, reference) but
 * anonymised: no user, no e-mail, no payment token. An active subscription must be cancelled first
 * (its renewals are charged by the provider); a print order whose printer may still fetch its files must have ended
 * (shipped, rejected, canceled) or be past its links' life.
 */
export async function deleteAccount(
  ctx: Ctx & Pick<AppContext, 'config'>,
  requester: RequestUser,
  confirmation: { password?: string; email?: string },
): Promise<void> {
  const { db } = ctx;
  const user = await findUserById(db, requester.id);
  if (!user) throw new AppError(404, 'not_found');
  const confirmed = user.password_hash
    ? await verifyPassword(user.password_hash, confirmation.password ?? '')
    : (confirmation.email ?? '').trim().toLowerCase() === user.email;
  if (!confirmed) throw new AppError(403, user.password_hash ? 'account.wrong_password' : 'account.wrong_email');
  if (subscriptionState(await currentSubscription(db, user.id)) === 'subscribed') throw new AppError(409, 'account.subscription_active');
  if (await hasPrintOrderInUse(ctx, user.id)) throw new AppError(409, 'account.print_order_active');

  // cloned voices first, at their providers (a failure stops here: the account stays, to be deleted again)
  const voices = await db.selectFrom('voice_models').select('id').where('user_id', '=', user.id).execute();
  for (const voice of voices) await deleteVoiceModel(ctx, user.id, Number(voice.id));
  const books = await db.selectFrom('service_sessions').select('id').where('user_id', '=', user.id).execute();
  for (const book of books) await deleteBookFiles(ctx, book.id);
  // print files of documents uploaded for printing (no book), and of books already deleted
  await deletePrintFiles(ctx, { userId: user.id });
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('orders')
      .set({
        user_id: null,
        email: 'deleted-account@invalid',
        payment_method_token: null,
        form_token_hash: null,
        shipping_address: null,
        updated_at: nowIso(),
      })
      .where('user_id', '=', user.id)
      .execute();
    await trx.deleteFrom('users').where('id', '=', user.id).execute();
  });
}
