import type { KrAnswer } from './kr-answer';

/** A form token lives 15 minutes at Lyra; the sandbox keeps the same rule. */
export const FORM_TOKEN_LIFETIME_MS = 15 * 60_000;

export interface CreateFormInput {
  /** Our order reference: the provider's orderId. */
  reference: string;
  amountCents: number;
  currency: string;
  email: string;
  /** Keep a card token for later charges (subscriptions). */
  registerCard: boolean;
}

export interface ProviderSubscription {
  paymentMethodToken: string;
  providerSubscriptionId: string | null;
}

/**
 * The payment provider behind every order: Lyra's REST API when LYRA_* is configured, else the
 * offline sandbox (our own form, `POST /api/sandboxPay`). Both answer in Lyra's signed
 * `kr-answer` shape, which payments/notifications.ts verifies and applies.
 */
export interface PaymentProvider {
  readonly kind: 'sandbox' | 'lyra';
  /** The key that signs a posted answer: the HMAC key for a browser return, the password for an IPN. */
  keyFor(hashKey: string | undefined): string;
  createForm(input: CreateFormInput): Promise<{ formToken: string }>;
  /** After a first paid month, asks the provider for the monthly instalments (null: Plume renews itself). */
  startSubscription(input: {
    paymentMethodToken: string;
    amountCents: number;
    currency: string;
    reference: string;
    effectDate: Date;
  }): Promise<string | null>;
  cancelSubscription(input: ProviderSubscription): Promise<void>;
  /** The provider's view of an order (Order/Get) in the answer shape; null when Plume is told by notification only. */
  getOrder(reference: string): Promise<KrAnswer | null>;
  /** Gives the money of a paid transaction back (operator refunds). */
  refund(transactionId: string | null, amountCents: number, currency: string): Promise<void>;
}

/** A refusal from the provider (Lyra `status: "ERROR"`), with its code (PSP_010, INT_015…). */
export class PaymentProviderError extends Error {
  constructor(
    readonly providerCode: string,
    message: string,
  ) {
    super(`${providerCode}: ${message}`);
  }
}
