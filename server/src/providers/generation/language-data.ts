import type { Language } from '@common/constants';

/**
 * What the offline composer knows about each language. Written natively for each language, not
 * translated. Patterns are matched case-insensitively on whole words.
 */
export interface LanguageData {
  /** Hesitation sounds, removed wherever they appear (regex sources, whole words). */
  hesitations: string[];
  /**
   * Spoken discourse markers that are also real words ("like", "este", "tipo"…): removed only when
   * they stand apart — between commas, or at the start/end of a sentence next to a comma.
   */
  discourseFillers: string[];
  /** Fillers removed at the very start of a sentence even without a comma ("so I was born"). */
  startFillers: string[];
  /** Fillers removed at the very end of a sentence even without a comma ("en 1970 quoi."). */
  endFillers: string[];
  /** Question tags set off by a comma (or ¿…?) that end a spoken statement: replaced by a full stop. */
  tags: string[];
  /** Words whose doubling is normal speech ("nous nous sommes", "very very"): never collapsed. */
  keepDoubled: string[];
  /**
   * Short connective phrases put before some paragraphs. They are the only words the composer
   * adds; each one carries no fact (no time, place, cause or feeling).
   */
  transitions: string[];
  /** Common sentence openers that can be lower-cased after a transition (never proper nouns). */
  lowercaseOpeners: string[];
  /** Abbreviations after which a full stop does not end a sentence (lower case, no dot). */
  abbreviations: string[];
  /** Name of the language in English, for prompts. */
  englishName: string;
  /** Name of the language in itself, for prompts. */
  nativeName: string;
}

export const LANGUAGE_DATA: Record<Language, LanguageData> = {
  en: {
    hesitations: ['u+m+', 'u+h+', 'e+r+m+', 'e+r+', 'h+m+', 'm{2,}', 'a+h+m+'],
    discourseFillers: ['you know', 'like', 'i mean', 'basically', 'well', 'so', 'you see', 'okay so', 'right'],
    startFillers: ['so', 'well', 'okay so', 'anyway', 'basically'],
    endFillers: ['you know'],
    tags: ['you know', 'right', 'you see'],
    keepDoubled: ['that', 'had', 'very', 'really', 'so', 'no', 'yes', 'bye', 'knock', 'far', 'long', 'again', 'more', 'round', 'on'],
    transitions: ['Also,', 'Beyond that,', 'What is more,', 'On another note,', 'Besides,'],
    lowercaseOpeners: [
      'the', 'a', 'an', 'we', 'my', 'our', 'it', 'its', "it's", 'there', "there's", 'this', 'that', 'these', 'those', 'when',
      'in', 'at', 'on', 'after', 'before', 'during', 'he', 'she', 'they', 'his', 'her', 'their', 'one', 'every', 'most',
      'some', 'as', 'because', 'if', 'for', 'from', 'with', 'once', 'while', 'what', 'then', 'all', 'each', 'many', 'no',
      'you', 'your', 'me', 'mine', 'us', 'both', 'nobody', 'everyone', 'something', 'nothing', 'back',
    ],
    abbreviations: ['mr', 'mrs', 'ms', 'dr', 'st', 'prof', 'jr', 'sr', 'mt', 'vs', 'etc', 'no', 'e.g', 'i.e'],
    englishName: 'English',
    nativeName: 'English',
  },
  fr: {
    hesitations: ['e+u+h+', 'h+e+u+h*', 'h+u+m+', 'b+a+h+', 'm{2,}h*', 'e+u+h*m+'],
    discourseFillers: ['du coup', 'en fait', 'ben', 'tu vois', 'vous voyez', 'tu sais', 'vous savez', 'quoi', 'genre', 'bon', 'voilà', 'disons', 'bref', 'hein'],
    startFillers: ['du coup', 'en fait', 'ben', 'bon', 'bref'],
    endFillers: ['quoi', 'hein', 'tu vois', 'tu sais', 'voilà'],
    tags: ['tu vois', 'tu sais', 'vous voyez', 'vous savez', "n'est-ce pas", 'hein'],
    keepDoubled: ['nous', 'vous', 'très', 'non', 'oui', 'si', 'tout', 'petit', 'peu', 'beaucoup', 'vite', 'encore'],
    transitions: ['Par ailleurs,', 'De plus,', 'En outre,', 'Qui plus est,'],
    lowercaseOpeners: [
      'le', 'la', 'les', "l'", 'un', 'une', 'des', 'du', 'nous', 'on', 'mon', 'ma', 'mes', 'notre', 'nos', 'il', 'elle',
      'ils', 'elles', 'ce', "c'", 'cette', 'ces', 'cet', 'quand', 'à', 'au', 'aux', 'en', 'dans', 'après', 'avant',
      'pendant', "j'", 'je', 'son', 'sa', 'ses', 'leur', 'leurs', 'chaque', 'tous', 'toutes', 'tout', 'toute', 'lorsque',
      'depuis', "il y", 'y', 'chez', 'avec', 'pour', 'sur', 'comme', "d'", 'de', "qu'", 'ça', 'cela', 'mais',
    ],
    abbreviations: ['m', 'mme', 'mlle', 'dr', 'st', 'ste', 'etc', 'p', 'cf', 'env', 'av', 'bd'],
    englishName: 'French',
    nativeName: 'français',
  },
  es: {
    hesitations: ['e+h+', 'e+m+', 'm{2,}', 'a+h+m+', 'u+m+'],
    discourseFillers: ['o sea', 'este', 'pues', 'bueno', 'sabes', 'vale', 'digamos', 'en plan', 'tipo', 'nada', 'vamos'],
    startFillers: ['pues', 'o sea', 'bueno', 'en plan'],
    endFillers: ['o sea', 'sabes'],
    tags: ['sabes', 'vale', 'me entiendes', 'entiendes', 'verdad', 'no'],
    keepDoubled: ['muy', 'no', 'sí', 'poco', 'más', 'casi', 'ya', 'despacio', 'corre'],
    transitions: ['Además,', 'Por otra parte,', 'Asimismo,', 'Por lo demás,'],
    lowercaseOpeners: [
      'el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'nosotros', 'nosotras', 'mi', 'mis', 'nuestro', 'nuestra',
      'nuestros', 'nuestras', 'él', 'ella', 'ellos', 'ellas', 'esta', 'estas', 'estos', 'ese', 'esa', 'cuando', 'en', 'a',
      'al', 'después', 'antes', 'durante', 'yo', 'me', 'hay', 'había', 'su', 'sus', 'cada', 'todo', 'toda', 'todos',
      'todas', 'desde', 'con', 'para', 'por', 'como', 'de', 'del', 'eso', 'esto', 'lo', 'le', 'les', 'se', 'nos', 'fue',
      'era', 'tenía', 'pero',
    ],
    abbreviations: ['sr', 'sra', 'srta', 'dr', 'dra', 'd', 'dña', 'etc', 'av', 'pág', 'núm', 'ud', 'uds'],
    englishName: 'Spanish',
    nativeName: 'español',
  },
  it: {
    hesitations: ['e+h*m+', 'e+h+', 'u+h*m+', 'm{2,}', 'b+o+h+'],
    discourseFillers: ['cioè', 'tipo', 'insomma', 'allora', 'diciamo', 'praticamente', 'ecco', 'niente', 'sai', 'capito', 'vabbè'],
    startFillers: ['cioè', 'insomma', 'diciamo', 'tipo'],
    endFillers: ['insomma'],
    tags: ['sai', 'capito', 'capisci', 'vero', 'no'],
    keepDoubled: ['molto', 'no', 'sì', 'così', 'piano', 'pian', 'poco', 'presto', 'subito', 'quasi', 'via', 'bene'],
    transitions: ['Inoltre,', 'Per di più,', 'Oltre a questo,', 'In aggiunta,'],
    lowercaseOpeners: [
      'il', 'lo', 'la', 'i', 'gli', 'le', "l'", 'un', 'una', 'uno', "un'", 'noi', 'mio', 'mia', 'miei', 'mie', 'nostro',
      'nostra', 'nostri', 'nostre', 'lui', 'lei', 'loro', 'questo', 'questa', 'questi', 'queste', 'quel', 'quella',
      'quando', 'in', 'a', 'al', 'alla', 'nel', 'nella', 'dopo', 'prima', 'durante', 'io', 'mi', "c'era", "c'erano", 'ho',
      'avevo', 'ero', 'era', 'sono', 'suo', 'sua', 'ogni', 'tutto', 'tutta', 'tutti', 'tutte', 'da', 'dal', 'dalla',
      'con', 'per', 'come', 'di', 'del', 'della', 'ci', 'si', 'ma',
    ],
    abbreviations: ['sig', 'sigg', 'sig.ra', 'dott', 'dott.ssa', 'prof', 'avv', 'ing', 'ecc', 'pag', 'n', 'p', 's'],
    englishName: 'Italian',
    nativeName: 'italiano',
  },
};

/**
 * Reading the person of the narration from a survey answer name ("Third person", "À la troisième
 * personne"…). Conservative: only explicit words count.
 */
export const PERSON_PATTERNS = {
  third: /\b(third|3rd)\b|troisi[eè]me|3e\b|tercera|3\.?ª|terza|3ª/i,
  first: /\bfirst\b|\b1st\b|premi[eè]re|primera|1\.?ª|prima persona|1ª/i,
  female: /\b(she|her|elle|ella)\b/i,
  male: /\b(he|him|il|él|lui)\b/i,
};
