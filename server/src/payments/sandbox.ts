import crypto from 'node:crypto';
import { digitsOnly, expiryEnd, luhnValid, sandboxCardOutcome } from '@common/rules/cards';
import { AppError, badRequest, notFound } from '../http/errors';
import { signKrAnswer, type KrFields } from '../providers/payments/kr-answer';
import { findOrderByFormToken, type OrderRow } from './orders';
import { expireIfStale, handleNotification, type PaymentsContext } from './service';

export interface SandboxPayInput {
  formToken: string;
  card_number: string;
  expiry: string;
  cvc: string;
  /** The buyer's answer to the 3-D Secure challenge of the challenge test card. */
  three_ds?: 'approve' | 'refuse';
}

interface Outcome {
  status: 'PAID' | 'UNPAID';
  uuid: string;
  error?: { code: string; detailed: string; message: string };
}

const REFUSALS = {
  declined: { code: 'ACQ_001', detailed: '05', message: 'payment refused (do not honour)' },
  expired: { code: 'ACQ_001', detailed: '54', message: 'expired card' },
  authentication: { code: 'ACQ_001', detailed: 'AUTHENTICATION_REFUSED', message: '3-D Secure authentication refused' },
} as const;

/** The answer Lyra's form would post for this order and outcome (V4/Payment). */
function sandboxAnswer(order: OrderRow, outcome: Outcome, card: { number: string; expiry: string }, token: string | null) {
  const [month, year] = card.expiry.split('/').map(Number);
  return {
    shopId: 'sandbox',
    orderCycle: 'CLOSED',
    orderStatus: outcome.status,
    serverDate: new Date().toISOString(),
    orderDetails: {
      orderTotalAmount: order.amount_cents,
      orderCurrency: order.currency,
      mode: 'TEST',
      orderId: order.reference,
      _type: 'V4/OrderDetails',
    },
    customer: { email: order.email, _type: 'V4/Customer/Customer' },
    transactions: [
      {
        shopId: 'sandbox',
        uuid: outcome.uuid,
        amount: order.amount_cents,
        currency: order.currency,
        paymentMethodType: 'CARD',
        paymentMethodToken: token,
        status: outcome.status,
        detailedStatus: outcome.status === 'PAID' ? 'AUTHORISED' : 'REFUSED',
        errorCode: outcome.error?.code ?? null,
        errorMessage: outcome.error?.message ?? null,
        detailedErrorCode: outcome.error?.detailed ?? null,
        detailedErrorMessage: outcome.error?.message ?? null,
        transactionDetails: {
          cardDetails: {
            pan: `${card.number.slice(0, 6)}XXXXXX${card.number.slice(-4)}`,
            expiryMonth: month,
            expiryYear: 2000 + year,
            _type: 'V4/PaymentMethod/Details/CardDetails',
          },
          _type: 'V4/TransactionDetails',
        },
        _type: 'V4/PaymentTransaction',
      },
    ],
    _type: 'V4/Payment',
  };
}

/**
 * `POST /api/sandboxPay`: the offline stand-in for Lyra's card form. Pays (or refuses) the order of
 * a form token with a test card, notifies the server exactly as Lyra's IPN would (signed, through
 * handleNotification), and answers what Lyra's form answers the browser. A form already paid answers
 * its payment again without charging twice. The 3-D Secure card first answers `{challenge: "3ds"}`.
 */
export async function sandboxPay(ctx: PaymentsContext, input: SandboxPayInput): Promise<{ challenge: '3ds' } | KrFields> {
  if (ctx.provider.kind !== 'sandbox') throw notFound();
  const found = await findOrderByFormToken(ctx.db, input.formToken);
  if (!found) throw notFound('payments.unknown_form');
  const order = await expireIfStale(ctx, found);
  const number = digitsOnly(input.card_number);
  const card = { number, expiry: input.expiry };
  const key = ctx.provider.keyFor('sha256_hmac');
  if (order.status === 'paid' || order.status === 'refunded') {
    return signKrAnswer(sandboxAnswer(order, { status: 'PAID', uuid: order.transaction_id! }, card, order.payment_method_token), key);
  }
  if (order.status === 'expired') throw new AppError(410, 'payments.form_expired');
  if (order.status !== 'created') throw new AppError(409, 'payments.form_closed');
  if (!luhnValid(number)) throw badRequest('payments.card_number_invalid');
  const end = expiryEnd(input.expiry);
  if (!end) throw badRequest('payments.expiry_invalid');

  const kind = sandboxCardOutcome(number);
  const uuid = crypto.randomBytes(16).toString('hex');
  let outcome: Outcome;
  if (end.getTime() < ctx.now().getTime()) outcome = { status: 'UNPAID', uuid, error: REFUSALS.expired };
  else if (kind === 'challenge' && !input.three_ds) return { challenge: '3ds' };
  else if (kind === 'challenge' && input.three_ds === 'refuse') outcome = { status: 'UNPAID', uuid, error: REFUSALS.authentication };
  else if (kind === 'accepted' || kind === 'challenge' || kind === 'renewalDeclined') outcome = { status: 'PAID', uuid };
  else outcome = { status: 'UNPAID', uuid, error: REFUSALS.declined };

  const token =
    outcome.status === 'PAID' && order.kind === 'subscription' ? `sbx_${number.slice(-4)}_${crypto.randomBytes(8).toString('hex')}` : null;
  const answer = sandboxAnswer(order, outcome, card, token);
  // The notification Lyra would post to the IPN route, signed with the IPN key.
  await handleNotification(ctx, signKrAnswer(answer, ctx.provider.keyFor('password'), 'V4/Payment', 'password'));
  return signKrAnswer(answer, key);
}

/** A renewal with a stored sandbox card: the renewal-declined test card and expired cards are refused. */
export function sandboxChargeStoredCard(
  token: string | null,
  cardExpiry: string | null,
  now: Date,
): { paid: boolean; uuid: string; failure?: string } {
  const uuid = crypto.randomBytes(16).toString('hex');
  const end = cardExpiry ? expiryEnd(cardExpiry) : null;
  if (!token || !end || end.getTime() < now.getTime()) return { paid: false, uuid, failure: REFUSALS.expired.detailed };
  if (token.startsWith('sbx_0341_')) return { paid: false, uuid, failure: REFUSALS.declined.detailed };
  return { paid: true, uuid };
}
