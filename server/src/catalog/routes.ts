import { isDeepStrictEqual } from 'node:util';
import { catalogApi } from '@common/api/catalog';
import type { GeneralCategory, Lookups } from '@common/schemas/catalog';
import { deepFreeze } from '../http/frozen';
import { notFound } from '../http/errors';
import { routesOf } from '../http/routes';
import { findGeneralCategory, listGeneralCategories, listTools, findService } from './repository';
import { presentGeneralCategory, presentTool } from './presenters';

export const catalogRoutes = routesOf(catalogApi, ({ db, questionBank }) => {
  /**
   * The lookups answer of each category and language (~50 KB of JSON, the same for every visitor), kept
   * frozen while its category reads the same: its JSON and compressed bytes are made once
   * (http/serializer.ts, http/compression.ts) instead of for every request. One per app: it is made from its bank.
   */
  const keptLookups = new Map<string, { category: GeneralCategory; answer: { success: Lookups } }>();
  return {
    tools: async (request) => {
      const rows = await listTools(db);
      return { success: rows.map((row) => presentTool(row, request.lng)) };
    },

    getGeneralCategoriesById: async (request) => {
      if (!(await findService(db, request.params.service_id))) throw notFound('service_not_found');
      const rows = await listGeneralCategories(db, request.params.service_id);
      return { success: rows.map((row) => presentGeneralCategory(row, request.lng)) };
    },

    getGeneralCategoryLookupsById: async (request) => {
      const id = request.params.general_category_id;
      const row = await findGeneralCategory(db, id);
      if (!row) throw notFound('category_not_found');
      const category = presentGeneralCategory(row, request.lng);
      const key = `${id}:${request.lng}`;
      const kept = keptLookups.get(key);
      if (kept && isDeepStrictEqual(kept.category, category)) return kept.answer;
      const answer: { success: Lookups } = deepFreeze({
        success: {
          general_categories: [{ ...category, question_categories: questionBank.questionCategories(id, request.lng) }],
          category_based_types: questionBank.categoryBasedTypes(id, request.lng),
          category_length_types: questionBank.categoryLengthTypes(id, request.lng),
        },
      });
      keptLookups.set(key, { category, answer });
      return answer;
    },
  };
});
