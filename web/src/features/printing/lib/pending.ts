import type { PrintQuote, ShippingAddress } from '@common/schemas/printing';

/** What /printing hands to /printing-payment: the quote to pay, where it goes, and the document (kept in memory only). */
export interface PendingPrint {
  quote: PrintQuote;
  address: ShippingAddress;
  file: File | null;
}

let pending: PendingPrint | null = null;

export const setPendingPrint = (value: PendingPrint | null) => {
  pending = value;
};
export const pendingPrint = () => pending;

/** Countries a carrier delivers to (ISO 3166-1 alpha-2); names come from Intl in the reader's language. */
export const COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CA',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MC',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'SM',
  'US',
  'AU',
  'NZ',
] as const;

export function countryOptions(lng: string): Array<{ code: string; name: string }> {
  const names = new Intl.DisplayNames([lng], { type: 'region' });
  return COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, lng));
}

export const EMPTY_ADDRESS: ShippingAddress = { recipient_name: '', address: '', postal_code: '', city: '', country: '', phone: '' };
export const addressComplete = (a: ShippingAddress) => Object.values(a).every((v) => v.trim() !== '');
