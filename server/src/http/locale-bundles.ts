import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { LANGUAGES } from '@common/constants';
import { isLanguage } from '@common/languages';
import { LOCALE_BUNDLE_PREFIX } from '@common/first-visit';
import { clientHas, etagOf } from './etag';

/** i18next asks for a page's language and its fallback. */
const MAX_LANGUAGES = 2;

/**
 * `/locales/bundle/{lng+lng}/{ns+ns}.json`: several locale files in one answer, `{ [lng]: { [ns]: texts } }`, the
 * format i18next-http-backend's `readMulti` reads. The web asks for its texts this way (web/src/lib/i18n.ts, through
 * i18next-multiload-backend-adapter), and the served page names the bundle its first render needs (spa-page.ts): one
 * request instead of one per language and namespace (up to 16 on a French workspace), each a round trip on HTTP/1.1's
 * six connections before the first page's largest paint. Each file is read once, on its first bundle (the files ship
 * with a release); `/locales/{lng}/{ns}.json` still serves each one alone. Revalidated by an ETag, as the files are; compressed as any
 * text answer. A language or namespace that does not exist, or is named twice, is not found, and so are more than
 * `MAX_LANGUAGES` languages: a bundle, compressed for each request like any answer made on the fly, holds at most two
 * languages' texts.
 */
export function registerLocaleBundles(app: FastifyInstance, localesDir: string): void {
  const namespaces = new Set(
    fs
      .readdirSync(path.join(localesDir, LANGUAGES[0]))
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.slice(0, -'.json'.length)),
  );
  // each file read (and its JSON made compact) on its first bundle, not on every start
  const texts = new Map<string, string>();
  const textOf = (lng: string, ns: string) => {
    const key = `${lng}/${ns}`;
    let text = texts.get(key);
    if (text === undefined) {
      text = JSON.stringify(JSON.parse(fs.readFileSync(path.join(localesDir, lng, `${ns}.json`), 'utf8')));
      texts.set(key, text);
    }
    return text;
  };

  // a wildcard, not two params: Fastify refuses a param over 100 characters, and a language change after many pages asks
  // for every namespace it has loaded in one bundle
  app.get<{ Params: { '*': string } }>(`${LOCALE_BUNDLE_PREFIX}/*`, (request, reply) => {
    const [languages = '', file = '', ...rest] = request.params['*'].split('/');
    const lngs = languages.split('+');
    const nss = rest.length === 0 && file.endsWith('.json') ? file.slice(0, -'.json'.length).split('+') : [];
    const known =
      lngs.length <= MAX_LANGUAGES &&
      lngs.every(isLanguage) &&
      nss.length > 0 &&
      nss.every((ns) => namespaces.has(ns)) &&
      new Set(lngs).size === lngs.length &&
      new Set(nss).size === nss.length;
    if (!known) return reply.callNotFound();
    const body = `{${lngs.map((lng) => `"${lng}":{${nss.map((ns) => `"${ns}":${textOf(lng, ns)}`).join(',')}}`).join(',')}}`;
    const etag = etagOf(body);
    void reply.header('cache-control', 'no-cache').header('etag', etag);
    if (clientHas(request, etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
