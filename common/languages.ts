import { ARRIVAL_DEFAULT_LANGUAGE, DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language of a path: its first segment when it is one of ours, else en (spec section 2). */
export function languageOfPath(pathname: string): Language {
  const first = pathname.split('/')[1] ?? '';
  return isLanguage(first) ? first : DEFAULT_LANGUAGE;
}

/** Rewrites the first path segment to `lng`, keeping the rest (the language picker's rule). */
export function withLanguage(pathname: string, lng: Language): string {
  const parts = pathname.split('/');
  if (isLanguage(parts[1])) parts[1] = lng;
  else parts.splice(1, 0, lng);
  const joined = parts.join('/');
  return joined.endsWith('/') && joined.length > 1 ? joined.slice(0, -1) : joined;
}

/** Picks a language from an Accept-Language-like value or a plain code (e.g. `fr-FR`). */
export function normalizeLanguage(value: string | undefined | null): Language {
  return firstOfOurs((value ?? '').split(',')) ?? DEFAULT_LANGUAGE;
}

/** The first of some language tags (`es-ES`, `it;q=0.8`) that is one of ours. */
function firstOfOurs(tags: readonly string[]): Language | undefined {
  return tags.map((tag) => tag.trim().slice(0, 2).toLowerCase()).find(isLanguage);
}

/**
 * The language `/` and unknown paths land in: a language already in the path, else the visitor's saved
 * choice (cookie `lng`), else the first of the browser's languages among ours, else fr.
 */
export function arrivalLanguage(pathname: string, saved: string | undefined | null, browserLanguages: readonly string[]): Language {
  const inPath = pathname.split('/')[1];
  if (isLanguage(inPath)) return inPath;
  if (isLanguage(saved)) return saved;
  return firstOfOurs(browserLanguages) ?? ARRIVAL_DEFAULT_LANGUAGE;
}

/** Where `/` and unknown paths go: the story choice of the first service. */
export const arrivalPath = (lng: Language) => `/${lng}/general-categories/1`;
