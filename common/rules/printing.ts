/**
 * Printed copies (issue 14): the price table's shape, the price of an order, the pages a printer
 * receives and the cover spread's geometry. Prices are computed by the server from
 * content/printing.json; the web only shows them.
 */

/** Where a paid print order stands, as its author sees it under My orders. */
export const PRINT_STATUSES = ['received', 'sent_to_printer', 'in_production', 'shipped', 'rejected', 'canceled'] as const;
export type PrintStatus = (typeof PRINT_STATUSES)[number];

/** Where a print order has ended: its printer fetches nothing more. */
export const ENDED_PRINT_STATUSES: readonly PrintStatus[] = ['shipped', 'rejected', 'canceled'];

/** The links a printer fetches a print order's files through stay valid this long (Lulu downloads within hours). */
export const PRINT_FILE_LINK_LIFETIME_MS = 7 * 24 * 3600_000;

/**
 * Whether a print order's printer may still fetch its files: the order has not ended, and a link made for it (at
 * submission, at each new try, when handed to the print operator: each time the order changes) may still be valid.
 * A deleted book keeps such files until the order ends; an account cannot be deleted while one of its orders has them.
 */
export function printFilesInUse(order: { status: string; updated_at: string }, now: Date): boolean {
  return (
    !(ENDED_PRINT_STATUSES as readonly string[]).includes(order.status) &&
    Date.parse(order.updated_at) + PRINT_FILE_LINK_LIFETIME_MS > now.getTime()
  );
}

/** Fewest copies per order (spec section 9), also the default. */
export const PRINT_MIN_COPIES = 5;

export interface PriceBand {
  /** The band covers books up to this many printed pages. */
  max_pages: number;
  /** Per copy, whatever the page count (cover, binding), in cents. */
  base_cents: number;
  /** Per printed page of one copy, in cents (may have decimals; a copy's price is rounded to the cent). */
  per_page_cents: number;
}

export interface PrintPriceTable {
  currency: string;
  trim: '6x9';
  /** Lulu's product code for this trim, paper and binding. */
  pod_package_id: string;
  pages_per_inch: number;
  /** A paperback needs this many pages at least: shorter books get blank pages at the end. */
  min_pages: number;
  max_pages: number;
  min_copies: number;
  max_copies: number;
  quote_lifetime_minutes: number;
  /** Per order, tax included. */
  shipping_cents: number;
  bands: PriceBand[];
}

/** Pages sent to the printer: at least the binding's minimum, and an even number (a sheet has two sides). */
export function printedPages(contentPages: number, minPages: number): number {
  const pages = Math.max(contentPages, minPages);
  return pages % 2 === 0 ? pages : pages + 1;
}

/** One copy of a book of `pages` printed pages, in cents; null beyond the table's last band. */
export function copyPriceCents(table: Pick<PrintPriceTable, 'bands'>, pages: number): number | null {
  const band = table.bands.find((b) => pages <= b.max_pages);
  return band ? band.base_cents + Math.round(pages * band.per_page_cents) : null;
}

/** The whole order, tax included, in cents: copies × one copy + shipping. */
export function printPriceCents(table: Pick<PrintPriceTable, 'bands' | 'shipping_cents'>, pages: number, copies: number): number | null {
  const copy = copyPriceCents(table, pages);
  return copy === null ? null : copies * copy + table.shipping_cents;
}

export const POINTS_PER_INCH = 72;
export const BLEED_IN = 0.125;
/** A paperback's spine: pages ÷ pages per inch, plus the cover board (Lulu's formula). */
export const SPINE_EXTRA_IN = 0.06;

export interface CoverGeometry {
  /** Whole spread with bleed, in points. */
  width: number;
  height: number;
  spine: number;
  bleed: number;
  /** Trim size of one side, in points. */
  trimWidth: number;
  trimHeight: number;
}

/**
 * The cover spread (back, spine, front) of a perfect-bound paperback: height = trim + 2 bleeds,
 * width = 2 × (trim width + bleed) + spine, spine = pages ÷ PPI + 0.06 in.
 */
export function coverGeometry(trimInches: { width: number; height: number }, pages: number, pagesPerInch: number): CoverGeometry {
  const spineIn = pages / pagesPerInch + SPINE_EXTRA_IN;
  const pt = (inches: number) => inches * POINTS_PER_INCH;
  return {
    width: pt(2 * (trimInches.width + BLEED_IN) + spineIn),
    height: pt(trimInches.height + 2 * BLEED_IN),
    spine: pt(spineIn),
    bleed: pt(BLEED_IN),
    trimWidth: pt(trimInches.width),
    trimHeight: pt(trimInches.height),
  };
}

export const TRIM_INCHES = { '6x9': { width: 6, height: 9 } } as const;
