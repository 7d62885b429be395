import { z } from 'zod';
import { successOf } from '@common/schemas/api';
import { GeneralCategoryIdParams, GeneralCategorySchema, LookupsSchema, ServiceIdParams, ToolSchema } from '@common/schemas/catalog';
import type { AreaRoutes } from '../app';
import { notFound } from '../http/errors';
import { findGeneralCategory, listGeneralCategories, listTools, findService } from './repository';
import { presentGeneralCategory, presentTool } from './presenters';

export const catalogRoutes: AreaRoutes = (api, { db, questionBank }) => {
  api.get('/tools', { schema: { response: { 200: successOf(z.array(ToolSchema)) } } }, async (request) => {
    const rows = await listTools(db);
    return { success: rows.map((row) => presentTool(row, request.lng)) };
  });

  api.get(
    '/getGeneralCategoriesById/:service_id',
    { schema: { params: ServiceIdParams, response: { 200: successOf(z.array(GeneralCategorySchema)) } } },
    async (request) => {
      if (!(await findService(db, request.params.service_id))) throw notFound('service_not_found');
      const rows = await listGeneralCategories(db, request.params.service_id);
      return { success: rows.map((row) => presentGeneralCategory(row, request.lng)) };
    },
  );

  api.get(
    '/getGeneralCategoryLookupsById/:general_category_id',
    { schema: { params: GeneralCategoryIdParams, response: { 200: successOf(LookupsSchema) } } },
    async (request) => {
      const id = request.params.general_category_id;
      const row = await findGeneralCategory(db, id);
      if (!row) throw notFound('category_not_found');
      return {
        success: {
          general_categories: [{ ...presentGeneralCategory(row, request.lng), question_categories: questionBank.questionCategories(id, request.lng) }],
          category_based_types: questionBank.categoryBasedTypes(id, request.lng),
          category_length_types: questionBank.categoryLengthTypes(id, request.lng),
        },
      };
    },
  );
};
