import { useLocation } from 'react-router';
import type { Language } from '@common/constants';
import { languageOfPath } from '@common/languages';

/** The language of the current route: its first path segment (LanguageRoot has checked it). */
export function useCurrentLanguage(): Language {
  return languageOfPath(useLocation().pathname);
}
