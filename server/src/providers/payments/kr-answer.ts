import crypto from 'node:crypto';
import { z } from 'zod';
import type { KrAnswerFields } from '@common/schemas/payments';

/**
 * Lyra's signed answers (common/schemas/payments.ts `KrAnswerFieldsSchema`): signing, checking, and
 * reading the parts of `kr-answer` Plume uses (the rest passes through untouched).
 */
export const KR_HASH_ALGORITHM = 'sha256_hmac';
export type KrFields = KrAnswerFields;

const TransactionSchema = z.looseObject({
  uuid: z.string(),
  status: z.string(),
  amount: z.number().optional(),
  currency: z.string().optional(),
  detailedStatus: z.string().nullish(),
  paymentMethodToken: z.string().nullish(),
  errorCode: z.string().nullish(),
  errorMessage: z.string().nullish(),
  detailedErrorCode: z.string().nullish(),
  detailedErrorMessage: z.string().nullish(),
  transactionDetails: z
    .looseObject({
      cardDetails: z.looseObject({ expiryMonth: z.number().nullish(), expiryYear: z.number().nullish() }).nullish(),
    })
    .nullish(),
});

export const KrAnswerSchema = z.looseObject({
  orderStatus: z.string(),
  orderCycle: z.string().nullish(),
  orderDetails: z.looseObject({
    orderId: z.string(),
    orderTotalAmount: z.number().optional(),
    orderCurrency: z.string().optional(),
  }),
  transactions: z.array(TransactionSchema).default([]),
});
export type KrAnswer = z.infer<typeof KrAnswerSchema>;
export type KrTransaction = z.infer<typeof TransactionSchema>;

/** Lyra's reference code (rest-php-examples) replaces `\/` with `/` in kr-answer before hashing. */
const normalise = (answer: string) => answer.replace(/\\\//g, '/');

export function krHash(key: string, answer: string): string {
  return crypto.createHmac('sha256', key).update(normalise(answer), 'utf8').digest('hex');
}

/**
 * True when `kr-hash` is the HMAC-SHA-256 of the posted `kr-answer` under `key` (constant-time);
 * any other algorithm is refused.
 */
export function verifyKrHash(fields: Pick<KrFields, 'kr-answer' | 'kr-hash' | 'kr-hash-algorithm'>, key: string): boolean {
  if (fields['kr-hash-algorithm'] !== KR_HASH_ALGORITHM) return false;
  const expected = Buffer.from(krHash(key, fields['kr-answer']), 'hex');
  const given = Buffer.from(fields['kr-hash'], 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** Signs an answer the way Lyra does (the sandbox's browser return and self-notification). */
export function signKrAnswer(
  answer: object,
  key: string,
  answerType = 'V4/Payment',
  hashKey: 'sha256_hmac' | 'password' = 'sha256_hmac',
): KrFields {
  const text = JSON.stringify(answer);
  return {
    'kr-answer': text,
    'kr-hash': krHash(key, text),
    'kr-hash-algorithm': KR_HASH_ALGORITHM,
    'kr-answer-type': answerType,
    'kr-hash-key': hashKey,
  };
}

/** The parsed answer, or null when it is not JSON of the expected shape. */
export function parseKrAnswer(text: string): KrAnswer | null {
  try {
    const parsed = KrAnswerSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
