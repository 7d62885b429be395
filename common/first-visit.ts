import { isLanguage } from './languages';
import type { Language } from './constants';

/**
 * What a first visit to each client route needs before it can render: the route's page module (and the
 * modules of the reads it starts with its chunk), as Vite's build manifest names them (paths under web/),
 * and the locale namespaces it asks for beside the common ones. The web router asks for them as it loads
 * (web/src/app/router.tsx); the server names them in the HTML it serves for the route
 * (server/src/http/spa-page.ts), so that they are fetched with the entry script instead of after it has run.
 */

/** The namespaces every page renders with (i18next's `ns`, web/src/lib/i18n.ts). */
export const COMMON_NAMESPACES = ['common', 'errors'] as const;

/**
 * The texts of the workspace and of every part it shows, asked for together: one wait before the page
 * shows, instead of one more wait (and one more render of the whole workspace) each time a part first
 * renders and finds its namespace missing.
 */
export const WORKSPACE_NAMESPACES = ['workspace', 'voice', 'audiobook', 'family', 'preview', 'payments'];

export interface FirstVisit {
  /** The route under `/:lang/`, react-router's syntax (`:param` is one segment); '' is `/:lang`. */
  path: string;
  /** Source modules, relative to web/, as keys of the build manifest: the page's own, then those of its first reads that have a chunk of their own. */
  modules: string[];
  /** Namespaces the page asks for with its chunk, beside COMMON_NAMESPACES. */
  namespaces: string[];
  /**
   * API reads the page starts with, as its HTML asks for them (`/api/…`, the route's `:param`s put in; each such
   * param must be an id, digits only, or the read is not named). The client's first read must be the same URL, mode
   * and credentials (fetch's defaults; `crossorigin` on the link) for the browser to answer it from the preload, which
   * Chromium does despite the client's own headers (`lng`): e2e/workspace.spec.ts › "the served page asks for the book…".
   */
  reads?: string[];
  /**
   * API reads that answer every visitor alike (the catalog's, in the page's language), named by the HTML for every visitor,
   * each with the page's language as `?lng=` (a preload cannot send the client's `lng` header): the client's read asks for
   * the same URL (web/src/features/book-start/api/get-lookups.ts, get-tools.ts), and the server takes the language from it
   * when no `lng` header came (server/src/app.ts).
   */
  publicReads?: string[];
}

const visit = (
  path: string,
  modules: string | string[],
  namespaces: string[] = [],
  more: Pick<FirstVisit, 'reads' | 'publicReads'> = {},
): FirstVisit => ({
  path,
  modules: typeof modules === 'string' ? [modules] : modules,
  namespaces,
  ...more,
});

/** Where the web asks for several locale files in one request (server/src/http/locale-bundles.ts). */
export const LOCALE_BUNDLE_PREFIX = '/locales/bundle';

/**
 * A bundle's path, as i18next-http-backend's `readMulti` makes it from `LOCALE_BUNDLE_PATH` (`{{lng}}` and `{{ns}}`: the
 * languages and namespaces joined by `+`, in the order i18next asked for them: the page's language, then the fallback;
 * the common namespaces, then the page's).
 */
export const localeBundlePath = (languages: readonly string[], namespaces: readonly string[]) =>
  `${LOCALE_BUNDLE_PREFIX}/${languages.join('+')}/${namespaces.join('+')}.json`;
export const LOCALE_BUNDLE_PATH = localeBundlePath(['{{lng}}'], ['{{ns}}']);

/** The id of the served page's element holding the operator's site settings (server/src/http/spa-page.ts, web/src/lib/site-links.ts). */
export const SITE_SETTINGS_ELEMENT = 'site-settings';

/** The workspace's first read (`prefetchSession`, web/src/features/workspace/api/get-session.ts), asked for by its HTML. */
export const WORKSPACE_FIRST_READ = '/api/getSession/:sessionId';

/** The options page's first reads (`lookupsQuery`, `toolsQuery`), asked for by its HTML for every visitor. */
export const OPTIONS_FIRST_READS = { lookups: '/api/getGeneralCategoryLookupsById/:categoryId', tools: '/api/tools' } as const;

export const FIRST_VISITS: readonly FirstVisit[] = [
  visit('', 'src/features/home/home-page.tsx'),
  visit('my-books', 'src/features/books/pages/my-books-page.tsx'),
  visit('subscriptions', 'src/features/subscriptions/pages/subscriptions-page.tsx'),
  visit('manage-subscriptions', 'src/features/subscriptions/pages/manage-subscriptions-page.tsx'),
  visit('profile', 'src/app/routes/profile-route.tsx'),
  visit('audiobook/:sessionId', 'src/features/audiobook/pages/audiobook-page.tsx'),
  visit('family/:sessionId', 'src/features/family/pages/family-page.tsx'),
  visit('printing', 'src/features/printing/pages/printing-page.tsx'),
  visit('printing-payment', 'src/features/printing/pages/printing-payment-page.tsx'),
  visit('login', 'src/features/auth/pages/login-page.tsx', ['auth']),
  visit('register', 'src/features/auth/pages/register-page.tsx'),
  visit('forgot-password', 'src/features/auth/pages/forgot-password-page.tsx'),
  visit('reset-password', 'src/features/auth/pages/reset-password-page.tsx'),
  visit('general-categories/:serviceId', [
    'src/features/catalog/general-categories-page.tsx',
    'src/features/catalog/api/get-general-categories.ts',
  ]),
  visit(
    'general-categories-options/:serviceId/:categoryId',
    [
      'src/features/book-start/pages/options-page.tsx',
      'src/features/book-start/api/get-lookups.ts',
      'src/features/book-start/api/get-tools.ts',
    ],
    ['books'],
    { publicReads: [OPTIONS_FIRST_READS.lookups, OPTIONS_FIRST_READS.tools] },
  ),
  visit('questions/:sessionId', 'src/app/routes/workspace-route.tsx', WORKSPACE_NAMESPACES, { reads: [WORKSPACE_FIRST_READ] }),
  visit('payment', 'src/features/payments/pages/payment-page.tsx'),
  visit('gift-card', 'src/features/gifts/pages/gift-card-page.tsx'),
  visit('gift-card-payment', 'src/features/gifts/pages/gift-card-payment-page.tsx'),
  visit('gift-card-form', 'src/features/gifts/pages/gift-card-form-page.tsx'),
  visit('redeem-gift', 'src/features/gifts/pages/redeem-gift-page.tsx'),
  visit('audiobook-payment', 'src/features/audiobook/pages/audiobook-payment-page.tsx'),
  visit('thankyou/purchase', 'src/features/payments/pages/thank-you-purchase-page.tsx'),
  visit('thankyou/register', 'src/features/auth/pages/thank-you-register-page.tsx'),
  ...['terms', 'privacy', 'legal-notice', 'faq', 'how-it-works'].map((path) => visit(path, 'src/features/site/pages/site-page.tsx')),
  visit('contact', 'src/features/site/pages/contact-page.tsx'),
  visit('contribute', 'src/app/routes/contribute-route.tsx'),
];

/** The pages a first visit lands on (issue 17), by short name: web/vite.config.ts groups the code their first render needs. */
export const LANDING_ROUTES = {
  story: 'general-categories/:serviceId',
  options: 'general-categories-options/:serviceId/:categoryId',
  login: 'login',
  workspace: 'questions/:sessionId',
  books: 'my-books',
} as const;

/**
 * The route a path (`/fr/login`, no query) is a first visit to, with its language and its params (as in the path);
 * null for `/`, unknown paths, or a first segment that is not a language.
 */
export function firstVisitOf(pathname: string): { lng: Language; visit: FirstVisit; params: Record<string, string> } | null {
  const [, lng = '', ...rest] = pathname.replace(/\/+$/, '').split('/');
  if (!isLanguage(lng)) return null;
  const visit = FIRST_VISITS.find((v) => {
    const parts = v.path ? v.path.split('/') : [];
    return parts.length === rest.length && parts.every((part, i) => (part.startsWith(':') ? rest[i] !== '' : part === rest[i]));
  });
  if (!visit) return null;
  const params: Record<string, string> = {};
  (visit.path ? visit.path.split('/') : []).forEach((part, i) => {
    if (part.startsWith(':')) params[part.slice(1)] = rest[i]!;
  });
  return { lng, visit, params };
}

/** The namespaces a route asks for with its chunk (the router's, from the table above). */
export function namespacesOf(path: string): string[] {
  const found = FIRST_VISITS.find((v) => v.path === path);
  if (!found) throw new Error(`No first visit declared for ${path}`);
  return found.namespaces;
}
