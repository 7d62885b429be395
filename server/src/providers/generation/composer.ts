import type { Language } from '@common/constants';
import type { Paragraph } from '@common/schemas/session';
import { LANGUAGE_DATA, PERSON_PATTERNS } from './language-data';
import { cleanAnswer, cleanTranscript, countWords, splitSentences, toThirdPerson } from './text';
import type {
  BookContext,
  BookFrameInput,
  BookFrameOutput,
  ChapterInput,
  ChapterOutput,
  Gender,
  GenerateOptions,
  GenerationProvider,
  Person,
  TailorInput,
  TailorOutput,
} from './types';

/**
 * The offline composer: arranges the author's own answers into chapter prose. It deletes fillers
 * and stutters, fixes punctuation and capitals, may change the person where that is safe, groups
 * answers into paragraphs and puts a short connective phrase (from a fixed list per language) before
 * some of them. It adds no fact: every sentence is one of the author's, cleaned.
 * Pure and deterministic (no clock, no randomness).
 */

const LONG_PARAGRAPH_WORDS = 120;
const SHORT_ANSWER_WORDS = 30;
const MERGE_LIMIT_WORDS = 70;
const SUMMARY_MAX_WORDS = 70;

interface Block {
  questionIds: number[];
  sentences: string[];
}

/** The narration person and gender the survey asks for, when it says so explicitly. */
export function narrationFromSurvey(context: Pick<BookContext, 'survey'>): { person?: Person; gender?: Gender } {
  const result: { person?: Person; gender?: Gender } = {};
  for (const { answer } of context.survey) {
    if (PERSON_PATTERNS.third.test(answer)) {
      result.person = 'third';
      if (PERSON_PATTERNS.female.test(answer)) result.gender = 'female';
      else if (PERSON_PATTERNS.male.test(answer)) result.gender = 'male';
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
  if (context.kind === 'another_story' || context.language !== 'en') return sentences;
  const { person, gender } = narrationFromSurvey(context);
  if (person !== 'third' || !gender) return sentences;
  return toThirdPerson(sentences, gender) ?? sentences;
}

function sentencesOf(answer: string, context: BookContext): string[] {
  return convertPerson(cleanAnswer(answer, context.language), context);
}

/** Splits a long answer at sentence boundaries into paragraphs of reasonable length. */
function splitLong(sentences: string[]): string[][] {
  const total = sentences.reduce((n, s) => n + countWords(s), 0);
  if (total <= LONG_PARAGRAPH_WORDS) return [sentences];
  const parts = Math.ceil(total / LONG_PARAGRAPH_WORDS);
  const target = total / parts;
  const out: string[][] = [[]];
  let words = 0;
  for (const sentence of sentences) {
    const current = out[out.length - 1];
    if (current.length > 0 && words >= target) {
      out.push([sentence]);
      words = countWords(sentence);
    } else {
      current.push(sentence);
      words += countWords(sentence);
    }
  }
  return out;
}

function blocksOf(input: ChapterInput): Block[] {
  const blocks: Block[] = [];
  let previousShort = false;
  for (const answer of input.chapter.answers) {
    const sentences = sentencesOf(answer.answer, input.context);
    if (sentences.length === 0) continue;
    const words = sentences.reduce((n, s) => n + countWords(s), 0);
    const last = blocks[blocks.length - 1];
    const lastWords = last ? last.sentences.reduce((n, s) => n + countWords(s), 0) : 0;
    if (last && previousShort && words < SHORT_ANSWER_WORDS && lastWords + words <= MERGE_LIMIT_WORDS) {
      last.questionIds.push(answer.id);
      last.sentences.push(...sentences);
    } else {
      for (const part of splitLong(sentences)) blocks.push({ questionIds: [answer.id], sentences: part });
    }
    previousShort = words < SHORT_ANSWER_WORDS;
  }
  return blocks;
}

/** The first word of a sentence, lower-cased, with a French/Italian elision kept ("l'", "j'"). */
function openerOf(sentence: string): string {
  const m = /^[\p{L}]+['’]?/u.exec(sentence);
  if (!m) return '';
  return m[0].toLowerCase().replace(/’/g, "'");
}

/**
 * Puts a connective phrase before a sentence when the sentence's first word is a common opener we
 * can safely lower-case (never a name). Returns null when no transition fits.
 */
export function withTransition(sentence: string, transition: string, lng: Language): string | null {
  const opener = openerOf(sentence);
  const openers = LANGUAGE_DATA[lng].lowercaseOpeners;
  if (lng === 'en' && /^I(?![\p{L}])/u.test(sentence)) return `${transition} ${sentence}`;
  const elided = opener.endsWith("'") && openers.includes(opener);
  if (!elided && !openers.includes(opener.replace(/'$/, ''))) return null;
  return `${transition} ${sentence[0].toLowerCase()}${sentence.slice(1)}`;
}

function transitionFor(chapterId: number, index: number, lng: Language): string {
  const list = LANGUAGE_DATA[lng].transitions;
  return list[(Math.abs(chapterId) + index) % list.length];
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
  const lng = input.context.language;
  const blocks = blocksOf(input);
  const paragraphs: (Paragraph & { transition?: string })[] = [];
  let transitionCount = 0;
  blocks.forEach((block, index) => {
    const sentences = [...block.sentences];
    let transition: string | undefined;
    const previous = blocks[index - 1];
    const newQuestion = previous && previous.questionIds[0] !== block.questionIds[0];
    // Every other new answer gets a connective, so the chapter reads as one text, not a list.
    if (newQuestion && index % 2 === 1) {
      const candidate = transitionFor(input.chapter.id, transitionCount, lng);
      const joined = withTransition(sentences[0], candidate, lng);
      if (joined) {
        sentences[0] = joined;
        transition = candidate;
        transitionCount += 1;
      }
    }
    // `transition` names the only words the composer added, so the workspace can tell them apart.
    paragraphs.push({ text: sentences.join(' '), question_ids: block.questionIds, ...(transition ? { transition } : {}) });
  });
  const summary = extractSummary(blocks.flatMap((b) => b.sentences));
  return { paragraphs, content: paragraphs.map((p) => p.text).join('\n\n'), summary };
}

/** Introduction and summary of the whole book, from the author's own sentences. */
export function composeBookFrame(input: BookFrameInput): BookFrameOutput {
  const { context } = input;
  const chapterSentences = input.chapters.map((chapter) =>
    chapter.answers.flatMap((answer) => sentencesOf(answer.answer, context)),
  );
  const subjectSentences = context.subject.trim() ? convertPerson(cleanAnswer(context.subject, context.language), context) : [];
  const introduction = subjectSentences.length > 0
    ? extractSummary(subjectSentences, 90)
    : extractSummary(chapterSentences.find((s) => s.length > 0) ?? [], 60);
  const picked: string[] = [];
  input.chapters.forEach((chapter, index) => {
    const candidates = [
      ...(chapter.summary.trim() ? splitSentences(chapter.summary.trim(), context.language) : []),
      ...splitSentences(extractSummary(chapterSentences[index], 60), context.language),
    ];
    const fresh = candidates.find((s) => !picked.includes(s) && !introduction.includes(s));
    if (fresh) picked.push(fresh);
  });
  // A one-chapter book may have nothing left besides its introduction's sentences: reuse one.
  if (picked.length === 0) {
    const any = chapterSentences.flat()[0];
    if (any) picked.push(any);
  }
  return { introduction, summary: picked.slice(0, 8).join(' ') };
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

  async writeBookFrame(input: BookFrameInput): Promise<BookFrameOutput> {
    return composeBookFrame(input);
  }

  async optimizeAnswer(input: { transcript: string; language: Language }): Promise<string> {
    return cleanTranscript(input.transcript, input.language);
  }

  /** The composer has nothing to add to the questions: they stay as written in the question bank. */
  async tailorChapters(input: TailorInput): Promise<TailorOutput> {
    return input.chapters.map((chapter) => ({ ...chapter, questions: chapter.questions.map((q) => ({ ...q })) }));
  }
}
