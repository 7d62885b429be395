import Cookies from 'js-cookie';
import { COOKIE_LIFETIME_MS, type Language } from '@common/constants';
import { withLanguage } from '@common/languages';

/** Native names: each language is offered in its own words. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français', es: 'Español', it: 'Italiano' };

/** The visitor's saved choice: cookie `lng`, else localStorage (as saveLanguage writes them). */
export function savedLanguage(): string | undefined {
  try {
    return Cookies.get('lng') ?? localStorage.getItem('lng') ?? undefined;
  } catch {
    return Cookies.get('lng');
  }
}

/** Saves the choice where detection looks for it: cookie `lng` (30 days, path /, secure on https) and localStorage. */
export function saveLanguage(lng: Language): void {
  Cookies.set('lng', lng, {
    expires: COOKIE_LIFETIME_MS / 86_400_000,
    path: '/',
    secure: window.location.protocol === 'https:',
    sameSite: 'lax',
  });
  try {
    localStorage.setItem('lng', lng);
  } catch {
    // storage may be unavailable (private mode): the cookie is enough
  }
}

/** The language picker's rule (spec section 2): save, rewrite the first path segment keeping the rest, reload. */
export function switchLanguage(lng: Language): void {
  saveLanguage(lng);
  const { pathname, search, hash } = window.location;
  window.location.assign(`${withLanguage(pathname, lng)}${search}${hash}`);
}
