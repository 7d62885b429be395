import { z } from 'zod';

export const CurrencySchema = z.object({ id: z.number(), symbol: z.string(), name: z.string() });

export const PlanOptionSchema = z.object({ id: z.number(), plan_id: z.number(), name: z.string(), is_active: z.boolean() });

export const PlanSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  currency: CurrencySchema,
  price_description: z.string(),
  plan_options: z.array(PlanOptionSchema),
  is_service: z.boolean(),
  is_gift_card: z.boolean(),
  is_active: z.boolean(),
  service_id: z.number().nullable(),
  payed_per: z.string(),
  /** Our own: single | subscription | extra_chapter | gift. */
  kind: z.enum(['single', 'subscription', 'extra_chapter', 'gift']),
});
export type Plan = z.infer<typeof PlanSchema>;

export const ServiceWithPlansSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  is_active: z.boolean(),
  plans: z.array(PlanSchema),
});
export type ServiceWithPlans = z.infer<typeof ServiceWithPlansSchema>;
