import type { Language } from '@common/constants';
import type { GeneralCategory, Tool } from '@common/schemas/catalog';
import type { Plan, ServiceWithPlans } from '@common/schemas/plans';
import { fromCents } from '@common/rules/prices';
import { toBool } from '../db';
import type { GeneralCategoriesTable, PlansTable, ServicesTable, ToolsTable } from '../db/schema';
import { textsOf, type NamedTexts, type PlanTexts } from './repository';

const EURO = { id: 1, symbol: '€', name: 'Euro' };

export function presentTool(row: ToolsTable, lng: Language): Tool {
  const texts = textsOf<NamedTexts>(row.translations, lng);
  return {
    id: row.id,
    name: texts.name,
    description: texts.description,
    icon_key: row.icon_key,
    forces_one_length: toBool(row.forces_one_length),
  };
}

export function presentGeneralCategory(row: GeneralCategoriesTable, lng: Language): GeneralCategory {
  const texts = textsOf<NamedTexts>(row.translations, lng);
  return {
    id: row.id,
    service_id: row.service_id,
    name: texts.name,
    description: texts.description,
    is_active: toBool(row.is_active),
    image_key: row.image_key,
  };
}

export function presentPlan(row: PlansTable, lng: Language): Plan {
  const texts = textsOf<PlanTexts>(row.translations, lng);
  return {
    id: row.id,
    name: texts.name,
    description: texts.description,
    price: fromCents(row.price_cents),
    currency: EURO,
    price_description: texts.price_description,
    plan_options: texts.options.map((name, index) => ({ id: row.id * 100 + index + 1, plan_id: row.id, name, is_active: true })),
    is_service: toBool(row.is_service),
    is_gift_card: toBool(row.is_gift_card),
    is_active: toBool(row.is_active),
    service_id: row.service_id,
    payed_per: row.payed_per,
    kind: row.kind as Plan['kind'],
  };
}

/** The spec's services_with_plans: each service with its active book plans (single, subscription). */
export function presentServicesWithPlans(services: ServicesTable[], plans: PlansTable[], lng: Language): ServiceWithPlans[] {
  return services.map((service) => {
    const texts = textsOf<NamedTexts>(service.translations, lng);
    return {
      id: service.id,
      name: texts.name,
      description: texts.description,
      is_active: toBool(service.is_active),
      plans: plans
        .filter((p) => p.service_id === service.id && toBool(p.is_active) && (p.kind === 'single' || p.kind === 'subscription'))
        .map((p) => presentPlan(p, lng)),
    };
  });
}
