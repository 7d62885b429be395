/**
 * Facts of a text as a reader would check them: names and places (capitalised words that do not open
 * a sentence), dates and numbers. Used to flag what a writer put in that appears in no answer, and
 * by bench/writing.ts to count facts kept and invented.
 */
const FACT = /(?<![\p{L}\p{N}’'-])(?:\p{Lu}[\p{L}’'-]*|\p{N}+(?:[.,:]\p{N}+)*)/gu;

const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/['’]/g, "'");

/** The facts of a text: capitalised words that do not open a sentence (or follow a quote mark), and numbers. */
export function factsOf(text: string): string[] {
  const facts: string[] = [];
  for (const match of text.matchAll(FACT)) {
    const before = text.slice(0, match.index).trimEnd();
    const opensSentence = before === '' || /[.!?…:«“"\n¿¡—–]$/.test(before);
    if (/^\p{N}/u.test(match[0]) || !opensSentence) facts.push(match[0]);
  }
  return facts;
}

/** The words and numbers of some texts, folded (case and accents), cut like facts ("14th" → "14", "th"; "9.000" whole). */
export function wordsOfAnswers(answers: string[]): Set<string> {
  return new Set(
    answers
      .join(' ')
      .match(/\p{N}+(?:[.,:]\p{N}+)*|[\p{L}’'-]+/gu)
      ?.map(fold) ?? [],
  );
}

/** Facts of `text` found in no answer (each once, in order of appearance). */
export function unsourcedFacts(text: string, answers: string[]): string[] {
  const known = wordsOfAnswers(answers);
  return [...new Set(factsOf(text).filter((fact) => !known.has(fold(fact))))];
}
