import crypto from 'node:crypto';
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../db';
import type { OrdersTable } from '../db/schema';
import type { OrderKind } from '@common/schemas/payments';

/** SQL of orders. Every function takes the database or a transaction first. */

export type OrderRow = Selectable<OrdersTable>;
export type { OrderKind } from '@common/schemas/payments';
export type OrderStatus = 'created' | 'paid' | 'failed' | 'cancelled' | 'expired' | 'refunded';

export interface NewOrder {
  kind: OrderKind;
  provider: string;
  user_id: number | null;
  plan_id: number | null;
  service_session_id?: number | null;
  chapter_id?: number | null;
  subscription_id?: number | null;
  coupon_id?: number | null;
  amount_cents: number;
  currency: string;
  tax_rate_bp: number;
  email: string;
  recipient_email?: string | null;
  language: string;
  /** The print quote a printing order pays. */
  print_quote_id?: number | null;
  /** Where a printing order's copies go (JSON of a ShippingAddress). */
  shipping_address?: string | null;
  /** Set for a renewal charged without a form (its reference is derived from the transaction). */
  reference?: string;
}

/** The id the provider sees: unguessable, so an order cannot be confirmed by counting. */
export const newReference = () => `PL${crypto.randomBytes(9).toString('base64url')}`;
export const hashFormToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export function insertOrder(db: Db, input: NewOrder, now: string): Promise<OrderRow> {
  return db
    .insertInto('orders')
    .values({
      reference: input.reference ?? newReference(),
      kind: input.kind,
      status: 'created',
      provider: input.provider,
      user_id: input.user_id,
      plan_id: input.plan_id,
      service_session_id: input.service_session_id ?? null,
      chapter_id: input.chapter_id ?? null,
      subscription_id: input.subscription_id ?? null,
      coupon_id: input.coupon_id ?? null,
      amount_cents: input.amount_cents,
      currency: input.currency,
      tax_rate_bp: input.tax_rate_bp,
      email: input.email,
      recipient_email: input.recipient_email ?? null,
      language: input.language,
      print_quote_id: input.print_quote_id ?? null,
      shipping_address: input.shipping_address ?? null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function setFormToken(db: Db, orderId: number, token: string, expiresAt: string) {
  return db
    .updateTable('orders')
    .set({ form_token_hash: hashFormToken(token), form_expires_at: expiresAt })
    .where('id', '=', orderId)
    .execute();
}

export const findOrder = (db: Db, id: number) => db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
export const findOrderByReference = (db: Db, reference: string) =>
  db.selectFrom('orders').selectAll().where('reference', '=', reference).executeTakeFirst();
export const findOrderByFormToken = (db: Db, token: string) =>
  db.selectFrom('orders').selectAll().where('form_token_hash', '=', hashFormToken(token)).executeTakeFirst();

/** The newest order of a book (any kind), e.g. to confirm a book payment by its book id. */
export function latestOrderOfSession(db: Db, sessionId: number, userId: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('service_session_id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('kind', 'in', ['book', 'extra_chapter'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function listOrdersOfUser(db: Db, userId: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['paid', 'refunded'])
    .orderBy('id', 'desc')
    .execute();
}

/**
 * The one way an order changes state: a single UPDATE that only matches while the order is still
 * in `from`. Returns false when another request (a replayed or concurrent notification) moved it
 * first — the caller then does nothing more.
 */
export async function moveOrder(
  db: Db,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  now: string,
  fields: Pick<Updateable<OrdersTable>, 'transaction_id' | 'payment_method_token' | 'failure' | 'paid_at' | 'subscription_id'> = {},
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ ...fields, status: to, updated_at: now })
    .where('id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Notes why an attempt was refused while the order stays open (Lyra lets the buyer try again). */
export function noteFailure(db: Db, orderId: number, failure: string, now: string) {
  return db.updateTable('orders').set({ failure, updated_at: now }).where('id', '=', orderId).where('status', '=', 'created').execute();
}
