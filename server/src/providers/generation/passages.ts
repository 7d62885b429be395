import type { Language } from '@common/constants';
import { typographic } from '@common/rules/typography';
import type { Paragraph } from '@common/schemas/session';
import type { FamilyMemory } from './types';

/** How a relative's words are introduced in the book: their name and the relation the author wrote ("my sister"). */
const INTRODUCTION: Record<Language, (name: string, relation: string) => string> = {
  en: (name, relation) => `As ${name}, ${relation}, remembers it: "`,
  fr: (name, relation) => `Comme s'en souvient ${name}, ${relation} : "`,
  es: (name, relation) => `Como lo recuerda ${name}, ${relation}: "`,
  it: (name, relation) => `Come lo ricorda ${name}, ${relation}: "`,
};

/** One relative's words, word for word, introduced by their name (data, not invented prose). */
export function passageOf(memory: FamilyMemory, lng: Language): Paragraph {
  const words = memory.text.trim().replace(/\s*\n\s*/g, ' ');
  return {
    text: typographic(`${INTRODUCTION[lng](memory.name, memory.relation)}${words}"`, lng),
    question_ids: memory.question_id === null ? [] : [memory.question_id],
    contributions: [{ id: memory.id, contributor_id: memory.contributor_id }],
  };
}

/**
 * The chapter's paragraphs with a passage for each of these memories: after the last paragraph
 * drawing on the question it answers, else (a memory for the whole chapter, or a question the
 * writing left out) at the end, in the order the relatives gave them.
 */
export function withPassages(paragraphs: Paragraph[], memories: FamilyMemory[], lng: Language): Paragraph[] {
  const out = [...paragraphs];
  const atEnd: Paragraph[] = [];
  for (const memory of memories) {
    const passage = passageOf(memory, lng);
    const after =
      memory.question_id === null ? -1 : out.findLastIndex((p) => !p.contributions && p.question_ids.includes(memory.question_id!));
    if (after < 0) atEnd.push(passage);
    else {
      let at = after + 1;
      while (at < out.length && out[at].contributions) at += 1;
      out.splice(at, 0, passage);
    }
  }
  return [...out, ...atEnd];
}
