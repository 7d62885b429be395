import { z } from 'zod';
import { IdParam } from './api';

export const ToolSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  icon_key: z.string(),
  /** A tool that works on one existing manuscript: the length choice is hidden. */
  forces_one_length: z.boolean(),
});
export type Tool = z.infer<typeof ToolSchema>;

export const GeneralCategorySchema = z.object({
  id: z.number(),
  service_id: z.number(),
  name: z.string(),
  description: z.string(),
  is_active: z.boolean(),
  image_key: z.string(),
});
export type GeneralCategory = z.infer<typeof GeneralCategorySchema>;

export const CategoryBasedTypeSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  group_id: z.number(),
  is_group_title: z.boolean(),
  is_selected: z.boolean(),
});
export type CategoryBasedType = z.infer<typeof CategoryBasedTypeSchema>;

export const CategoryLengthTypeSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  new_book: z.boolean(),
  is_selected: z.boolean(),
  chapter_count: z.number(),
});
export type CategoryLengthType = z.infer<typeof CategoryLengthTypeSchema>;

export const BankQuestionSchema = z.object({
  id: z.number(),
  name: z.string(),
  nudges: z.array(z.string()),
  sensitivity: z.enum(['low', 'medium', 'high']),
  essential: z.boolean(),
});
export type BankQuestion = z.infer<typeof BankQuestionSchema>;

export const QuestionCategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  questions: z.array(BankQuestionSchema),
});
export type QuestionCategory = z.infer<typeof QuestionCategorySchema>;

export const LookupsSchema = z.object({
  general_categories: z.array(GeneralCategorySchema.extend({ question_categories: z.array(QuestionCategorySchema) })),
  category_based_types: z.array(CategoryBasedTypeSchema),
  category_length_types: z.array(CategoryLengthTypeSchema),
});
export type Lookups = z.infer<typeof LookupsSchema>;

export const ServiceIdParams = z.object({ service_id: IdParam });
export const GeneralCategoryIdParams = z.object({ general_category_id: IdParam });
