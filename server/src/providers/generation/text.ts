import type { Language } from '@common/constants';
import { quoteBalance, typographic } from '@common/rules/typography';
import { LANGUAGE_DATA } from './language-data';
import type { Gender } from './types';

/**
 * Text clean-up of the offline composer: only deletions (fillers, stutters), punctuation, spacing
 * and capitals. Nothing here adds a word, so every sentence it returns still traces to the answer.
 */

const L = '\\p{L}\\p{N}';
const NOT_WORD_BEFORE = `(?<![${L}'’-])`;
const NOT_WORD_AFTER = `(?![${L}'’-])`;

interface Patterns {
  hesitation: RegExp;
  discourse: RegExp;
  start: RegExp;
  end: RegExp;
  tag: RegExp;
  keepDoubled: Set<string>;
  abbreviations: Set<string>;
}
const patternCache = new Map<Language, Patterns>();

function escapeWords(phrase: string): string {
  return phrase
    .split(/\s+/)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+');
}

function patternsFor(lng: Language): Patterns {
  let patterns = patternCache.get(lng);
  if (!patterns) {
    const data = LANGUAGE_DATA[lng];
    const hesitations = data.hesitations.join('|');
    const discourse = data.discourseFillers.map(escapeWords).join('|');
    patterns = {
      hesitation: new RegExp(`(?:\\s*,)?\\s*${NOT_WORD_BEFORE}(?:${hesitations})${NOT_WORD_AFTER}(?:\\s*[,…]|\\.{3})?`, 'giu'),
      discourse: new RegExp(`(^\\s*|[.!?…]\\s+|\\s*[,;]\\s*)(?:${discourse})${NOT_WORD_AFTER}(\\s*,|(?=\\s*[.!?…;])|\\s*$)`, 'giu'),
      start: new RegExp(`(^\\s*|[.!?…]\\s+)(?:${data.startFillers.map(escapeWords).join('|')})${NOT_WORD_AFTER}\\s*,?\\s*`, 'giu'),
      end: new RegExp(`\\s*,?\\s*${NOT_WORD_BEFORE}(?:${data.endFillers.map(escapeWords).join('|')})(?=\\s*(?:[.!…]|$))`, 'giu'),
      tag: new RegExp(`(?:\\s*,\\s*¿?|\\s*¿)(?:${data.tags.map(escapeWords).join('|')})\\s*\\?`, 'giu'),
      keepDoubled: new Set(data.keepDoubled),
      abbreviations: new Set(data.abbreviations),
    };
    patternCache.set(lng, patterns);
  }
  return patterns;
}

/** Removes hesitation sounds and set-apart discourse fillers. */
function removeFillers(text: string, lng: Language): string {
  const { hesitation, discourse, start, end, tag } = patternsFor(lng);
  let out = text
    .replace(hesitation, (match: string) => (/^\s*,/.test(match) && /,\s*$/.test(match) ? ', ' : ' '))
    .replace(tag, '.')
    .trim();
  for (let i = 0; i < 4; i += 1) {
    const next = out.replace(discourse, (_match, before: string, after: string) => {
      if (before === '' || /[.!?…]/.test(before)) return before;
      // A filler between two commas goes with both; before a full stop or at the end, with its comma.
      return after.includes(',') ? ' ' : '';
    });
    const trimmed = next.replace(start, '$1').replace(end, '');
    if (trimmed === out) break;
    out = trimmed;
  }
  return out;
}

/** Collapses stutters: "w- went", "I I I went", "we went, we went to" → "went", "I went", "we went to". */
function removeStutters(text: string, lng: Language): string {
  const { keepDoubled } = patternsFor(lng);
  // Cut-off word starts: "w- went", "wh-wh-what", "mo- mother".
  let out = text.replace(
    new RegExp(`${NOT_WORD_BEFORE}((?:\\p{L}{1,4}-\\s*)+)(?=(\\p{L}+))`, 'gu'),
    (match, fragments: string, word: string) => {
      const parts = fragments
        .split('-')
        .map((p) => p.trim().toLowerCase())
        .filter(Boolean);
      return parts.every((p) => word.toLowerCase().startsWith(p)) ? '' : match;
    },
  );
  // Repeated short phrases (two or three words).
  for (const size of [3, 2]) {
    const phrase = Array.from({ length: size }, () => `[${L}'’]+`).join('\\s+');
    const re = new RegExp(`${NOT_WORD_BEFORE}(${phrase})(?:\\s*,?\\s+\\1)+${NOT_WORD_AFTER}`, 'giu');
    out = out.replace(re, '$1');
  }
  // Repeated single words, except those doubled on purpose in the language.
  out = out.replace(new RegExp(`${NOT_WORD_BEFORE}([${L}'’]+)(?:\\s*,?\\s+\\1)+${NOT_WORD_AFTER}`, 'giu'), (match, word: string) =>
    keepDoubled.has(word.toLowerCase()) || /^\d+$/.test(word) ? match : word,
  );
  return out;
}

/** Spacing and punctuation: no space before , . and friends, one after; French spacing rules. */
function fixPunctuation(text: string, lng: Language): string {
  let out = text.replace(/[\u00a0\u202f\t\r\n ]+/g, ' ');
  // "york .i moved" / "leeds ,then": the space was on the wrong side of the mark.
  out = out.replace(/\s+([,.;:!?…])(?=\p{L})/gu, '$1 ');
  out = out.replace(/\s+([,.;:!?…)\]»”])/g, '$1');
  out = out.replace(/([([«“¿¡])\s+/g, '$1');
  out = out.replace(/,(\s*,)+/g, ',');
  out = out.replace(/[,;:]+\s*([.!?…])/g, '$1');
  out = out.replace(/(?<!\.)\.\.(?!\.)/g, '.');
  out = out.replace(/\.{4,}/g, '...');
  out = out.replace(/([,;:])(?=[\p{L}«“])/gu, '$1 ');
  out = out.replace(/([.!?…])(?=[\p{Lu}«“¿¡])/gu, '$1 ');
  out = out.replace(/^[\s,.;:!?…]+/, '');
  return typographic(out.trim(), lng);
}

/** Splits cleaned text into sentences, keeping abbreviations ("Mr.", "M.", "Dott.") and initials inside. */
export function splitSentences(text: string, lng: Language): string[] {
  const { abbreviations } = patternsFor(lng);
  const sentences: string[] = [];
  let start = 0;
  const re = /([.!?…]+)((?:[\u00a0\u202f]?[»”]|["’)])*)\s+/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(text))) {
    const end = match.index + match[1].length + match[2].length;
    // A quotation stays whole: no sentence ends while a « or “ is still open.
    const { open, close } = quoteBalance(text.slice(start, end));
    if (open > close) continue;
    const before = text.slice(Math.max(start, match.index - 40), match.index);
    const lastWord = (/\S*$/.exec(before)?.[0] ?? '').toLowerCase().replace(/^[("«“]+/, '');
    const isAbbreviation = match[1] === '.' && (abbreviations.has(lastWord) || /^\p{L}$/u.test(lastWord));
    const isNumberList = match[1] === '.' && /^\d{1,2}$/.test(lastWord) && text.slice(start, match.index).trim() === lastWord;
    if (isAbbreviation || isNumberList) continue;
    sentences.push(text.slice(start, end).trim());
    start = match.index + match[0].length;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences.filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/** Capital first letter, a final full stop when none, English "i" → "I", Spanish ¿ ¡ openers. */
function finishSentence(sentence: string, lng: Language): string {
  let out = sentence.trim();
  out = out.replace(/^([^\p{L}\p{N}]*)(\p{Ll})/u, (_m, lead: string, letter: string) => lead + letter.toUpperCase());
  if (lng === 'en') out = out.replace(/(?<![\p{L}'’])i(?=(?:['’](?:m|ve|d|ll))?(?![\p{L}'’]))/gu, 'I');
  if (!/[.!?…](?:[\u00a0\u202f]?[»”]|["’)])*$/.test(out)) out = out.replace(/([,;:\s]*)$/, '') + '.';
  if (lng === 'es') {
    if (/\?[»”’)]*$/.test(out) && !out.includes('¿')) out = `¿${out}`;
    if (/![»”’)]*$/.test(out) && !out.includes('¡')) out = `¡${out}`;
  }
  return out;
}

/** The whole clean-up of one answer: a list of finished sentences. */
export function cleanAnswer(text: string, lng: Language): string[] {
  const withoutFillers = removeFillers(text.replace(/\s+/g, ' '), lng);
  const withoutStutters = removeStutters(withoutFillers, lng);
  const punctuated = fixPunctuation(withoutStutters, lng);
  return splitSentences(punctuated, lng)
    .map((s) => finishSentence(s, lng))
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/** The clean-up as one string (the composer's "optimise this answer"). */
export function cleanTranscript(text: string, lng: Language): string {
  return cleanAnswer(text, lng).join(' ');
}

export function countWords(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

// ---------------------------------------------------------------------------------------------
// First person → third person (English only, and only when every occurrence is unambiguous).

const PAST_OR_MODAL = new Set([
  'was',
  'wasn’t',
  "wasn't",
  'had',
  "hadn't",
  'did',
  "didn't",
  'could',
  "couldn't",
  'would',
  "wouldn't",
  'will',
  "won't",
  'can',
  "can't",
  'cannot',
  'might',
  'must',
  'should',
  "shouldn't",
  'shall',
  'used',
  'went',
  'came',
  'saw',
  'met',
  'got',
  'made',
  'knew',
  'left',
  'took',
  'grew',
  'felt',
  'thought',
  'told',
  'said',
  'found',
  'gave',
  'became',
  'began',
  'ran',
  'wrote',
  'kept',
  'lost',
  'won',
  'sat',
  'stood',
  'heard',
  'taught',
  'bought',
  'brought',
  'spent',
  'sent',
  'built',
  'understood',
  'fell',
  'wore',
  'ate',
  'drank',
  'drove',
  'flew',
  'swam',
  'sang',
  'spoke',
  'chose',
  'forgot',
  'sold',
  'paid',
  'meant',
  'held',
  'led',
  'fought',
  'caught',
  'slept',
  'woke',
  'rode',
  'broke',
  'hid',
  'let',
  'put',
  'cut',
  'hurt',
  'set',
  'shut',
  'quit',
  'hit',
  'dreamt',
  'learnt',
  'burnt',
  'lived',
]);
const ADVERBS = new Set([
  'never',
  'always',
  'also',
  'still',
  'often',
  'sometimes',
  'just',
  'really',
  'only',
  'even',
  'ever',
  'once',
  'finally',
  'soon',
  'then',
  'first',
  'later',
  'already',
  'rarely',
  'hardly',
  'barely',
  'nearly',
  'almost',
  'quickly',
  'slowly',
  'suddenly',
  'eventually',
  'immediately',
  'usually',
  'mostly',
]);
const I_CONTRACTIONS: Record<string, { she: string; he: string }> = {
  "i'm": { she: "she's", he: "he's" },
  "i've": { she: "she's", he: "he's" },
  "i'd": { she: "she'd", he: "he'd" },
  "i'll": { she: "she'll", he: "he'll" },
};
const I_VERB_SWAP: Record<string, string> = {
  am: 'is',
  have: 'has',
  do: 'does',
  "don't": "doesn't",
  "haven't": "hasn't",
  "ain't": "isn't",
};
const BLOCKERS = /(?<![\p{L}'’])(we|us|our|ours|ourselves|we're|we've|we'd|we'll)(?![\p{L}'’])|["“”«»]|(?<![\p{L}])me and(?![\p{L}])/iu;

/**
 * Converts English first-person sentences to the third person when every "I" is followed by a
 * verb form that does not change (was, had, could, went, loved…) or one we know how to change
 * (am → is, have → has). Returns null when any sentence is not safe: the caller then keeps the
 * author's own person for the whole answer rather than mixing persons.
 */
export function toThirdPerson(sentences: string[], gender: Gender): string[] | null {
  const subject = gender === 'female' ? 'she' : 'he';
  const object = gender === 'female' ? 'her' : 'him';
  const possessive = gender === 'female' ? 'her' : 'his';
  const possessivePronoun = gender === 'female' ? 'hers' : 'his';
  const reflexive = gender === 'female' ? 'herself' : 'himself';
  const out: string[] = [];
  for (const sentence of sentences) {
    if (BLOCKERS.test(sentence)) return null;
    const tokens = sentence.split(/(\s+)/);
    for (let i = 0; i < tokens.length; i += 1) {
      const raw = tokens[i];
      const m = /^([^\p{L}]*)([\p{L}'’]+)([^\p{L}]*)$/u.exec(raw);
      if (!m) continue;
      const [, lead, word, trail] = m;
      const lower = word.toLowerCase().replace(/’/g, "'");
      const atStart = !/\p{L}/u.test(tokens.slice(0, i).join(''));
      const cap = (s: string) => (atStart ? s[0].toUpperCase() + s.slice(1) : s);
      let replacement: string | null = null;
      if (lower === 'i') {
        if (trail && /[^\s]/.test(trail) && !/^[,]$/.test(trail)) return null;
        let j = i + 2;
        while (j < tokens.length && ADVERBS.has(tokens[j].toLowerCase().replace(/[^\p{L}']/gu, ''))) j += 2;
        const verb = (tokens[j] ?? '')
          .toLowerCase()
          .replace(/’/g, "'")
          .replace(/[^\p{L}']/gu, '');
        if (I_VERB_SWAP[verb] && j === i + 2) {
          tokens[j] = tokens[j].replace(new RegExp(verb.replace("'", "['’]"), 'i'), I_VERB_SWAP[verb]);
        } else if (!(PAST_OR_MODAL.has(verb) || (/ed$/.test(verb) && !/eed$/.test(verb)))) {
          return null;
        }
        replacement = cap(subject);
      } else if (I_CONTRACTIONS[lower]) {
        replacement = cap(I_CONTRACTIONS[lower][gender === 'female' ? 'she' : 'he']);
      } else if (lower === 'me') replacement = cap(object);
      else if (lower === 'my') replacement = cap(possessive);
      else if (lower === 'mine') replacement = cap(possessivePronoun);
      else if (lower === 'myself') replacement = cap(reflexive);
      if (replacement !== null) tokens[i] = lead + replacement + trail;
    }
    out.push(tokens.join(''));
  }
  return out;
}
