import { createDb, migrateToLatest, nowIso, type Db } from '../db';
import { loadConfig } from '../config';
import { createPaymentProvider } from '../providers/payments';
import type { PaymentProvider } from '../providers/payments/provider';
import { lapseSubscription } from '../subscriptions/service';
import { findOrderByReference, moveOrder, type OrderRow } from './orders';
import { sendRefundMail } from './receipts';
import { createMailer } from '../providers/mail';
import { createTranslator } from '../http/messages';

const REFUND_USAGE = `Usage:
  npm run refund -- <order reference>
  npm run refund -- --outside <order reference>

Gives the money of a paid order back (Lyra: Transaction/CancelOrRefund; sandbox: nothing to send),
marks the order refunded and takes back what it unlocked: the book, the extra chapter, the
subscription (ends now) or the gift card (voided; a book it already unlocked is locked again).
--outside: the money was given back outside Plume (the provider's back office, after it refused
the refund here): the provider is not asked, the rest is done.
Works on the database the server uses: DATABASE_URL (PostgreSQL) if set, else DATA_DIR/plume.sqlite.`;

/** Locks a book again unless something else still pays for it (another paid order, a coupon, a gift). */
async function relockBook(trx: Db, sessionId: number, refundedOrderId: number, now: string): Promise<void> {
  const otherOrder = await trx
    .selectFrom('orders')
    .select('id')
    .where('service_session_id', '=', sessionId)
    .where('kind', '=', 'book')
    .where('status', '=', 'paid')
    .where('id', '!=', refundedOrderId)
    .executeTakeFirst();
  const coupon = await trx.selectFrom('coupon_redemptions').select('id').where('service_session_id', '=', sessionId).executeTakeFirst();
  const gift = await trx
    .selectFrom('gift_cards')
    .select('id')
    .where('redeemed_session_id', '=', sessionId)
    .where('voided_at', 'is', null)
    .executeTakeFirst();
  if (otherOrder || coupon || gift) return;
  await trx.updateTable('service_sessions').set({ is_payed: 0, updated_at: now }).where('id', '=', sessionId).execute();
}

/**
 * Refunds a paid order: the provider first (nothing changes here if it refuses), then one
 * transaction moves paid → refunded (once) and takes back what the order unlocked. Without a
 * provider, the money was given back outside Plume: only the rest is done.
 */
export async function refundOrder(db: Db, provider: PaymentProvider | null, order: OrderRow, now = new Date()): Promise<boolean> {
  if (order.status !== 'paid') return false;
  await provider?.refund(order.transaction_id, order.amount_cents, order.currency);
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    if (!(await moveOrder(trx, order.id, 'paid', 'refunded', at))) return false;
    if (order.kind === 'book' && order.service_session_id !== null) await relockBook(trx, order.service_session_id, order.id, at);
    if (order.kind === 'extra_chapter') await trx.deleteFrom('unlocked_chapters').where('order_id', '=', order.id).execute();
    if (order.kind === 'subscription' && order.subscription_id !== null) await lapseSubscription(trx, order.subscription_id, now);
    if (order.kind === 'gift_card') {
      const card = await trx
        .updateTable('gift_cards')
        .set({ voided_at: at })
        .where('order_id', '=', order.id)
        .returningAll()
        .executeTakeFirst();
      if (card?.redeemed_session_id) await relockBook(trx, card.redeemed_session_id, order.id, at);
    }
    return true;
  });
}

export interface RefundIo {
  env?: NodeJS.ProcessEnv;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

/** `npm run refund -- <order>` (scripts/refund.ts). Exit code 0 refunded, 1 refused, 2 usage. */
export async function runRefundCommand(argv: string[], io: RefundIo = {}): Promise<number> {
  const out = io.out ?? ((line: string) => console.log(line));
  const err = io.err ?? ((line: string) => console.error(line));
  const outside = argv[0] === '--outside';
  const args = outside ? argv.slice(1) : argv;
  if (args.length !== 1 || args[0].startsWith('-')) {
    (args[0] === '--help' || args[0] === '-h' ? out : err)(REFUND_USAGE);
    return args[0] === '--help' || args[0] === '-h' ? 0 : 2;
  }
  const config = loadConfig(io.env ?? process.env);
  const db = createDb(config);
  try {
    await migrateToLatest(db);
    const order = await findOrderByReference(db, args[0]);
    if (!order) {
      err(`Refused: no order ${args[0]}`);
      return 1;
    }
    let refunded: boolean;
    try {
      refunded = await refundOrder(db, outside ? null : createPaymentProvider(config), order);
    } catch (error) {
      err(`Refused by the payment provider: ${error instanceof Error ? error.message : String(error)}`);
      err(`Once the money is given back from its back office, record it: npm run refund -- --outside ${order.reference}`);
      return 1;
    }
    if (!refunded) {
      err(`Refused: order ${order.reference} is ${order.status}, only a paid order can be refunded`);
      return 1;
    }
    out(`Refunded order ${order.reference} (${order.kind}, ${(order.amount_cents / 100).toFixed(2)} ${order.currency}) at ${nowIso()}.`);
    // an account deleted since keeps its orders without their e-mail
    if (order.email) {
      const mail = { db, translate: createTranslator(config.localesDir), mailer: createMailer(config), config };
      await sendRefundMail(mail, order).then(
        () => out(`The buyer was told at ${order.email}.`),
        (error: unknown) => err(`The buyer's mail could not be sent: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
    return 0;
  } finally {
    await db.destroy();
  }
}
