import { z } from 'zod';
import { IdParam } from './api';
import { ChapterSchema, QuestionSchema } from './session';

/**
 * Generation calls (spec section 7): getStoryAnswer, its streaming variant, getOptimizedTranscript.
 * Answers longer than ANSWER_MAX_LENGTH are accepted by the schema and refused by the server with
 * the specific code `generation.answer_too_long` (a clearer message than a generic 400).
 */
const LooseQuestionSchema = QuestionSchema.extend({ transcript: z.string().max(50_000).default('') });

export const SelectedSurveyQuestionSchema = z.object({
  service_session_id: z.coerce.number().optional(),
  survey_question_id: z.coerce.number(),
  survey_answer_id: z.coerce.number(),
});
export type SelectedSurveyQuestion = z.infer<typeof SelectedSurveyQuestionSchema>;

export const StoryAnswerBodySchema = z.object({
  data: ChapterSchema.extend({ questions: z.array(LooseQuestionSchema).max(100) }),
  service_session_id: IdParam,
  selected_survey_questions: z.array(SelectedSurveyQuestionSchema).max(50).default([]),
  /** The client's idea of the chapter's position: ignored, the server reads it from the stored book. */
  index: z.coerce.number().int().min(0).optional(),
  /** Ignored: the server decides from its own records. */
  isPayed: z.unknown().optional(),
  user: z.unknown().optional(),
});
export type StoryAnswerBody = z.infer<typeof StoryAnswerBodySchema>;

export const StoryAnswerSchema = z.object({
  content: z.string(),
  /** JSON string: a list of paragraphs `{text, question_ids}`. */
  content_json: z.string(),
  summary: z.string(),
  /**
   * Our additions. The server is the only writer of a generated chapter: the book's new `version`
   * and every field the writing changed (the chapter's stamp, count and the survey choices that need
   * the writing assistant; the book summary when it was drafted), for the workspace to apply
   * without saving them again.
   */
  submitted_at: z.string(),
  generated_count: z.number(),
  needs_assistant: z.array(z.number()),
  version: z.number(),
  book_summary: z.string().optional(),
});
export type StoryAnswer = z.infer<typeof StoryAnswerSchema>;

export const OptimizedTranscriptBodySchema = z.object({ transcript: z.string().max(50_000) });
export const OptimizedTranscriptSchema = z.object({ content: z.string() });

/** Server-sent events of POST /api/getStoryAnswerStream. */
export const StoryStreamDeltaSchema = z.object({ text: z.string() });
export const StoryStreamErrorSchema = z.object({ error: z.string(), code: z.string() });
export type StoryStreamEvent =
  | { event: 'delta'; data: z.infer<typeof StoryStreamDeltaSchema> }
  | { event: 'done'; data: StoryAnswer }
  | { event: 'error'; data: z.infer<typeof StoryStreamErrorSchema> };
