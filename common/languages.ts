import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants';

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
  if (!value) return DEFAULT_LANGUAGE;
  for (const part of value.split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}
