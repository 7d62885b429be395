import { describe, expect, it } from 'vitest';
import { audiobookPrice, formatAmount, formatPrice, formatRate, fromCents, toCents } from './prices';

describe('audiobookPrice (spec section 9: 22 x characters x 2.5 / 100000)', () => {
  it('follows the formula, rounded to the cent', () => {
    expect(audiobookPrice(100_000)).toBe(55);
    expect(audiobookPrice(0)).toBe(0);
    expect(audiobookPrice(1_000)).toBe(0.55);
    expect(audiobookPrice(12_345)).toBe(6.79); // 6.789750
    expect(audiobookPrice(250_000)).toBe(137.5);
  });
});

describe('cents', () => {
  it('converts euros to whole cents without float drift', () => {
    expect(toCents(4.99)).toBe(499);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19)).toBe(1900);
    expect(fromCents(499)).toBe(4.99);
    expect(fromCents(toCents(129.9))).toBe(129.9);
  });
});

describe('formatAmount (spec section 9: spaces as thousands separators)', () => {
  it('groups thousands with spaces', () => {
    expect(formatAmount(1234)).toBe('1 234');
    expect(formatAmount(1234567.5)).toBe('1 234 567.50');
    expect(formatAmount(999)).toBe('999');
    expect(formatAmount(1000)).toBe('1 000');
  });
  it('shows two decimals only when there are cents', () => {
    expect(formatAmount(4.99)).toBe('4.99');
    expect(formatAmount(4.5)).toBe('4.50');
    expect(formatAmount(49)).toBe('49');
    expect(formatAmount(0)).toBe('0');
  });
});

describe('formatPrice (Intl.NumberFormat per language, spaces between thousands)', () => {
  it('writes euros as each language does', () => {
    expect(formatPrice(19.9, 'fr')).toBe('19,90\u00a0€');
    expect(formatPrice(19.9, 'en')).toBe('€19.90');
    expect(formatPrice(19.9, 'es')).toBe('19,90\u00a0€');
    expect(formatPrice(4.99, 'it')).toBe('4,99\u00a0€');
  });
  it('groups thousands with a narrow non-breaking space in every language', () => {
    expect(formatPrice(1234.5, 'fr')).toBe('1\u202f234,50\u00a0€');
    expect(formatPrice(1234.5, 'en')).toBe('€1\u202f234.50');
    expect(formatPrice(1234.5, 'es')).toBe('1\u202f234,50\u00a0€');
    expect(formatPrice(1234567, 'it')).toBe('1\u202f234\u202f567,00\u00a0€');
  });
});

describe('formatRate (a tax rate in basis points, written the language’s way)', () => {
  it('keeps whole rates whole and writes the decimal mark of the language', () => {
    expect(formatRate(2000, 'fr')).toBe('20');
    expect(formatRate(550, 'fr')).toBe('5,5');
    expect(formatRate(550, 'it')).toBe('5,5');
    expect(formatRate(550, 'en')).toBe('5.5');
    expect(formatRate(1025, 'es')).toBe('10,25');
  });
});
