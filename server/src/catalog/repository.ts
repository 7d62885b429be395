import type { Language } from '@common/constants';
import type { Db } from '../db';

type Translations<T> = Record<Language, T>;
export interface NamedTexts {
  name: string;
  description: string;
}
export interface PlanTexts extends NamedTexts {
  price_description: string;
  options: string[];
}

/** Picks the texts of one language (en when a row lacks it). */
export function textsOf<T>(translations: string, lng: Language): T {
  const all = JSON.parse(translations) as Translations<T>;
  return all[lng] ?? all.en;
}

export function listTools(db: Db) {
  return db.selectFrom('tools').selectAll().orderBy('sort').execute();
}

export function findTool(db: Db, id: number) {
  return db.selectFrom('tools').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findService(db: Db, id: number) {
  return db.selectFrom('services').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listServices(db: Db) {
  return db.selectFrom('services').selectAll().orderBy('sort').execute();
}

export function listGeneralCategories(db: Db, serviceId: number) {
  return db.selectFrom('general_categories').selectAll().where('service_id', '=', serviceId).orderBy('sort').execute();
}

export function findGeneralCategory(db: Db, id: number) {
  return db.selectFrom('general_categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listPlans(db: Db) {
  return db.selectFrom('plans').selectAll().orderBy('sort').execute();
}

export function findPlan(db: Db, id: number) {
  return db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
}
