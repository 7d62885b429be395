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
