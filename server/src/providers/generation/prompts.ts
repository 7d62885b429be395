import type { Fidelity } from '@common/schemas/session';
import { LANGUAGE_DATA } from './language-data';
import type { BookContext, BookFrameInput, ChapterInput, TailorInput } from './types';

/**
 * Prompts of the model adapter. The same rules in every prompt: the author's facts only, the
 * author's voice, the book's language, and the fidelity level chosen for the book.
 */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

const KIND: Record<BookContext['kind'], string> = {
  autobiography: 'an autobiography (the author tells their own life)',
  another_story: "a book about another person's life, written by someone close to them",
  self_development: 'a self-development book drawn from the author’s own experience',
};

const FIDELITY: Record<Fidelity, string> = {
  own_words:
    'Fidelity: "my own words". Keep the author\'s sentences exactly; only remove fillers (um, you know…) and repetitions, fix punctuation and capitals, and order them into paragraphs.',
  light_edit:
    'Fidelity: "light edit". Keep the author\'s sentences, words and expressions wherever possible; remove fillers and repetitions, correct grammar, join short answers into flowing paragraphs with short neutral transitions.',
  polished:
    'Fidelity: "polished". Rewrite into clear, warm, well-paced book prose, but keep the author\'s voice, their characteristic expressions and every fact exactly as told.',
};

function languageName(context: BookContext): string {
  const data = LANGUAGE_DATA[context.language];
  return data.englishName === data.nativeName ? data.englishName : `${data.englishName} (${data.nativeName})`;
}

function surveyLines(context: BookContext): string {
  if (context.survey.length === 0) return '';
  return `The author chose:\n${context.survey.map((c) => `- ${c.question}: ${c.answer}`).join('\n')}\n`;
}

function rules(context: BookContext): string {
  return [
    `You are the ghost-writer of ${KIND[context.kind]}. Write in ${languageName(context)} only.`,
    'Use ONLY facts found in the author\'s answers: never add a name, date, place, event, feeling, dialogue or detail that the author did not give. If something is unclear, leave it out rather than guess.',
    'Keep the author\'s voice: their vocabulary, their expressions, their humour, their way of telling.',
    FIDELITY[context.fidelity],
    'Respect the author\'s choices below (style, reader, person, tense). When the author wrote about another person in the third person, keep it.',
  ].join('\n');
}

export function chapterMessages(input: ChapterInput): ChatMessage[] {
  const { context, chapter } = input;
  const earlier = context.earlierSummaries.filter((s) => s.trim());
  const system = [
    rules(context),
    'Write the body of ONE chapter: plain paragraphs separated by one blank line. No title, no headings, no lists, no markdown, no notes, no preamble.',
    earlier.length > 0 ? 'Do not repeat what the earlier chapters already told (their summaries are given).' : '',
  ]
    .filter(Boolean)
    .join('\n');
  const answers = chapter.answers
    .filter((a) => a.answer.trim())
    .map((a) => `Question: ${a.question}\nAnswer: ${a.answer.trim()}`)
    .join('\n\n');
  const user = [
    `Book: ${context.bookName}`,
    context.subject.trim() ? `What the book is about, in the author's words: ${context.subject.trim()}` : '',
    surveyLines(context),
    earlier.length > 0 ? `Summaries of the earlier chapters:\n${earlier.map((s, i) => `${i + 1}. ${s}`).join('\n')}` : '',
    `Chapter: ${chapter.name}`,
    `The author's answers:\n\n${answers}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

export function optimizeMessages(transcript: string, context: Pick<BookContext, 'language'>): ChatMessage[] {
  const data = LANGUAGE_DATA[context.language];
  return [
    {
      role: 'system',
      content: [
        `You clean up a spoken or typed answer written in ${data.englishName}.`,
        'Remove hesitations, fillers and repetitions; fix punctuation, capitals and obvious grammar slips.',
        'Do not add, remove or change any fact; do not translate; keep the author\'s words and person.',
        'Answer with the cleaned text only.',
      ].join('\n'),
    },
    { role: 'user', content: transcript },
  ];
}

export function bookFrameMessages(input: BookFrameInput, part: 'introduction' | 'summary'): ChatMessage[] {
  const { context } = input;
  const chapters = input.chapters
    .map((c) => `Chapter "${c.name}": ${c.summary || c.answers.map((a) => a.answer).join(' ')}`)
    .join('\n');
  const task =
    part === 'introduction'
      ? 'Write the book\'s introduction: one or two short paragraphs that open the book and make the reader want to read on.'
      : 'Write the book\'s closing summary: one short paragraph that recalls the path of the whole book.';
  return [
    { role: 'system', content: `${rules(context)}\n${task} Plain text only.` },
    {
      role: 'user',
      content: [`Book: ${context.bookName}`, context.subject ? `About: ${context.subject}` : '', surveyLines(context), chapters].filter(Boolean).join('\n\n'),
    },
  ];
}

export function tailorMessages(input: TailorInput): ChatMessage[] {
  const { context } = input;
  return [
    {
      role: 'system',
      content: [
        `You adapt the wording of interview questions for a book to its subject. Write in ${languageName(context)}.`,
        'Keep every chapter and every question, with the same ids, in the same order. Change only the wording, to fit the subject the author described.',
        'Never presume facts the author did not state (no assumed siblings, marriage, children, religion or service). Questions stay open, short, one per item.',
        'Answer with JSON only: [{"id": <chapter id>, "name": "...", "questions": [{"id": <question id>, "name": "..."}]}]',
      ].join('\n'),
    },
    {
      role: 'user',
      content: `Subject, in the author's words: ${context.subject}\n${surveyLines(context)}\nChapters:\n${JSON.stringify(input.chapters)}`,
    },
  ];
}
