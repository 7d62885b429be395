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
   * Essay connectives that make a memoir read machine-made ("De plus,", "Moreover,"). The composer
   * never adds a word, so never these; the tests and bench/writing.ts count them in any output.
   */
  connectives: string[];
  /**
   * Sentence openings that start a new scene ("Years later", "One day", a year): where a long
   * answer is split into paragraphs.
   */
  sceneOpeners: RegExp;
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
    connectives: [
      'Also,',
      'Moreover,',
      'Furthermore,',
      'In addition,',
      'Besides,',
      'What is more,',
      'Beyond that,',
      'On another note,',
      'Additionally,',
    ],
    sceneOpeners:
      /^(?:(?:in|by|from) (?:the )?(?:19|20)\d\d|(?:19|20)\d\d|one (?:day|morning|evening|night|summer|winter)|years later|later|after (?:that|the war|school)|when I was \d+|the (?:next|following) (?:day|year|summer))\b/iu,
    abbreviations: ['mr', 'mrs', 'ms', 'dr', 'st', 'prof', 'jr', 'sr', 'mt', 'vs', 'etc', 'no', 'e.g', 'i.e'],
    englishName: 'English',
    nativeName: 'English',
  },
  fr: {
    hesitations: ['e+u+h+', 'h+e+u+h*', 'h+u+m+', 'b+a+h+', 'm{2,}h*', 'e+u+h*m+'],
    discourseFillers: [
      'du coup',
      'en fait',
      'ben',
      'tu vois',
      'vous voyez',
      'tu sais',
      'vous savez',
      'quoi',
      'genre',
      'bon',
      'voilà',
      'disons',
      'bref',
      'hein',
    ],
    startFillers: ['du coup', 'en fait', 'ben', 'bon', 'bref'],
    endFillers: ['quoi', 'hein', 'tu vois', 'tu sais', 'voilà'],
    tags: ['tu vois', 'tu sais', 'vous voyez', 'vous savez', "n'est-ce pas", 'hein'],
    keepDoubled: ['nous', 'vous', 'très', 'non', 'oui', 'si', 'tout', 'petit', 'peu', 'beaucoup', 'vite', 'encore'],
    connectives: ['De plus,', 'En outre,', 'Qui plus est,', 'Par ailleurs,', 'De surcroît,', 'Par-dessus le marché,', 'Au demeurant,'],
    sceneOpeners:
      /^(?:en (?:19|20)\d\d|(?:19|20)\d\d|un (?:jour|matin|soir|été|hiver)|des années plus tard|plus tard|après (?:ça|cela|la guerre|l’école)|quand j’avais \d+|l’(?:année|été) suivant)/iu,
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
    connectives: ['Además,', 'Asimismo,', 'Por otra parte,', 'Por lo demás,', 'Igualmente,', 'Del mismo modo,', 'Encima,'],
    sceneOpeners:
      /^(?:en (?:19|20)\d\d|(?:19|20)\d\d|un (?:día|verano|invierno)|una (?:mañana|tarde|noche)|años (?:después|más tarde)|más tarde|después de (?:eso|la guerra)|cuando tenía \d+|al (?:año|día) siguiente)/iu,
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
    connectives: ['Inoltre,', 'Per di più,', 'Oltre a questo,', 'In aggiunta,', 'Altresì,', 'Peraltro,'],
    sceneOpeners:
      /^(?:nel (?:19|20)\d\d|(?:19|20)\d\d|un (?:giorno|mattino|inverno)|una (?:mattina|sera|notte|estate)|anni dopo|più tardi|dopo (?:quello|la guerra)|quando avevo \d+|l’(?:anno|estate) dopo)/iu,
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

/** The present tense in a survey answer name ("Present tense", "Au présent", "En presente", "Al presente"). */
export const PRESENT_TENSE = /present|présent|presente/i;
