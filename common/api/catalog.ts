import { z } from 'zod';
import { defineCall } from './contract';
import { GeneralCategoryIdParams, GeneralCategorySchema, LookupsSchema, ServiceIdParams, ToolSchema } from '../schemas/catalog';

/** The catalog: tools, categories and their lookups, in the request's language (spec section 7). */
export const catalogApi = {
  tools: defineCall({ method: 'GET', path: '/tools', scope: 'public', response: z.array(ToolSchema) }),
  getGeneralCategoriesById: defineCall({
    method: 'GET',
    path: '/getGeneralCategoriesById/:service_id',
    scope: 'public',
    params: ServiceIdParams,
    response: z.array(GeneralCategorySchema),
  }),
  getGeneralCategoryLookupsById: defineCall({
    method: 'GET',
    path: '/getGeneralCategoryLookupsById/:general_category_id',
    scope: 'public',
    params: GeneralCategoryIdParams,
    response: LookupsSchema,
  }),
};
