import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import MultiloadAdapter from 'i18next-multiload-backend-adapter';
import { initReactI18next } from 'react-i18next';
import { COOKIE_LIFETIME_MS, DEFAULT_LANGUAGE, LANGUAGES, TRANSLATION_LOADING } from '@common/constants';
import { COMMON_NAMESPACES, LOCALE_BUNDLE_PATH } from '@common/first-visit';
import { arrivalLanguage } from '@common/languages';
import { savedLanguage } from './language';

/**
 * Translations come from /locales/bundle/{lng+lng}/{ns+ns}.json: the namespaces and languages asked for in one turn of
 * the event loop in one request (the multiload adapter gathers i18next's reads; the first page's bundle, named by the
 * served page, is asked for as the app starts: app/router.tsx). The language starts as the URL's (every route starts
 * with it); on `/` and unknown paths as the visitor's saved choice, else the browser's among ours, else fr.
 * The detector then only caches the choice (cookie and localStorage).
 */
const startLanguage = arrivalLanguage(window.location.pathname, savedLanguage(), navigator.languages);

// before init, which (synchronous, below) changes the language at once
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

void i18n
  .use(MultiloadAdapter)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    lng: startLanguage,
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    load: 'languageOnly',
    ns: [...COMMON_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    backend: { backend: HttpBackend, backendOption: { loadPath: LOCALE_BUNDLE_PATH }, debounceInterval: 0 },
    // the texts are asked for as this module runs, not a task later: before the first page's chunk (app/router.tsx)
    initAsync: false,
    maxParallelReads: TRANSLATION_LOADING.parallelReads,
    maxRetries: TRANSLATION_LOADING.retries,
    retryTimeout: TRANSLATION_LOADING.firstDelayMs,
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupCookie: 'lng',
      lookupLocalStorage: 'lng',
      lookupSessionStorage: 'lng',
      caches: ['localStorage', 'cookie'],
      cookieMinutes: COOKIE_LIFETIME_MS / 60_000,
      cookieOptions: { path: '/', sameSite: 'lax', secure: typeof window !== 'undefined' && window.location.protocol === 'https:' },
    },
    react: { useSuspense: true },
  });

export { i18n };
