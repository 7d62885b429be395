import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';

const file = (lng: string, ns: string) => JSON.parse(fs.readFileSync(`locales/${lng}/${ns}.json`, 'utf8')) as unknown;

describe('locale bundles: several locale files in one answer', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers each language and namespace asked for, as i18next-http-backend reads several at once', async () => {
    const response = await app.inject({ url: '/locales/bundle/fr+en/common+errors+books.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      fr: { common: file('fr', 'common'), errors: file('fr', 'errors'), books: file('fr', 'books') },
      en: { common: file('en', 'common'), errors: file('en', 'errors'), books: file('en', 'books') },
    });
    // the single files are still served as they are
    expect((await app.inject({ url: '/locales/it/auth.json' })).json()).toEqual(file('it', 'auth'));
  });

  it('answers every namespace at once, as a change of language after many pages asks for them', async () => {
    const namespaces = fs.readdirSync('locales/it').map((name) => name.replace(/\.json$/, ''));
    const response = await app.inject({ url: `/locales/bundle/it/${namespaces.join('+')}.json` });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().it)).toEqual(namespaces);
  });

  it('is revalidated by its ETag and compressed', async () => {
    const first = await app.inject({ url: '/locales/bundle/es/common+workspace.json', headers: { 'accept-encoding': 'br' } });
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBe('br');
    const again = await app.inject({
      url: '/locales/bundle/es/common+workspace.json',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const other = await app.inject({
      url: '/locales/bundle/es/workspace+common.json',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(other.statusCode).toBe(200);
  });

  it.each([
    '/locales/bundle/xx/common.json',
    '/locales/bundle/fr+fr/common.json',
    '/locales/bundle/fr+en+it/common.json',
    '/locales/bundle/fr/common+common.json',
    '/locales/bundle/fr/common+nowhere.json',
    '/locales/bundle/fr/common',
    '/locales/bundle/fr/.json',
    '/locales/bundle/fr/..%2F..%2Fpackage.json',
    '/locales/bundle/fr/common/errors.json',
    '/locales/bundle/fr',
  ])('finds nothing it does not hold: %s', async (url) => {
    const response = await app.inject({ url, headers: { 'accept-language': 'fr' } });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });
});
