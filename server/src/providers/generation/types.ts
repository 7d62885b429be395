import type { BookType, Language } from '@common/constants';
import type { Fidelity, Paragraph, SurveyRole } from '@common/schemas/session';
import type { BookText } from '@common/schemas/versions';

/** One survey choice as the writer reads it: the survey question and the selected answer's name. */
export interface SurveyChoice {
  /** The survey question's id (reported back when a writer cannot honour the choice). */
  id?: number;
  role?: SurveyRole;
  question: string;
  answer: string;
}

/** Person of the narration: what the survey asks for, when it says so. */
export type Person = 'first' | 'third';
export type Gender = 'female' | 'male';

/** Everything about the book a writer needs besides the chapter itself. */
export interface BookContext {
  kind: BookType;
  bookName: string;
  /** The author's own description of the book or of the person it is about (may be empty). */
  subject: string;
  language: Language;
  /** Selected survey answers: style, reader profile, person, tense… */
  survey: SurveyChoice[];
  /** Summaries of the chapters before this one, oldest first (so a chapter does not repeat another). */
  earlierSummaries: string[];
  fidelity: Fidelity;
}

export interface AnswerInput {
  id: number;
  /** The question as the author saw it. */
  question: string;
  /** The author's answer, typed or transcribed. */
  answer: string;
}

/** A relative's contribution the author accepted or quoted (issue 19), for the chapter it belongs to. */
export interface FamilyMemory {
  id: number;
  /** The invitation that brought it: the contributor. */
  contributor_id: number;
  /** null: a memory for the chapter as a whole. */
  question_id: number | null;
  name: string;
  relation: string;
  text: string;
  /** Quoted: always kept word for word as a passage; accepted: material the writer may use. */
  quoted: boolean;
}

export interface ChapterInput {
  context: BookContext;
  chapter: { id: number; name: string; answers: AnswerInput[]; memories?: FamilyMemory[] };
}

export interface ChapterOutput {
  paragraphs: Paragraph[];
  /** Paragraph texts joined by blank lines. */
  content: string;
  summary: string;
  /** Survey questions whose choice this writer could not honour (the composer cannot change style, tense or tone). */
  needsAssistant?: number[];
}

/** The book so far, for its introduction or its summary: its chapters with their answers and summaries. */
export interface BookTextInput {
  context: BookContext;
  chapters: { id: number; name: string; answers: AnswerInput[]; summary: string }[];
}

export interface TailorInput {
  context: BookContext;
  chapters: { id: number; name: string; questions: { id: number; name: string }[] }[];
}

export type TailorOutput = TailorInput['chapters'];

export interface GenerateOptions {
  /** Receives the text as it is written (streaming). */
  onDelta?: (text: string) => void;
  /** Aborts the work (the client went away). */
  signal?: AbortSignal;
}

/**
 * The one interface every writer implements: the offline composer and the OpenAI-compatible
 * adapter. Errors are `AppError`s with `generation.*` codes.
 */
export interface GenerationProvider {
  readonly name: string;
  writeChapter(input: ChapterInput, options?: GenerateOptions): Promise<ChapterOutput>;
  /** The introduction or the summary; the composer writes no introduction (''): it is the author's. */
  writeBookText(input: BookTextInput, text: BookText, options?: GenerateOptions): Promise<string>;
  optimizeAnswer(input: { transcript: string; language: Language }, options?: GenerateOptions): Promise<string>;
  tailorChapters(input: TailorInput, options?: GenerateOptions): Promise<TailorOutput>;
}
