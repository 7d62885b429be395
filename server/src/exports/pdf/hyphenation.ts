import { createRequire } from 'node:module';
import type { Language } from '@common/constants';

type Hyphenate = (text: string, options?: { hyphenChar?: string }) => string;
const require = createRequire(import.meta.url);
/** Liang's TeX patterns per language (the `hyphen` package, CommonJS, loaded on first use). */
const MODULES: Record<Language, string> = { en: 'hyphen/en-us', fr: 'hyphen/fr', es: 'hyphen/es', it: 'hyphen/it' };
const loaded = new Map<Language, Hyphenate>();
function hyphenatorFor(language: Language): Hyphenate {
  let fn = loaded.get(language);
  if (!fn) {
    fn = (require(MODULES[language]) as { hyphenateSync: Hyphenate }).hyphenateSync;
    loaded.set(language, fn);
  }
  return fn;
}
const MIN_BEFORE = 2;
const MIN_AFTER = 3;
const cache = new Map<string, number[]>();

/**
 * Where a word may break, as offsets into the word (a hyphen is added there when it breaks),
 * plus the offsets right after explicit hyphens (no hyphen added). Proper nouns, words with digits
 * and short words are not hyphenated.
 */
export function breakPoints(word: string, language: Language): number[] {
  const key = `${language}|${word}`;
  let points = cache.get(key);
  if (points) return points;
  points = [];
  const core = /^([^\p{L}]*)([\p{L}\p{M}'’-]+)([^\p{L}]*)$/u.exec(word);
  if (core && core[2].length >= 6 && !/^\p{Lu}/u.test(core[2])) {
    const lead = core[1].length;
    const letters = core[2];
    let parts: string[];
    try {
      parts = hyphenatorFor(language)(letters, { hyphenChar: '\u00AD' }).split('\u00AD');
    } catch {
      parts = [letters];
    }
    let offset = 0;
    for (let i = 0; i < parts.length - 1; i += 1) {
      offset += parts[i].length;
      if (
        offset >= MIN_BEFORE &&
        letters.length - offset >= MIN_AFTER &&
        /\p{L}/u.test(letters[offset - 1]) &&
        /\p{L}/u.test(letters[offset])
      ) {
        points.push(lead + offset);
      }
    }
  }
  if (cache.size > 200_000) cache.clear();
  cache.set(key, points);
  return points;
}

/** Offsets just after a hard hyphen inside a word ("well-known" → after "well-"). */
export function hardHyphenPoints(word: string): number[] {
  const points: number[] = [];
  for (let i = 2; i < word.length - 2; i += 1) if (word[i - 1] === '-' && /\p{L}/u.test(word[i])) points.push(i);
  return points;
}
