import type { Config } from '../../config';
import { KrAnswerSchema } from './kr-answer';
import { PaymentProviderError, type PaymentProvider } from './provider';

/** The V4 envelope every Lyra web service answers, often with HTTP 200 even on errors. */
interface LyraEnvelope {
  status: 'SUCCESS' | 'ERROR';
  answer: Record<string, unknown> & { errorCode?: string; errorMessage?: string };
}

/**
 * Lyra (PayZen / Systempay) REST V4: `POST {LYRA_API_URL}/api-payment/V4/{WebService}` with
 * Basic auth shopId:password. `status: "ERROR"` is a refusal whatever the HTTP code.
 */
export function lyraClient(config: Pick<Config, 'LYRA_SHOP_ID' | 'LYRA_PASSWORD' | 'LYRA_API_URL'>) {
  const authorization = `Basic ${Buffer.from(`${config.LYRA_SHOP_ID}:${config.LYRA_PASSWORD}`).toString('base64')}`;
  const base = config.LYRA_API_URL!.replace(/\/+$/, '');
  return async function call(webService: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const response = await fetch(`${base}/api-payment/V4/${webService}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const envelope = (await response.json().catch(() => null)) as LyraEnvelope | null;
    if (!envelope || (envelope.status !== 'SUCCESS' && envelope.status !== 'ERROR')) {
      throw new PaymentProviderError(`HTTP_${response.status}`, `unexpected answer from ${webService}`);
    }
    if (envelope.status === 'ERROR')
      throw new PaymentProviderError(envelope.answer.errorCode ?? 'UNKNOWN', envelope.answer.errorMessage ?? webService);
    return envelope.answer;
  };
}

export function createLyraProvider(config: Config): PaymentProvider {
  const call = lyraClient(config);
  return {
    kind: 'lyra',
    keyFor: (hashKey) => (hashKey === 'password' ? config.LYRA_PASSWORD! : config.LYRA_HMAC_KEY!),
    async createForm({ reference, amountCents, currency, email, registerCard }) {
      const answer = await call('Charge/CreatePayment', {
        amount: amountCents,
        currency,
        orderId: reference,
        customer: { email, reference: email },
        ...(registerCard ? { formAction: 'REGISTER_PAY' } : {}),
      });
      if (typeof answer.formToken !== 'string') throw new PaymentProviderError('NO_FORM_TOKEN', 'Charge/CreatePayment gave no formToken');
      return { formToken: answer.formToken };
    },
    async startSubscription({ paymentMethodToken, amountCents, currency, reference, effectDate }) {
      const answer = await call('Charge/CreateSubscription', {
        amount: amountCents,
        currency,
        orderId: reference,
        paymentMethodToken,
        effectDate: effectDate.toISOString(),
        rrule: `RRULE:FREQ=MONTHLY;BYMONTHDAY=${Math.min(effectDate.getUTCDate(), 28)}`,
      });
      if (typeof answer.subscriptionId !== 'string')
        throw new PaymentProviderError('NO_SUBSCRIPTION_ID', 'Charge/CreateSubscription gave no subscriptionId');
      return answer.subscriptionId;
    },
    async cancelSubscription({ paymentMethodToken, providerSubscriptionId }) {
      if (!providerSubscriptionId) return;
      const answer = await call('Subscription/Cancel', { paymentMethodToken, subscriptionId: providerSubscriptionId });
      // 0 terminated; 30 token / 32 subscription not found: nothing left to cancel.
      if (![0, 30, 32].includes(Number(answer.responseCode)))
        throw new PaymentProviderError(`RESPONSE_${String(answer.responseCode)}`, 'Subscription/Cancel refused');
    },
    async getOrder(reference) {
      let answer: Record<string, unknown>;
      try {
        answer = await call('Order/Get', { orderId: reference });
      } catch (error) {
        if (error instanceof PaymentProviderError && error.providerCode === 'PSP_010') return null;
        throw error;
      }
      const transactions = Array.isArray(answer.transactions) ? (answer.transactions as Array<{ status?: string }>) : [];
      // The order is paid when one of its transactions is; else it is still open or refused.
      const paid = transactions.find((t) => t.status === 'PAID');
      const parsed = KrAnswerSchema.safeParse({
        orderStatus: paid ? 'PAID' : 'UNPAID',
        orderCycle: paid ? 'CLOSED' : 'OPEN',
        orderDetails: { orderId: reference },
        transactions: paid ? [paid, ...transactions.filter((t) => t !== paid)] : transactions,
      });
      return parsed.success ? parsed.data : null;
    },
    async refund(transactionId, amountCents, currency) {
      if (!transactionId) throw new PaymentProviderError('NO_TRANSACTION', 'the order has no transaction to refund');
      await call('Transaction/CancelOrRefund', { uuid: transactionId, amount: amountCents, currency });
    },
  };
}
