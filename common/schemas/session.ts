import { z } from 'zod';
import { TextOriginSchema } from './versions';
import { ANSWER_MAX_LENGTH, CHAPTER_TEXT_MAX_LENGTH } from '../constants';
import { ServiceWithPlansSchema } from './plans';
import { FIDELITIES } from '../fidelity';

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

/**
 * One paragraph of a generated chapter and the questions whose answers it draws on; `unsourced`:
 * names, places, dates and numbers the writer put in that appear in no answer (for the author to
 * confirm or remove).
 */
export const ParagraphSchema = z.object({
  text: z.string(),
  question_ids: z.array(z.number()).default([]),
  unsourced: z.array(z.string()).optional(),
  /** Relatives' contributions the paragraph holds (issue 19): their ids and the invitation (contributor) of each. */
  contributions: z.array(z.object({ id: z.number(), contributor_id: z.number() })).optional(),
});
export type Paragraph = z.infer<typeof ParagraphSchema>;

/** How freely the writer may rework the answers: the author's own words, a light edit, polished prose. */
export const FidelitySchema = z.enum(FIDELITIES);
export type Fidelity = z.infer<typeof FidelitySchema>;

export const ChapterSchema = z.object({
  id: z.number(),
  general_category_id: z.number().nullable().optional(),
  name: text(300),
  questions: z.array(QuestionSchema).max(100),
  generated_content: text(CHAPTER_TEXT_MAX_LENGTH).default(''),
  /** JSON string: a list of paragraphs, each with its text (spec section 3). */
  generated_content_json: text(2 * CHAPTER_TEXT_MAX_LENGTH)
    .nullable()
    .optional(),
  summary: text(20_000).nullable().optional(),
  submitted_at: z.string().nullable().optional(),
  generated_count: z.number().int().min(0).default(0),
  /** This chapter's fidelity, when the author chose one for it (else the book's). */
  fidelity: FidelitySchema.optional(),
  /** Whether the current text is as generated or edited by the author ('Recreate chapter' asks first when edited). */
  text_origin: TextOriginSchema.optional(),
  /** Survey questions whose choice the last writer could not honour (offline: style, tense, tone…). */
  needs_assistant: z.array(z.number()).max(50).optional(),
});
export type Chapter = z.infer<typeof ChapterSchema>;

/**
 * What the chapter modal puts into the book (add, rename, reword its questions): a title and at least
 * one question, each named; existing questions keep their ids. The lengths are the chapter's own.
 */
export const ChapterDraftSchema = z.object({
  name: ChapterSchema.shape.name.trim().min(1),
  questions: z
    .array(z.object({ id: z.number().optional(), name: QuestionSchema.shape.name.trim().min(1) }))
    .min(1)
    .max(100),
});
export type ChapterDraft = z.infer<typeof ChapterDraftSchema>;

export const SurveyAnswerSchema = z.object({ id: z.number(), name: z.string(), is_selected: z.boolean() });
/** What a survey question decides (question bank structure); books made before it follow the bank's order. */
export const SurveyRoleSchema = z.enum(['style', 'reader', 'person', 'tense', 'tone']);
export type SurveyRole = z.infer<typeof SurveyRoleSchema>;
export const SURVEY_ROLES_IN_ORDER: readonly SurveyRole[] = SurveyRoleSchema.options;

export const SurveyQuestionSchema = z.object({
  id: z.number(),
  name: z.string(),
  role: SurveyRoleSchema.optional(),
  survey_answers: z.array(SurveyAnswerSchema),
});
export type SurveyQuestion = z.infer<typeof SurveyQuestionSchema>;

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
