/** Audiobook price = 22 x characters x 2.5 / 100000 euros, rounded to the cent. */
export function audiobookPrice(characters: number): number {
  return Math.round(((22 * characters * 2.5) / 100_000) * 100) / 100;
}

export function toCents(euros: number): number {
  return Math.round(euros * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** Spaces as thousands separators (spec section 9), two decimals when there are cents. */
export function formatAmount(value: number): string {
  const fixed = Number.isInteger(value) ? String(value) : value.toFixed(2);
  const [whole, decimals] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return decimals ? `${grouped}.${decimals}` : grouped;
}

/** The tax inside a tax-included amount, in cents: amount − amount / (1 + rate). `rateBp` in basis points (2000 = 20 %). */
export function taxIncludedCents(amountCents: number, rateBp: number): number {
  return amountCents - Math.round((amountCents * 10_000) / (10_000 + rateBp));
}

/** A tax rate in basis points as a number written the language's way, without the sign: 550 → fr '5,5', en '5.5'; 2000 → '20'. */
export function formatRate(rateBp: number, lng: string): string {
  return new Intl.NumberFormat(lng, { maximumFractionDigits: 2 }).format(rateBp / 100);
}

/** A price reduced by a percentage coupon, in cents (never below one cent). */
export function percentOffCents(amountCents: number, percent: number): number {
  return Math.max(1, Math.round((amountCents * (100 - percent)) / 100));
}

/** One calendar month later, on the same day when it exists (31 Jan → 28/29 Feb). */
export function addMonth(date: Date): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/**
 * A price as people of that language write it, with Intl.NumberFormat (fr '19,90 €', en '€19.90'),
 * thousands always grouped with a (narrow, non-breaking) space as the spec asks: '1 234,50 €'.
 */
export function formatPrice(value: number, lng: string, currency = 'EUR'): string {
  const format = new Intl.NumberFormat(lng, { style: 'currency', currency, useGrouping: 'always' });
  return format
    .formatToParts(value)
    .map((part) => (part.type === 'group' ? '\u202f' : part.value))
    .join('');
}
