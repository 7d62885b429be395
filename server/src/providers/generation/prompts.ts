import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '@common/constants';
import { ROOT_DIR } from '../../config';
import { LANGUAGE_DATA } from './language-data';
import type { BookText } from '@common/schemas/versions';
import type { BookContext, BookTextInput, ChapterInput, FamilyMemory, TailorInput } from './types';

/**
 * Prompts of the model adapter. The same rules in every prompt: the author's facts only, the
 * author's voice, the book's language, and the fidelity level chosen for the book.
 */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

function languageName(context: BookContext): string {
  const data = LANGUAGE_DATA[context.language];
  return data.englishName === data.nativeName ? data.englishName : `${data.englishName} (${data.nativeName})`;
}

function surveyLines(context: BookContext): string {
  if (context.survey.length === 0) return '';
  return `The author chose:\n${context.survey.map((c) => `- ${c.question}: ${c.answer}`).join('\n')}\n`;
}

/**
 * The prompts of each language, written in that language: `content/prompts/{name}.{lng}.md` (a
 * `version` in its header, raised on every change; `## section` blocks). `chapter`: `system`,
 * `kind.*`, `fidelity.*`; `book` (introduction and summary): `system`, `introduction`, `book_summary`.
 * Read once.
 */
export interface PromptFile {
  version: number;
  sections: Record<string, string>;
}
export type ChapterPrompt = PromptFile;
const promptFiles = new Map<string, PromptFile>();

export function promptFile(name: 'chapter' | 'book', lng: Language): PromptFile {
  let prompt = promptFiles.get(`${name}.${lng}`);
  if (!prompt) {
    const file = fs.readFileSync(path.join(ROOT_DIR, 'content', 'prompts', `${name}.${lng}.md`), 'utf8');
    const [, header = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(file) ?? [];
    const sections = Object.fromEntries(
      body
        .split(/^## /m)
        .filter((part) => part.trim())
        .map((part) => {
          const newline = part.indexOf('\n');
          return [part.slice(0, newline).trim(), part.slice(newline + 1).trim()];
        }),
    );
    prompt = { version: Number(/^version:\s*(\d+)/m.exec(header)?.[1] ?? 0), sections };
    promptFiles.set(`${name}.${lng}`, prompt);
  }
  return prompt;
}

export const chapterPrompt = (lng: Language): PromptFile => promptFile('chapter', lng);

export function chapterMessages(input: ChapterInput): ChatMessage[] {
  const { context, chapter } = input;
  const earlier = context.earlierSummaries.filter((s) => s.trim());
  const { sections } = chapterPrompt(context.language);
  const system = sections.system
    .replace('{{kind}}', sections[`kind.${context.kind}`])
    .replace('{{fidelity}}', sections[`fidelity.${context.fidelity}`]);
  const answers = chapter.answers
    .filter((a) => a.answer.trim())
    .map((a) => `Question: ${a.question}\nAnswer: ${a.answer.trim()}`)
    .join('\n\n');
  const user = [
    `Book: ${context.bookName}`,
    context.subject.trim() ? `What the book is about, in the author's words: ${context.subject.trim()}` : '',
    surveyLines(context),
    earlier.length > 0
      ? `Summaries of the earlier chapters (do not tell again what they told):\n${earlier.map((s, i) => `${i + 1}. ${s}`).join('\n')}`
      : '',
    `Chapter: ${chapter.name}`,
    `The author's answers:\n\n${answers}`,
    memoriesLines(chapter.memories ?? []),
  ]
    .filter(Boolean)
    .join('\n\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/** Relatives' memories the author accepted: material to weave in, each credited to its contributor by name. */
function memoriesLines(memories: FamilyMemory[]): string {
  const accepted = memories.filter((m) => !m.quoted);
  if (accepted.length === 0) return '';
  const lines = accepted.map((m) => `${m.name} (${m.relation}) remembers: ${m.text.trim()}`);
  return `Memories from the author's relatives (use them, and name who remembers each one):\n\n${lines.join('\n\n')}`;
}

export function optimizeMessages(transcript: string, context: Pick<BookContext, 'language'>): ChatMessage[] {
  const data = LANGUAGE_DATA[context.language];
  return [
    {
      role: 'system',
      content: [
        `You clean up a spoken or typed answer written in ${data.englishName}.`,
        'Remove hesitations, fillers and repetitions; fix punctuation, capitals and obvious grammar slips.',
        "Do not add, remove or change any fact; do not translate; keep the author's words and person.",
        'Answer with the cleaned text only.',
      ].join('\n'),
    },
    { role: 'user', content: transcript },
  ];
}

/**
 * The introduction or the summary of the whole book, from the chapters written so far (their
 * summaries, else their answers): `content/prompts/book.{lng}.md`.
 */
export function bookTextMessages(input: BookTextInput, text: BookText): ChatMessage[] {
  const { context } = input;
  const { sections } = promptFile('book', context.language);
  const system = [
    sections.system.replace('{{kind}}', chapterPrompt(context.language).sections[`kind.${context.kind}`]),
    sections[text],
  ].join('\n');
  const chapters = input.chapters
    .map((c, i) => {
      const answers = c.answers.filter((a) => a.answer.trim()).map((a) => `Answer: ${a.answer.trim()}`);
      return [`Chapter ${i + 1}: ${c.name}`, c.summary.trim() ? `Summary: ${c.summary.trim()}` : '', ...answers].filter(Boolean).join('\n');
    })
    .join('\n\n');
  const user = [
    `Book: ${context.bookName}`,
    context.subject.trim() ? `What the book is about, in the author's words: ${context.subject.trim()}` : '',
    surveyLines(context),
    chapters,
  ]
    .filter(Boolean)
    .join('\n\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
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
