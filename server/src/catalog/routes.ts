import { catalogApi } from '@common/api/catalog';
import { notFound } from '../http/errors';
import { routesOf } from '../http/routes';
import { findGeneralCategory, listGeneralCategories, listTools, findService } from './repository';
import { presentGeneralCategory, presentTool } from './presenters';

export const catalogRoutes = routesOf(catalogApi, ({ db, questionBank }) => ({
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
    return {
      success: {
        general_categories: [
          { ...presentGeneralCategory(row, request.lng), question_categories: questionBank.questionCategories(id, request.lng) },
        ],
        category_based_types: questionBank.categoryBasedTypes(id, request.lng),
        category_length_types: questionBank.categoryLengthTypes(id, request.lng),
      },
    };
  },
}));
