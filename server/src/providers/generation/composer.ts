import type { Language } from '@common/constants';
import type { Paragraph } from '@common/schemas/session';
import type { BookText } from '@common/schemas/versions';
import { LANGUAGE_DATA, PERSON_PATTERNS, PRESENT_TENSE } from './language-data';
import { cleanAnswer, cleanTranscript, countWords, splitSentences, toThirdPerson } from './text';
import type {
  BookContext,
  BookTextInput,
  ChapterInput,
  ChapterOutput,
  Gender,
  GenerateOptions,
  GenerationProvider,
  Person,
  TailorInput,
  TailorOutput,
} from './types';
import { withPassages } from './passages';

/**
 * The offline composer: arranges the author's own answers into chapter prose. It deletes fillers
 * and stutters, fixes punctuation, capitals and typography, may change the person where that is
 * safe, and groups the answers into paragraphs along their own sentences and scenes. It adds no
 * word: every sentence is one of the author's, cleaned.
 * Pure and deterministic (no clock, no randomness).
 */

const LONG_PARAGRAPH_WORDS = 120;
const SHORT_ANSWER_WORDS = 30;
const MERGE_LIMIT_WORDS = 90;
/** A scene change starts a new paragraph only after this many words of the current one. */
const MIN_SCENE_WORDS = 40;
const SUMMARY_MAX_WORDS = 70;

interface Block {
  questionIds: number[];
  sentences: string[];
}

/** The narration person and gender the survey asks for, when it says so explicitly (one gender, not "he or she"). */
export function narrationFromSurvey(context: Pick<BookContext, 'survey'>): { person?: Person; gender?: Gender } {
  const result: { person?: Person; gender?: Gender } = {};
  for (const { answer } of context.survey) {
    if (PERSON_PATTERNS.third.test(answer)) {
      result.person = 'third';
      const female = PERSON_PATTERNS.female.test(answer);
      const male = PERSON_PATTERNS.male.test(answer);
      if (female !== male) result.gender = female ? 'female' : 'male';
    } else if (PERSON_PATTERNS.first.test(answer) && !result.person) {
      result.person = 'first';
    }
  }
  return result;
}

/**
 * Person changes are made only where they cannot distort: an autobiography or self-development
 * book in English whose survey asks for the third person and says she or he. A book about another
 * person keeps what the author wrote ("she was born…"), and French, Spanish and Italian keep the
 * author's person (the verb endings would have to change too).
 */
function convertPerson(sentences: string[], context: BookContext): string[] {
  return thirdPersonOf(sentences, context) ?? sentences;
}

/** The sentences in the third person when the survey asks for it and it is safe, else null. */
function thirdPersonOf(sentences: string[], context: BookContext): string[] | null {
  if (context.kind === 'another_story' || context.language !== 'en') return null;
  const { person, gender } = narrationFromSurvey(context);
  if (person !== 'third' || !gender) return null;
  return toThirdPerson(sentences, gender);
}

/**
 * The survey choices the composer cannot honour, by survey question id: any style or tone other
 * than the author's own (it only deletes words), the present tense (it never changes tense), and the
 * third person of an autobiography unless every answer could be converted safely. The reader profile
 * needs no rewriting.
 */
export function unmetChoices(input: ChapterInput): number[] {
  const { context } = input;
  return context.survey.flatMap((choice) => {
    if (choice.id === undefined) return [];
    const unmet =
      choice.role === 'style' ||
      choice.role === 'tone' ||
      (choice.role === 'tense' && PRESENT_TENSE.test(choice.answer)) ||
      (choice.role === 'person' &&
        PERSON_PATTERNS.third.test(choice.answer) &&
        context.kind !== 'another_story' &&
        input.chapter.answers.some((a) => a.answer.trim() && !thirdPersonOf(cleanAnswer(a.answer, context.language), context)));
    return unmet ? [choice.id] : [];
  });
}

function sentencesOf(answer: string, context: BookContext): string[] {
  return convertPerson(cleanAnswer(answer, context.language), context);
}

const wordsOf = (sentences: string[]) => sentences.reduce((n, s) => n + countWords(s), 0);

/**
 * Splits a long answer at sentence boundaries into paragraphs of reasonable length, starting a new
 * one where the author starts a new scene ("Years later…", "Un jour…", a year) once the current
 * paragraph has some body, else where the length calls for it.
 */
function splitLong(sentences: string[], lng: Language): string[][] {
  const total = wordsOf(sentences);
  if (total <= LONG_PARAGRAPH_WORDS) return [sentences];
  const target = total / Math.ceil(total / LONG_PARAGRAPH_WORDS);
  const out: string[][] = [[]];
  let words = 0;
  for (const sentence of sentences) {
    const current = out[out.length - 1];
    const newScene = LANGUAGE_DATA[lng].sceneOpeners.test(sentence) && words >= MIN_SCENE_WORDS;
    if (current.length > 0 && (words >= target || newScene)) {
      out.push([sentence]);
      words = countWords(sentence);
    } else {
      current.push(sentence);
      words += countWords(sentence);
    }
  }
  return out;
}

/** Names and longer words of a text, by their first letters: what two answers on one subject share. */
function subjectWords(sentences: string[]): Set<string> {
  const words = sentences.join(' ').match(/\p{L}{5,}/gu) ?? [];
  return new Set(words.map((w) => w.toLowerCase().slice(0, 5)));
}

const shareSubject = (a: string[], b: string[]) => {
  const first = subjectWords(a);
  return [...subjectWords(b)].some((w) => first.has(w));
};

/** Paragraph blocks: each answer its own paragraphs, a short answer joined to the one before when they share a subject. */
function blocksOf(input: ChapterInput): Block[] {
  const lng = input.context.language;
  const blocks: Block[] = [];
  for (const answer of input.chapter.answers) {
    const sentences = sentencesOf(answer.answer, input.context);
    if (sentences.length === 0) continue;
    const words = wordsOf(sentences);
    const last = blocks[blocks.length - 1];
    if (
      last &&
      words < SHORT_ANSWER_WORDS &&
      wordsOf(last.sentences) + words <= MERGE_LIMIT_WORDS &&
      shareSubject(last.sentences, sentences)
    ) {
      last.questionIds.push(answer.id);
      last.sentences.push(...sentences);
    } else {
      for (const part of splitLong(sentences, lng)) blocks.push({ questionIds: [answer.id], sentences: part });
    }
  }
  return blocks;
}

/** Scores sentences by how many of the chapter's frequent words they carry; picks the best in order. */
export function extractSummary(sentences: string[], maxWords = SUMMARY_MAX_WORDS): string {
  if (sentences.length === 0) return '';
  const wordSets = sentences.map((s) => new Set(s.toLowerCase().match(/\p{L}{5,}/gu) ?? []));
  const frequency = new Map<string, number>();
  for (const words of wordSets) for (const word of words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const scored = sentences.map((sentence, index) => {
    const length = countWords(sentence);
    let weight = 0;
    for (const word of wordSets[index]) weight += frequency.get(word) ?? 0;
    const lengthPenalty = length < 5 ? 0.3 : length > 40 ? 0.6 : 1;
    const firstBonus = index === 0 ? 1.25 : 1;
    return { index, length, score: (weight / Math.sqrt(Math.max(length, 1))) * lengthPenalty * firstBonus };
  });
  const chosen: typeof scored = [];
  let total = 0;
  for (const candidate of [...scored].sort((a, b) => b.score - a.score || a.index - b.index)) {
    if (chosen.length > 0 && total + candidate.length > maxWords) continue;
    chosen.push(candidate);
    total += candidate.length;
    if (chosen.length >= 3 || total >= maxWords * 0.7) break;
  }
  return chosen
    .sort((a, b) => a.index - b.index)
    .map((c) => sentences[c.index])
    .join(' ');
}

/** Writes one chapter from its answers. Synchronous core of the composer (the bench times it). */
export function composeChapter(input: ChapterInput): ChapterOutput {
  const blocks = blocksOf(input);
  const own: Paragraph[] = blocks.map((block) => ({ text: block.sentences.join(' '), question_ids: block.questionIds }));
  // the composer never rewrites a relative's words: each accepted or quoted memory is a passage of its own
  const paragraphs = withPassages(own, input.chapter.memories ?? [], input.context.language);
  const summary = extractSummary(blocks.flatMap((b) => b.sentences));
  return { paragraphs, content: paragraphs.map((p) => p.text).join('\n\n'), summary, needsAssistant: unmetChoices(input) };
}

/**
 * The book's summary (its conclusion), offline: a draft assembled from the chapters' own summaries,
 * one sentence of each written chapter — the author's words only (the workspace says so). The
 * introduction has no offline draft: it is the author's to write (a guiding prompt shows; the
 * writing assistant can draft it).
 */
export function composeConclusion(input: BookTextInput): string {
  const { context } = input;
  const picked: string[] = [];
  for (const chapter of input.chapters) {
    const own =
      chapter.summary.trim() ||
      extractSummary(
        chapter.answers.flatMap((answer) => sentencesOf(answer.answer, context)),
        60,
      );
    const fresh = splitSentences(own, context.language).find((s) => !picked.includes(s));
    if (fresh) picked.push(fresh);
  }
  return picked.slice(0, 8).join(' ');
}

export class Composer implements GenerationProvider {
  readonly name = 'composer';

  async writeChapter(input: ChapterInput, options: GenerateOptions = {}): Promise<ChapterOutput> {
    const output = composeChapter(input);
    if (options.onDelta) {
      output.paragraphs.forEach((paragraph, index) => options.onDelta?.(index === 0 ? paragraph.text : `\n\n${paragraph.text}`));
    }
    return output;
  }

  async writeBookText(input: BookTextInput, text: BookText): Promise<string> {
    return text === 'book_summary' ? composeConclusion(input) : '';
  }

  async optimizeAnswer(input: { transcript: string; language: Language }): Promise<string> {
    return cleanTranscript(input.transcript, input.language);
  }

  /** The composer has nothing to add to the questions: they stay as written in the question bank. */
  async tailorChapters(input: TailorInput): Promise<TailorOutput> {
    return input.chapters.map((chapter) => ({ ...chapter, questions: chapter.questions.map((q) => ({ ...q })) }));
  }
}
