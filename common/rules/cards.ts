/**
 * Card numbers as our own sandbox form and the sandbox provider read them: brand detection,
 * formatting, the Luhn check, expiry, and the sandbox's test cards (docs/payments.md).
 */
export type CardBrand = 'visa' | 'mastercard' | 'unknown';

export const digitsOnly = (value: string) => value.replace(/\D/g, '');

export function cardBrand(number: string): CardBrand {
  const digits = digitsOnly(number);
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  return 'unknown';
}

/** `4111111111111111` → `4111 1111 1111 1111` (groups of four, at most 19 digits). */
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** `0428` or `04/28` → `04/28` while typing. */
export function formatExpiry(value: string): string {
  const digits = digitsOnly(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function luhnValid(number: string): boolean {
  const digits = digitsOnly(number);
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const EXPIRY_PATTERN = /^(0[1-9]|1[0-2])\/(\d{2})$/;

/** The last instant a card of expiry `MM/YY` works (end of that month, UTC), or null when malformed. */
export function expiryEnd(expiry: string): Date | null {
  const match = EXPIRY_PATTERN.exec(expiry);
  if (!match) return null;
  return new Date(Date.UTC(2000 + Number(match[2]), Number(match[1]), 1) - 1);
}

/** The sandbox's test cards and what each does (shown in the test-mode banner). */
export const SANDBOX_TEST_CARDS = {
  accepted: '4111111111111111',
  declined: '4000000000000002',
  challenge: '4000000000003220',
  /** Accepted now, declined at the next monthly renewal. */
  renewalDeclined: '4000000000000341',
} as const;
export type SandboxCardOutcome = keyof typeof SANDBOX_TEST_CARDS;

export function sandboxCardOutcome(number: string): SandboxCardOutcome | null {
  const digits = digitsOnly(number);
  const found = (Object.keys(SANDBOX_TEST_CARDS) as SandboxCardOutcome[]).find((k) => SANDBOX_TEST_CARDS[k] === digits);
  return found ?? null;
}
