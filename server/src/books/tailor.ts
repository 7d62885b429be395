import type { Language } from '@common/constants';
import { typographic } from '@common/rules/typography';
import type { Chapter, Question } from '@common/schemas/session';
import { tailorChaptersToSubject } from '../generation/service';
import type { BookContext, GenerationProvider, TailorInput } from '../providers/generation/types';

/** Longest tailored chapter name and question kept (characters, after trimming); longer → the bank's. */
export const TAILORED_CHAPTER_NAME_MAX = 200;
export const TAILORED_QUESTION_MAX = 600;
/** Most questions a tailored chapter may have (the bank has 4–8). */
export const TAILORED_QUESTIONS_MAX = 12;

/** The provider that tailors a new book's chapters, and how long it may take. */
export interface ChapterTailor {
  provider: GenerationProvider;
  timeoutMs: number;
  log?: (message: string, details?: Record<string, unknown>) => void;
}

/** A model's text as a chapter or question name: one line, trimmed, non-empty and bounded, with the language's typography (as the bank's); else null. */
function cleanName(value: unknown, max: number, lng: Language): string | null {
  if (typeof value !== 'string') return null;
  const text = value
    // eslint-disable-next-line no-control-regex -- control characters never belong in a name
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text && text.length <= max ? typographic(text, lng) : null;
}

/**
 * Checks a provider's tailored chapters against the bank's and builds the book's chapters from
 * them, or returns null (the caller keeps the bank's). Rules: the same chapters with the same ids
 * in the same order, each with 1 to TAILORED_QUESTIONS_MAX questions, every text non-empty and
 * bounded. A question keeps its id (and the bank's nudges, sensitivity and essential flag) when it
 * is one of its chapter's bank questions not already used; any other question gets the next id
 * after the highest one in the book (spec section 3). Texts in `lng`, the book's language.
 */
export function tailoredChapters(bank: Chapter[], output: unknown, lng: Language): Chapter[] | null {
  if (!Array.isArray(output) || output.length !== bank.length) return null;
  let highest = Math.max(0, ...bank.map((c) => c.id), ...bank.flatMap((c) => c.questions.map((q) => q.id)));
  const result: Chapter[] = [];
  for (const [index, chapter] of bank.entries()) {
    const tailored = output[index] as { id?: unknown; name?: unknown; questions?: unknown } | null;
    if (!tailored || typeof tailored !== 'object' || tailored.id !== chapter.id) return null;
    const name = cleanName(tailored.name, TAILORED_CHAPTER_NAME_MAX, lng);
    const questions = tailored.questions;
    if (!name || !Array.isArray(questions) || questions.length === 0 || questions.length > TAILORED_QUESTIONS_MAX) return null;
    const template = chapter.questions[0];
    const used = new Set<number>();
    const built: Question[] = [];
    for (const item of questions as Array<{ id?: unknown; name?: unknown } | null>) {
      const text = cleanName(item?.name, TAILORED_QUESTION_MAX, lng);
      if (!text) return null;
      const bankQuestion = chapter.questions.find((q) => q.id === item?.id && !used.has(q.id));
      if (bankQuestion) {
        used.add(bankQuestion.id);
        built.push({ ...bankQuestion, name: text });
      } else {
        highest += 1;
        built.push({
          id: highest,
          name: text,
          transcript: '',
          question_category_id: chapter.id,
          category_based_type_id: template?.category_based_type_id,
          category_length_type_id: template?.category_length_type_id,
        });
      }
    }
    result.push({ ...chapter, name, questions: built });
  }
  return result;
}

/**
 * The bank's chapters tailored to the book's subject by the provider, within `timeoutMs`; the
 * bank's own chapters when the provider fails, is late or answers something that does not fit.
 */
export async function tailorBankChapters(tailor: ChapterTailor, bank: Chapter[], context: BookContext): Promise<Chapter[]> {
  if (bank.length === 0 || !context.subject.trim()) return bank;
  const input: TailorInput = {
    context,
    chapters: bank.map((c) => ({ id: c.id, name: c.name, questions: c.questions.map((q) => ({ id: q.id, name: q.name })) })),
  };
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error('tailoring took too long'));
      resolve(null);
    }, tailor.timeoutMs);
  });
  const started = Date.now();
  try {
    const output = await Promise.race([tailorChaptersToSubject(tailor.provider, input, { signal: controller.signal }), late]);
    const chapters = output === null ? null : tailoredChapters(bank, output, context.language);
    if (!chapters)
      tailor.log?.('tailored chapters not used: the bank chapters are kept', { late: output === null, ms: Date.now() - started });
    return chapters ?? bank;
  } finally {
    clearTimeout(timer);
  }
}
