import { z } from 'zod';
import { ANSWER_MAX_LENGTH } from '../constants';
import { ServiceWithPlansSchema } from './plans';

const text = (max: number) => z.string().max(max);

export const QuestionSchema = z.object({
  id: z.number(),
  name: text(1000),
  transcript: text(ANSWER_MAX_LENGTH).default(''),
  question_category_id: z.number(),
  category_based_type_id: z.number().nullable().optional(),
  category_length_type_id: z.number().nullable().optional(),
  isNewQuestion: z.boolean().optional(),
  nudges: z.array(text(1000)).optional(),
  sensitivity: z.enum(['low', 'medium', 'high']).optional(),
  essential: z.boolean().optional(),
});
export type Question = z.infer<typeof QuestionSchema>;

/** One paragraph of a generated chapter and the questions whose answers it draws on. */
export const ParagraphSchema = z.object({ text: z.string(), question_ids: z.array(z.number()).default([]) });
export type Paragraph = z.infer<typeof ParagraphSchema>;

export const ChapterSchema = z.object({
  id: z.number(),
  general_category_id: z.number().nullable().optional(),
  name: text(300),
  questions: z.array(QuestionSchema).max(100),
  generated_content: text(200_000).default(''),
  /** JSON string: a list of paragraphs, each with its text (spec section 3). */
  generated_content_json: text(400_000).nullable().optional(),
  summary: text(20_000).nullable().optional(),
  submitted_at: z.string().nullable().optional(),
  generated_count: z.number().int().min(0).default(0),
});
export type Chapter = z.infer<typeof ChapterSchema>;

export const SurveyAnswerSchema = z.object({ id: z.number(), name: z.string(), is_selected: z.boolean() });
export const SurveyQuestionSchema = z.object({
  id: z.number(),
  name: z.string(),
  survey_answers: z.array(SurveyAnswerSchema),
});
export type SurveyQuestion = z.infer<typeof SurveyQuestionSchema>;

export const FidelitySchema = z.enum(['own_words', 'light_edit', 'polished']);
export type Fidelity = z.infer<typeof FidelitySchema>;

export const CheckpointDataSchema = z.object({
  data: z.array(ChapterSchema).max(200),
  another_story_subject: text(5000).nullable().optional(),
  lookups: z.object({ survey_questions: z.array(SurveyQuestionSchema) }).default({ survey_questions: [] }),
  general_category_id: z.number(),
  category_based_type_ids: z.array(z.number()).default([]),
  category_based_type_id: z.number().nullable().optional(),
  category_length_type_id: z.number().nullable().optional(),
  services_with_plans: z.array(ServiceWithPlansSchema).default([]),
  /** Our own fields. */
  tool_id: z.number().optional(),
  language: z.enum(['en', 'fr', 'es', 'it']).optional(),
  fidelity: FidelitySchema.optional(),
});
export type CheckpointData = z.infer<typeof CheckpointDataSchema>;

/** A book as the workspace and My Books read it. */
export const SessionSchema = z.object({
  id: z.number(),
  book_name: z.string(),
  is_payed: z.boolean(),
  introduction: z.string(),
  book_summary: z.string(),
  checkpoint_data: CheckpointDataSchema,
  version: z.number(),
  updated_at: z.string(),
});
export type Session = z.infer<typeof SessionSchema>;
