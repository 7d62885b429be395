import type { FastifyRequest } from 'fastify';
import { ANSWER_MAX_LENGTH, CHAPTER_TEXT_MAX_LENGTH, type Language } from '@common/constants';
import { londonTimestamp } from '@common/rules/submitted-at';
import { isLanguage } from '@common/languages';
import { bookTypeOf } from '@common/rules/book-type';
import { generationRefusal } from '@common/rules/chapter-generation';
import { isChapterLocked } from '@common/rules/workspace-unpaid';
import type { StoryAnswer, StoryAnswerBody } from '@common/schemas/generation';
import { SURVEY_ROLES_IN_ORDER, type Chapter, type CheckpointData, type Fidelity } from '@common/schemas/session';
import { guestTokenHash, loadAccessibleSession } from '../books/policy';
import { parseCheckpoint, unlockedChapterIds, type SessionRow } from '../books/repository';
import { toBool, type Db } from '../db';
import { clientAddress } from '../http/client-address';
import { badRequest, conflict, paymentRequired, tooMany } from '../http/errors';
import { composeConclusion } from '../providers/generation/composer';
import { unsourcedFacts } from '../providers/generation/facts';
import { saveWithRetry } from './save-with-retry';
import { keepBookTextChange, keepReplacedText } from './versions';
import type {
  AnswerInput,
  BookContext,
  BookTextInput,
  ChapterInput,
  ChapterOutput,
  GenerateOptions,
  GenerationProvider,
  SurveyChoice,
  TailorInput,
  TailorOutput,
} from '../providers/generation/types';
import { rateLimit } from '../rate-limit';
import { chapterMemories } from '../family/repository';

/** Regenerations of the free chapter of an unpaid book (the first generation is not counted). */
export const FREE_CHAPTER_REGENERATIONS = 5;
/** Rate limits, per hour, shared by every node (counters table). */
export const GENERATION_LIMITS = {
  user: { max: 60, windowMs: 3_600_000 },
  guest: { max: 15, windowMs: 3_600_000 },
  guestIp: { max: 40, windowMs: 3_600_000 },
  optimizeUser: { max: 200, windowMs: 3_600_000 },
  optimizeGuestIp: { max: 60, windowMs: 3_600_000 },
} as const;
/** Books without a fidelity setting: a light edit (which is the composer when no model is configured). */
export const DEFAULT_FIDELITY: Fidelity = 'light_edit';

/** Who is asking, for rate limits: the user, else the guest token, and the guest's address. */
export async function limitGeneration(db: Db, request: FastifyRequest, kind: 'chapter' | 'optimize'): Promise<void> {
  if (request.user) {
    const rule = kind === 'chapter' ? GENERATION_LIMITS.user : GENERATION_LIMITS.optimizeUser;
    await rateLimit(db, { key: `gen:${kind}:user:${request.user.id}`, ...rule });
    return;
  }
  if (kind === 'chapter') {
    const guest = guestTokenHash(request);
    if (guest) await rateLimit(db, { key: `gen:chapter:guest:${guest}`, ...GENERATION_LIMITS.guest });
    await rateLimit(db, { key: `gen:chapter:ip:${clientAddress(request)}`, ...GENERATION_LIMITS.guestIp });
  } else {
    await rateLimit(db, { key: `gen:optimize:ip:${clientAddress(request)}`, ...GENERATION_LIMITS.optimizeGuestIp });
  }
}

function bookLanguage(row: SessionRow, checkpoint: CheckpointData): Language {
  if (checkpoint.language) return checkpoint.language;
  return isLanguage(row.language) ? row.language : 'en';
}

/** The selected answer of each survey question: the request's choice, else what the book stored. */
function surveySelections(checkpoint: CheckpointData, body: StoryAnswerBody): Map<number, number> {
  const chosen = new Map<number, number>();
  for (const question of checkpoint.lookups.survey_questions) {
    const fromBody = body.selected_survey_questions.find((s) => s.survey_question_id === question.id);
    const answerId = fromBody?.survey_answer_id ?? question.survey_answers.find((a) => a.is_selected)?.id;
    if (answerId !== undefined && question.survey_answers.some((a) => a.id === answerId)) chosen.set(question.id, answerId);
  }
  return chosen;
}

function surveyChoices(checkpoint: CheckpointData): SurveyChoice[] {
  return checkpoint.lookups.survey_questions.flatMap((question, index) => {
    const answer = question.survey_answers.find((a) => a.is_selected);
    const role = question.role ?? SURVEY_ROLES_IN_ORDER[index];
    return answer ? [{ id: question.id, role, question: question.name, answer: answer.name }] : [];
  });
}

/** Writes the chapter's questions and answers as sent, and the survey choices, into a checkpoint. */
function applyAnswers(checkpoint: CheckpointData, data: StoryAnswerBody['data'], selections: Map<number, number>): CheckpointData {
  const index = checkpoint.data.findIndex((c) => c.id === data.id);
  if (index < 0) throw badRequest('generation.chapter_not_in_book');
  const stored = checkpoint.data[index];
  const chapter: Chapter = {
    ...stored,
    name: data.name.trim() ? data.name : stored.name,
    ...(data.fidelity ? { fidelity: data.fidelity } : {}),
    questions: data.questions.map((q) => ({ ...q, transcript: q.transcript.trimEnd(), question_category_id: stored.id })),
  };
  const survey_questions = checkpoint.lookups.survey_questions.map((question) => {
    const answerId = selections.get(question.id);
    return answerId === undefined
      ? question
      : { ...question, survey_answers: question.survey_answers.map((a) => ({ ...a, is_selected: a.id === answerId })) };
  });
  return {
    ...checkpoint,
    data: checkpoint.data.map((c, i) => (i === index ? chapter : c)),
    lookups: { ...checkpoint.lookups, survey_questions },
  };
}

export interface PreparedChapter {
  row: SessionRow;
  checkpoint: CheckpointData;
  chapter: Chapter;
  index: number;
  input: ChapterInput;
}

/**
 * Everything before the writing: rate limit, access, the paid/unpaid rules (from our records, not
 * the client's isPayed), answer lengths, then the answers are saved, then the survey and the
 * regeneration cap are checked. Throws `AppError`s; nothing is written for a refused chapter.
 */
export async function prepareChapter(db: Db, request: FastifyRequest, body: StoryAnswerBody): Promise<PreparedChapter> {
  await limitGeneration(db, request, 'chapter');
  const row = await loadAccessibleSession(db, request, body.service_session_id);
  const stored = parseCheckpoint(row);
  const index = stored.data.findIndex((c) => c.id === body.data.id);
  if (index < 0) throw badRequest('generation.chapter_not_in_book');
  const paid = toBool(row.is_payed);
  if (!paid && isChapterLocked(index, paid, body.data.id, await unlockedChapterIds(db, row.id)))
    throw paymentRequired('generation.chapter_locked');
  if (body.data.questions.some((q) => q.transcript.trimEnd().length > ANSWER_MAX_LENGTH)) {
    throw badRequest('generation.answer_too_long', { max: ANSWER_MAX_LENGTH });
  }

  // Answers the workspace has not saved yet are saved first: whatever happens to the writing,
  // nothing typed is lost. Usually they are saved already, and the chapter is the only write.
  const selections = surveySelections(stored, body);
  const withAnswers = applyAnswers(stored, body.data, selections);
  const saved =
    JSON.stringify(withAnswers) === JSON.stringify(stored)
      ? { row, checkpoint: stored }
      : await saveWithRetry(
          db,
          row.id,
          (_row, checkpoint) => ({ checkpoint: applyAnswers(checkpoint, body.data, surveySelections(checkpoint, body)) }),
          row,
        );
  const checkpoint = saved.checkpoint;
  const savedIndex = checkpoint.data.findIndex((c) => c.id === body.data.id);
  const chapter = checkpoint.data[savedIndex];

  const refusal = generationRefusal(checkpoint.lookups.survey_questions, chapter);
  if (refusal) throw badRequest(refusal.reason === 'survey_incomplete' ? 'generation.answer_all_questions' : 'generation.no_answers');
  if (!paid && chapter.generated_count > FREE_CHAPTER_REGENERATIONS) throw tooMany('generation.regeneration_limit');

  const input = chapterInputOf(saved.row, checkpoint, savedIndex);
  input.chapter.memories = await chapterMemories(db, saved.row.id, chapter.id);
  return { row: saved.row, checkpoint, chapter, index: savedIndex, input };
}

export function bookContextOf(row: SessionRow, checkpoint: CheckpointData, upTo: number): BookContext {
  return {
    kind: bookTypeOf(checkpoint.general_category_id),
    bookName: row.book_name,
    subject: checkpoint.another_story_subject ?? '',
    language: bookLanguage(row, checkpoint),
    survey: surveyChoices(checkpoint),
    earlierSummaries: checkpoint.data
      .slice(0, upTo)
      .map((c) => c.summary ?? '')
      .filter((s) => s.trim()),
    fidelity: checkpoint.fidelity ?? DEFAULT_FIDELITY,
  };
}

export const answersOf = (chapter: Chapter): AnswerInput[] =>
  chapter.questions.map((q) => ({ id: q.id, question: q.name, answer: q.transcript ?? '' }));

/** The book so far for its introduction or summary: the written chapters, else those with an answer. */
export function bookTextInputOf(row: SessionRow, checkpoint: CheckpointData): BookTextInput {
  const written = checkpoint.data.filter((c) => c.generated_content.trim());
  const chapters = written.length ? written : checkpoint.data.filter((c) => c.questions.some((q) => q.transcript.trim()));
  return {
    context: bookContextOf(row, checkpoint, 0),
    chapters: chapters.map((c) => ({ id: c.id, name: c.name, answers: answersOf(c), summary: c.summary ?? '' })),
  };
}

function chapterInputOf(row: SessionRow, checkpoint: CheckpointData, index: number): ChapterInput {
  const chapter = checkpoint.data[index];
  const context = bookContextOf(row, checkpoint, index);
  return {
    context: { ...context, fidelity: chapter.fidelity ?? context.fidelity },
    chapter: { id: chapter.id, name: chapter.name, answers: answersOf(chapter) },
  };
}

/**
 * Stores a written chapter in one version-checked save — the only write of the writing: content,
 * paragraphs (each with the names, places, dates and numbers found in no answer), summary, London
 * time stamp, count + 1, the survey choices the writer could not honour — and drafts the book's
 * summary from the chapter summaries when it is still empty (never overwriting the author's).
 * Answers with the new book version and every field it changed, so the workspace applies them
 * without a second write.
 */
async function storeChapter(db: Db, prepared: PreparedChapter, output: ChapterOutput): Promise<StoryAnswer> {
  const submitted_at = londonTimestamp();
  // what relatives remember is a source too
  const answers = [...prepared.input.chapter.answers.map((a) => a.answer), ...(prepared.input.chapter.memories ?? []).map((m) => m.text)];
  const paragraphs = output.paragraphs.map((p) => {
    const unsourced = unsourcedFacts(p.text, answers);
    return {
      text: p.text,
      question_ids: p.question_ids,
      ...(unsourced.length && { unsourced }),
      ...(p.contributions && { contributions: p.contributions }),
    };
  });
  const content_json = JSON.stringify(paragraphs);
  const needs_assistant = output.needsAssistant ?? [];
  let generated_count = 0;
  let replaced: Chapter | undefined;
  let fields: { book_summary?: string } = {};
  const saved = await saveWithRetry(db, prepared.row.id, (row, checkpoint) => {
    const index = checkpoint.data.findIndex((c) => c.id === prepared.chapter.id);
    if (index < 0) throw conflict('generation.save_conflict');
    const previous = checkpoint.data[index];
    replaced = previous;
    generated_count = (previous.generated_count ?? 0) + 1;
    const chapter: Chapter = {
      ...previous,
      text_origin: 'generated',
      generated_content: output.content,
      generated_content_json: content_json,
      summary: output.summary,
      submitted_at,
      generated_count,
      needs_assistant,
    };
    const next = { ...checkpoint, data: checkpoint.data.map((c, i) => (i === index ? chapter : c)) };
    fields = {};
    if (!row.book_summary.trim()) {
      const summary = composeConclusion(bookTextInputOf(row, next));
      if (summary) fields.book_summary = summary;
    }
    return { checkpoint: next, fields };
  });
  if (replaced) await keepReplacedText(db, prepared.row.id, replaced, { content: output.content, content_json });
  if (fields.book_summary) await keepBookTextChange(db, prepared.row.id, 'book_summary', '', fields.book_summary, 'assembled');
  return {
    content: output.content,
    content_json,
    summary: output.summary,
    submitted_at,
    generated_count,
    needs_assistant,
    version: saved.version,
    ...fields,
  };
}

/** getStoryAnswer: prepare (answers saved), write, store. */
export async function writeChapterForRequest(
  db: Db,
  provider: GenerationProvider,
  request: FastifyRequest,
  body: StoryAnswerBody,
  options: GenerateOptions = {},
): Promise<StoryAnswer> {
  const prepared = await prepareChapter(db, request, body);
  return writePreparedChapter(db, provider, prepared, options);
}

/**
 * A chapter kept within CHAPTER_TEXT_MAX_LENGTH, the length every save and read accepts: whole
 * paragraphs while they fit (a first paragraph longer than the limit is cut at a word).
 */
export function capChapter(output: ChapterOutput): ChapterOutput {
  if (output.content.length <= CHAPTER_TEXT_MAX_LENGTH) return output;
  const paragraphs: ChapterOutput['paragraphs'] = [];
  let length = 0;
  for (const paragraph of output.paragraphs) {
    const room = CHAPTER_TEXT_MAX_LENGTH - length - (paragraphs.length ? 2 : 0);
    if (paragraph.text.length > room) {
      if (!paragraphs.length)
        paragraphs.push({ ...paragraph, text: paragraph.text.slice(0, paragraph.text.lastIndexOf(' ', room) + 1 || room).trimEnd() });
      break;
    }
    paragraphs.push(paragraph);
    length += paragraph.text.length + (paragraphs.length > 1 ? 2 : 0);
  }
  return { ...output, paragraphs, content: paragraphs.map((p) => p.text).join('\n\n') };
}

export async function writePreparedChapter(
  db: Db,
  provider: GenerationProvider,
  prepared: PreparedChapter,
  options: GenerateOptions = {},
): Promise<StoryAnswer> {
  const output = capChapter(await provider.writeChapter(prepared.input, options));
  if (output.paragraphs.length === 0) throw badRequest('generation.no_answers');
  return storeChapter(db, prepared, output);
}

/**
 * Tailors chapters and questions to a book's subject (for book creation): the composer keeps them,
 * a model rewords them for the subject, keeping every id. Never throws: on any provider failure the
 * bank's questions are returned unchanged.
 */
export async function tailorChaptersToSubject(
  provider: GenerationProvider,
  input: TailorInput,
  options: GenerateOptions = {},
): Promise<TailorOutput> {
  try {
    return await provider.tailorChapters(input, options);
  } catch {
    return input.chapters;
  }
}
