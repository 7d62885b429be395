import type { Db } from '../db';
import { badRequest } from '../http/errors';
import { markSessionPaid } from '../coupons/repository';
import type { SessionRow } from '../books/repository';
import type { OrderRow } from '../payments/orders';
import { newGiftCode } from './codes';

const GIFT_VALIDITY_MS = 365 * 24 * 3_600_000;

/** Issues the card of a paid gift order (inside the transaction that marks it paid). */
export async function issueGiftCard(trx: Db, order: OrderRow, now: Date): Promise<void> {
  for (;;) {
    const inserted = await trx
      .insertInto('gift_cards')
      .values({
        code: newGiftCode(),
        order_id: order.id,
        plan_id: order.plan_id!,
        expires_at: new Date(now.getTime() + GIFT_VALIDITY_MS).toISOString(),
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('id')
      .executeTakeFirst();
    // A collision on the code (27^8 codes) only means drawing again.
    if (inserted) return;
  }
}

export function findGiftCardOfOrder(db: Db, orderId: number) {
  return db.selectFrom('gift_cards').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export function findGiftCard(db: Db, code: string) {
  return db.selectFrom('gift_cards').selectAll().where('code', '=', code).executeTakeFirst();
}

/**
 * Redeems a gift code on a book: one UPDATE claims the card only while it is unused, not voided
 * and unexpired, and the book is unlocked in the same transaction. The same user retrying on the
 * same book is answered paid again.
 */
export async function redeemGiftCard(
  db: Db,
  input: { code: string; session: SessionRow; userId: number },
  now = new Date(),
): Promise<{ is_payed: true }> {
  const card = await findGiftCard(db, input.code);
  if (!card || card.voided_at) throw badRequest('coupons.invalid');
  if (card.redeemed_at) {
    if (card.redeemed_by === input.userId && card.redeemed_session_id === input.session.id) return { is_payed: true };
    throw badRequest('coupons.gift_used');
  }
  const at = now.toISOString();
  if (card.expires_at <= at) throw badRequest('coupons.expired');
  await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('gift_cards')
      .set({ redeemed_at: at, redeemed_by: input.userId, redeemed_session_id: input.session.id })
      .where('id', '=', card.id)
      .where('redeemed_at', 'is', null)
      .where('voided_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw badRequest('coupons.gift_used');
    await markSessionPaid(trx, input.session.id, at);
  });
  return { is_payed: true };
}
