import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import MultiloadAdapter from 'i18next-multiload-backend-adapter';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, TRANSLATION_LOADING } from '@common/constants';
import { COMMON_NAMESPACES, LOCALE_BUNDLE_PATH } from '@common/first-visit';
import { arrivalLanguage, isLanguage } from '@common/languages';
import { saveLanguage, savedLanguage } from './language';

/**
 * Translations come from /locales/bundle/{lng+lng}/{ns+ns}.json: the namespaces and languages asked for in one turn of
 * the event loop in one request (the multiload adapter gathers i18next's reads; the first page's bundle, named by the
 * served page, is asked for as the app starts: app/router.tsx). The language starts as the URL's (every route starts
 * with it); on `/` and unknown paths as the visitor's saved choice, else the browser's among ours, else fr.
 * Each language taken is saved as the visitor's choice (cookie and localStorage).
 */
const startLanguage = arrivalLanguage(window.location.pathname, savedLanguage(), navigator.languages);

// before init, which (synchronous, below) changes the language at once
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
  if (isLanguage(lng)) saveLanguage(lng);
});

void i18n
  .use(MultiloadAdapter)
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
    react: { useSuspense: true },
  });

export { i18n };
