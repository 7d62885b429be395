import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { LANGUAGES } from '@common/constants';
import { fromBool, type Db } from '../index';

const Texts = z.object({ name: z.string().min(1), description: z.string().min(1) });
const byLanguage = <T extends z.ZodTypeAny>(schema: T) =>
  z.object(Object.fromEntries(LANGUAGES.map((lng) => [lng, schema])) as Record<(typeof LANGUAGES)[number], T>);

const CatalogFileSchema = z.object({
  services: z.array(z.object({ id: z.number(), is_active: z.boolean(), sort: z.number(), translations: byLanguage(Texts) })),
  general_categories: z.array(
    z.object({
      id: z.number(),
      service_id: z.number(),
      is_active: z.boolean(),
      sort: z.number(),
      image_key: z.string(),
      translations: byLanguage(Texts),
    }),
  ),
  tools: z.array(
    z.object({
      id: z.number(),
      icon_key: z.string(),
      forces_one_length: z.boolean(),
      for_new_book: z.boolean(),
      for_existing_book: z.boolean(),
      sort: z.number(),
      translations: byLanguage(Texts),
    }),
  ),
  plans: z.array(
    z.object({
      id: z.number(),
      service_id: z.number().nullable(),
      kind: z.enum(['single', 'subscription', 'extra_chapter', 'gift']),
      price_cents: z.number().int().positive(),
      currency: z.literal('EUR'),
      payed_per: z.string(),
      is_service: z.boolean(),
      is_gift_card: z.boolean(),
      is_active: z.boolean(),
      sort: z.number(),
      /** A gift plan that includes an audiobook: the characters of reading it pays for. */
      audiobook_characters: z.number().int().positive().nullable().default(null),
      translations: byLanguage(Texts.extend({ price_description: z.string().min(1), options: z.array(z.string().min(1)) })),
    }),
  ),
});
export type CatalogFile = z.infer<typeof CatalogFileSchema>;

function readCatalogFile(contentDir: string): CatalogFile {
  const raw = JSON.parse(fs.readFileSync(path.join(contentDir, 'catalog.json'), 'utf8'));
  return CatalogFileSchema.parse(raw);
}

/** Upserts the reference data (idempotent: runs at every start, so content edits reach the DB). */
export async function seedCatalog(db: Db, contentDir: string): Promise<void> {
  const catalog = readCatalogFile(contentDir);
  await db.transaction().execute(async (trx) => {
    for (const s of catalog.services) {
      const row = { id: s.id, is_active: fromBool(s.is_active), sort: s.sort, translations: JSON.stringify(s.translations) };
      await trx
        .insertInto('services')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
    }
    for (const c of catalog.general_categories) {
      const row = {
        id: c.id,
        service_id: c.service_id,
        is_active: fromBool(c.is_active),
        sort: c.sort,
        image_key: c.image_key,
        translations: JSON.stringify(c.translations),
      };
      await trx
        .insertInto('general_categories')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
    }
    for (const t of catalog.tools) {
      const row = {
        id: t.id,
        icon_key: t.icon_key,
        forces_one_length: fromBool(t.forces_one_length),
        for_new_book: fromBool(t.for_new_book),
        for_existing_book: fromBool(t.for_existing_book),
        sort: t.sort,
        translations: JSON.stringify(t.translations),
      };
      await trx
        .insertInto('tools')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
    }
    for (const p of catalog.plans) {
      const row = {
        id: p.id,
        service_id: p.service_id,
        kind: p.kind,
        price_cents: p.price_cents,
        currency: p.currency,
        payed_per: p.payed_per,
        is_service: fromBool(p.is_service),
        is_gift_card: fromBool(p.is_gift_card),
        is_active: fromBool(p.is_active),
        sort: p.sort,
        audiobook_characters: p.audiobook_characters,
        translations: JSON.stringify(p.translations),
      };
      await trx
        .insertInto('plans')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
    }
  });
}
