import crypto from 'node:crypto';
import type { Config } from '../../config';
import { createLyraProvider } from './lyra';
import type { PaymentProvider } from './provider';

/** The sandbox signs with a key derived from SECRET_KEY (or a fixed development key without one). */
export function sandboxKey(config: Pick<Config, 'SECRET_KEY'>): string {
  return crypto
    .createHmac('sha256', config.SECRET_KEY ?? 'plume-development')
    .update('payments-sandbox')
    .digest('hex');
}

export function isLyraConfigured(config: Config): boolean {
  return Boolean(
    config.LYRA_SHOP_ID &&
    config.LYRA_PASSWORD &&
    config.LYRA_PUBLIC_KEY &&
    config.LYRA_HMAC_KEY &&
    config.LYRA_API_URL &&
    config.LYRA_STATIC_URL,
  );
}

export function createPaymentProvider(config: Config): PaymentProvider {
  if (isLyraConfigured(config)) return createLyraProvider(config);
  const key = sandboxKey(config);
  return {
    kind: 'sandbox',
    keyFor: () => key,
    createForm: async () => ({ formToken: `sbx_${crypto.randomBytes(24).toString('base64url')}` }),
    startSubscription: async () => null,
    getOrder: async () => null,
    cancelSubscription: async () => undefined,
    refund: async () => undefined,
  };
}
