import crypto from 'node:crypto';
import { listenStandIn, readBody, send, type HttpStandIn } from './http';

/**
 * A stand-in for Lyra's REST API V4 (`POST /api-payment/V4/{WebService}`, Basic auth
 * shopId:password) speaking its envelope: `{webService, version, status: SUCCESS|ERROR, answer,
 * mode, _type}` with HTTP 200 even for errors (PSP_010 unknown order, INT_905 bad credentials…).
 * `payOrder` plays a buyer paying a created form and returns the IPN Lyra would post.
 */
export interface LyraStandIn extends HttpStandIn {
  calls: Array<{ webService: string; body: Record<string, unknown> }>;
  /** While true, Transaction/CancelOrRefund answers Lyra's error envelope (e.g. a transaction past its refund delay). */
  refuseRefunds: boolean;
  /** Marks the order of a form paid (or refused) and returns the signed IPN fields. */
  payOrder(orderId: string, status?: 'PAID' | 'UNPAID'): Record<string, string>;
}

export const LYRA_TEST = {
  shopId: '69876357',
  password: 'testpassword_DEMOPRIVATEKEY23G4475zXZQ2UA5x7M',
  publicKey: '69876357:testpublickey_DEMOPUBLICKEY95me92597fd28tGD4r5',
  hmacKey: '38453613e7f44dc58732bad3dca2bca3',
};

/** The server's configuration for a Lyra shop served by this stand-in. */
export const lyraConfig = (lyra: Pick<LyraStandIn, 'origin'>) => ({
  LYRA_SHOP_ID: LYRA_TEST.shopId,
  LYRA_PASSWORD: LYRA_TEST.password,
  LYRA_PUBLIC_KEY: LYRA_TEST.publicKey,
  LYRA_HMAC_KEY: LYRA_TEST.hmacKey,
  LYRA_API_URL: lyra.origin,
  LYRA_STATIC_URL: 'https://static.payzen.eu',
});

export async function startLyraStandIn(): Promise<LyraStandIn> {
  const calls: LyraStandIn['calls'] = [];
  const orders = new Map<string, { amount: number; currency: string; email: string; transactions: Array<Record<string, unknown>> }>();
  const envelope = (webService: string, status: 'SUCCESS' | 'ERROR', answer: Record<string, unknown>) => ({
    webService,
    version: 'V4',
    applicationVersion: '6.0.0',
    status,
    answer,
    ticket: crypto.randomBytes(16).toString('hex'),
    serverDate: new Date().toISOString(),
    applicationProvider: 'PZ',
    metadata: null,
    mode: 'TEST',
    serverUrl: 'http://127.0.0.1',
    _type: 'V4/WebService/Response',
  });
  const error = (webService: string, errorCode: string, errorMessage: string) =>
    envelope(webService, 'ERROR', {
      errorCode,
      errorMessage,
      detailedErrorCode: null,
      detailedErrorMessage: null,
      _type: 'V4/WebService/WebServiceError',
    });

  const standIn = await listenStandIn(async (req, res) => {
    const match = /^\/api-payment\/V4\/(.+)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return send(res, 404, { error: 'not found' });
    const webService = match[1];
    const expected = `Basic ${Buffer.from(`${LYRA_TEST.shopId}:${LYRA_TEST.password}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return send(res, 401, error(webService, 'INT_905', 'invalid credentials'));
    const body = JSON.parse((await readBody(req)).toString('utf8') || '{}') as Record<string, unknown>;
    calls.push({ webService, body });
    switch (webService) {
      case 'Charge/CreatePayment': {
        if (!Number.isInteger(body.amount) || (body.amount as number) <= 0)
          return send(res, 200, error(webService, 'INT_902', 'invalid amount'));
        const orderId = String(body.orderId);
        orders.set(orderId, {
          amount: body.amount as number,
          currency: String(body.currency),
          email: String((body.customer as { email?: string })?.email ?? ''),
          transactions: [],
        });
        return send(
          res,
          200,
          envelope(webService, 'SUCCESS', { formToken: `${crypto.randomBytes(20).toString('hex')}`, _type: 'V4/Charge/PaymentForm' }),
        );
      }
      case 'Order/Get': {
        const order = orders.get(String(body.orderId));
        if (!order) return send(res, 200, error(webService, 'PSP_010', 'transaction not found'));
        return send(
          res,
          200,
          envelope(webService, 'SUCCESS', { orderId: body.orderId, transactions: order.transactions, _type: 'V4/OrderTransactions' }),
        );
      }
      case 'Charge/CreateSubscription':
        return send(
          res,
          200,
          envelope(webService, 'SUCCESS', {
            subscriptionId: crypto.randomBytes(8).toString('hex'),
            paymentMethodToken: body.paymentMethodToken,
            _type: 'V4/Charge/SubscriptionCreated',
          }),
        );
      case 'Subscription/Cancel':
        return send(
          res,
          200,
          envelope(webService, 'SUCCESS', { responseCode: 0, responseCodeDetail: 'terminated', _type: 'V4/Common/ResponseCodeAnswer' }),
        );
      case 'Transaction/CancelOrRefund':
        if (result.refuseRefunds) return send(res, 200, error(webService, 'PSP_099', 'the transaction cannot be refunded'));
        return send(
          res,
          200,
          envelope(webService, 'SUCCESS', { uuid: body.uuid, status: 'PAID', operationType: 'CREDIT', _type: 'V4/Transaction' }),
        );
      default:
        return send(res, 200, error(webService, 'INT_999', 'unknown web service'));
    }
  });

  const result: LyraStandIn = {
    ...standIn,
    refuseRefunds: false,
    calls,
    payOrder(orderId, status = 'PAID') {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no form for ${orderId}`);
      const transaction = {
        uuid: crypto.randomBytes(16).toString('hex'),
        amount: order.amount,
        currency: order.currency,
        paymentMethodType: 'CARD',
        paymentMethodToken: crypto.randomBytes(16).toString('hex'),
        status,
        detailedStatus: status === 'PAID' ? 'AUTHORISED' : 'REFUSED',
        detailedErrorCode: status === 'PAID' ? null : '05',
        transactionDetails: { cardDetails: { expiryMonth: 12, expiryYear: 2030 } },
        _type: 'V4/PaymentTransaction',
      };
      order.transactions.push(transaction);
      // Lyra escapes slashes in its JSON: the hash is computed over the answer with `\/` replaced.
      const answer = JSON.stringify({
        shopId: LYRA_TEST.shopId,
        orderCycle: 'CLOSED',
        orderStatus: status,
        orderDetails: { orderTotalAmount: order.amount, orderCurrency: order.currency, mode: 'TEST', orderId, _type: 'V4/OrderDetails' },
        customer: { email: order.email, extraDetails: { browserUserAgent: 'https://example.com/agent' } },
        transactions: [transaction],
        _type: 'V4/Payment',
      }).replace(/\//g, '\\/');
      const hash = crypto.createHmac('sha256', LYRA_TEST.password).update(answer.replace(/\\\//g, '/')).digest('hex');
      return {
        'kr-answer': answer,
        'kr-hash': hash,
        'kr-hash-algorithm': 'sha256_hmac',
        'kr-hash-key': 'password',
        'kr-answer-type': 'V4/Payment',
      };
    },
  };
  return result;
}
