import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { COOKIE_LIFETIME_MS, DEFAULT_LANGUAGE, LANGUAGES, TRANSLATION_LOADING } from '@common/constants';
import { languageOfPath } from '@common/languages';

/**
 * Translations come from /locales/{lng}/{ns}.json. The language of the URL wins (every route starts
 * with it); otherwise the detector's order: query, cookie, localStorage, sessionStorage, navigator, html tag.
 */
const pathLanguage = typeof window !== 'undefined' && LANGUAGES.some((l) => window.location.pathname.startsWith(`/${l}`))
  ? languageOfPath(window.location.pathname)
  : undefined;

void i18n
  .use(HttpBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    lng: pathLanguage,
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    load: 'languageOnly',
    ns: ['common', 'errors'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
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

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

export { i18n };
