import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@common/constants';
import {
  COMMON_NAMESPACES,
  FIRST_VISITS,
  firstVisitOf,
  localeBundlePath,
  SITE_SETTINGS_ELEMENT,
  type FirstVisit,
} from '@common/first-visit';
import type { SiteSettings } from '@common/schemas/site';
import { etagOf } from './etag';

/** One variant of index.html: the same for every visitor (it never depends on the user), revalidated by its ETag. */
export interface SpaPage {
  html: string;
  etag: string;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The built index.html as served for each client route and language: it names, beside the entry script
 * Vite already links, the route's own chunks (`modulepreload`, with their static imports, from the build
 * manifest; their CSS as `preload as=style`, which Vite's own `<link rel=stylesheet>` then takes from the
 * cache without blocking the first paint) and the bundle of locale files the page renders with (`preload as=fetch`
 * with `crossorigin`: i18next-http-backend fetches in mode cors with same-origin credentials, and a preload
 * is reused only by a request of the same mode), so that a first visit fetches them beside the entry script
 * instead of once it has run. The route's chunks are asked for with `fetchpriority=low`: the entry and its
 * imports, which the first paint waits for, go first (Lighthouse, docs/performance.md: FCP 2.2–2.9 s with
 * them at the default priority, 2.0–2.1 s at low). A route with `reads` (the workspace's getSession) also
 * names them, its id taken from the path (`preload as=fetch crossorigin`, first: the page's largest paint waits
 * for the book): the client's read is the same URL, mode and credentials, and the browser answers it from the
 * preload. Only a request carrying the session cookie gets them: a guest's read carries its token in a header
 * the preload cannot send, and a browser that answered the guest's read from the preload would give the
 * workspace a refusal. A route's `publicReads` (the options page's lookups and tools, the same for everyone in a
 * language) are named for every visitor, with the page's language as `?lng=`, which the client's read carries too.
 * Such a variant is made per request (its ETag per id); nothing in it comes from the user but whether a session
 * cookie came. The others are made once, when the server starts; a path that is no
 * route of ours, or a build without a manifest, gets index.html as built. Every variant carries the operator's
 * site settings, which the footer of every page shows (`withSiteSettings`).
 */
export function createSpaPages(
  webDistDir: string,
  siteSettings: SiteSettings,
): (pathname: string, visitor: { session: boolean }) => SpaPage {
  const built = withSiteSettings(fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8'), siteSettings);
  const plain = page(built);
  const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return () => plain;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const entry = manifest['index.html'];
  if (!entry) throw new Error(`${manifestFile} has no index.html entry`);
  const inEntry = new Set(closure(manifest, ['index.html']));

  const pages = new Map<string, { page: SpaPage; withReads?: (params: Record<string, string>, session: boolean) => SpaPage }>();
  for (const visit of FIRST_VISITS) {
    const missing = visit.modules.filter((module) => !manifest[module]);
    if (missing.length) throw new Error(`The build has no chunk for ${missing.join(', ')} (common/first-visit.ts, route ${visit.path})`);
    const chunks = closure(manifest, visit.modules).filter((key) => !inEntry.has(key));
    const scripts = [...new Set(chunks.map((key) => manifest[key]!.file))];
    const styles = [...new Set(chunks.flatMap((key) => manifest[key]!.css ?? []))].filter((file) => !entry.css?.includes(file));
    for (const lng of LANGUAGES) {
      const links = [
        ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
        ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" fetchpriority="low">`),
        `<link rel="preload" as="fetch" crossorigin href="${localeBundle(visit, lng)}">`,
      ];
      const localized = withLanguage(built, lng);
      const withLinks = (more: string[]) => localized.replace('  </head>', `    ${[...more, ...links].join('\n    ')}\n  </head>`);
      const reads = visit.reads ?? [];
      const publicReads = visit.publicReads ?? [];
      const named = (list: string[], params: Record<string, string>, query = '') => {
        const urls = list.map((read) => withParams(read, params));
        return urls.every((url) => url !== null) ? urls.map((url) => readLink(url + query)) : [];
      };
      pages.set(key(visit, lng), {
        page: page(withLinks([])),
        ...((reads.length > 0 || publicReads.length > 0) && {
          // the reads first: the page's data is what its largest paint waits for last
          withReads: (params: Record<string, string>, session: boolean) =>
            page(withLinks([...(session ? named(reads, params) : []), ...named(publicReads, params, `?lng=${lng}`)])),
        }),
      });
    }
  }
  return (pathname, { session }) => {
    const found = firstVisitOf(pathname);
    const made = found && pages.get(key(found.visit, found.lng));
    if (!made) return plain;
    return made.withReads ? made.withReads(found.params, session) : made.page;
  };
}

/** A read the page starts with, fetched as the client's first read is: mode cors, same-origin credentials (`crossorigin`). */
const readLink = (url: string) => `<link rel="preload" as="fetch" crossorigin href="${url}">`;

/** A read's path with the route's params put in; null when one is not an id (digits only). */
function withParams(read: string, params: Record<string, string>): string | null {
  let ok = true;
  const url = read.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name] ?? '';
    if (!/^[1-9]\d{0,15}$/.test(value)) ok = false;
    return value;
  });
  return ok ? url : null;
}

const key = (visit: FirstVisit, lng: Language) => `${lng} ${visit.path}`;

function page(html: string): SpaPage {
  return { html, etag: etagOf(html) };
}

/**
 * The operator's settings (the footer's links and phone: the same for every visitor until a restart) as a JSON data
 * block, which no CSP stops (it is never run): the client reads them from the page (web/src/lib/site-links.ts) instead
 * of asking for them, and for the chunk of their call, on every first visit. `<` escaped: no value can end the element.
 */
function withSiteSettings(html: string, settings: SiteSettings): string {
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  return html.replace('  </head>', `    <script type="application/json" id="${SITE_SETTINGS_ELEMENT}">${json}</script>\n  </head>`);
}

/** The document's language is the route's from the first byte (i18n.ts sets it again as it starts). */
function withLanguage(html: string, lng: Language): string {
  return html.replace(/<html lang="[^"]*"/, `<html lang="${lng}"`);
}

/** What i18next asks for on such a visit, in one bundle: the common and the page's namespaces, in its language and in the fallback language when that differs. */
function localeBundle(visit: FirstVisit, lng: Language): string {
  return localeBundlePath(lng === DEFAULT_LANGUAGE ? [lng] : [lng, DEFAULT_LANGUAGE], [...COMMON_NAMESPACES, ...visit.namespaces]);
}

/** Manifest keys of some modules and of everything they import statically, in order. */
function closure(manifest: Manifest, modules: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  return [...seen];
}
