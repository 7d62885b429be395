import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { PrintPriceTable } from '@common/rules/printing';

const Cents = z.number().int().nonnegative();
const TableSchema = z
  .object({
    currency: z.string().length(3),
    trim: z.literal('6x9'),
    pod_package_id: z.string().length(27),
    pages_per_inch: z.number().positive(),
    min_pages: z.number().int().positive(),
    max_pages: z.number().int().positive(),
    min_copies: z.number().int().positive(),
    max_copies: z.number().int().positive(),
    quote_lifetime_minutes: z.number().int().positive(),
    shipping_cents: Cents,
    bands: z
      .array(z.object({ max_pages: z.number().int().positive(), base_cents: Cents, per_page_cents: z.number().nonnegative() }))
      .min(1),
  })
  .refine((t) => t.bands.every((b, i) => i === 0 || b.max_pages > t.bands[i - 1].max_pages), 'bands must grow')
  .refine((t) => t.bands.at(-1)!.max_pages >= t.max_pages, 'the last band must reach max_pages');

const cache = new Map<string, PrintPriceTable>();

/** The price table of printed copies (content/printing.json), read and checked once. */
export function loadPriceTable(contentDir: string): PrintPriceTable {
  let table = cache.get(contentDir);
  if (!table) {
    table = TableSchema.parse(JSON.parse(fs.readFileSync(path.join(contentDir, 'printing.json'), 'utf8')));
    cache.set(contentDir, table);
  }
  return table;
}
