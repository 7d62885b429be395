import { z } from 'zod';
import { defineCall } from './contract';
import { LANGUAGES } from '../constants';
import { GeneralCategoryIdParams, GeneralCategorySchema, LookupsSchema, ServiceIdParams, ToolSchema } from '../schemas/catalog';

/**
 * The page's language, which the `lng` header also carries: the options page's HTML asks for these reads itself, and a
 * preload cannot send a header (common/first-visit.ts, `publicReads`); the client's read asks for the same URL.
 */
const PageLanguageQuery = z.object({ lng: z.enum(LANGUAGES).optional() });

/** The catalog: tools, categories and their lookups, in the request's language (spec section 7). */
export const catalogApi = {
  tools: defineCall({ method: 'GET', path: '/tools', scope: 'public', query: PageLanguageQuery, response: z.array(ToolSchema) }),
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
    query: PageLanguageQuery,
    response: LookupsSchema,
  }),
};
