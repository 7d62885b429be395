import crypto from 'node:crypto';

/** Letters and digits nobody confuses when reading a printed card: no 0/O, 1/I/L, 5/S, 8/B. */
export const GIFT_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXYZ234679';
export const GIFT_CODE_PATTERN = new RegExp(`^PLUME-[${GIFT_CODE_ALPHABET}]{4}-[${GIFT_CODE_ALPHABET}]{4}$`);

const block = () => Array.from({ length: 4 }, () => GIFT_CODE_ALPHABET[crypto.randomInt(GIFT_CODE_ALPHABET.length)]).join('');

/** `PLUME-XXXX-XXXX` */
export const newGiftCode = () => `PLUME-${block()}-${block()}`;

/** A typed code as stored (upper-case, spaces dropped), or null when it is not shaped like a gift code. */
export function normalizeGiftCode(typed: string): string | null {
  const code = typed.replace(/\s+/g, '').toUpperCase();
  return GIFT_CODE_PATTERN.test(code) ? code : null;
}
