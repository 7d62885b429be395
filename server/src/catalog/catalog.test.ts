import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('GET /api/tools', () => {
  it('lists the tools in the language of the lng header', async () => {
    const en = await app.inject({ method: 'GET', url: '/api/tools', headers: { lng: 'en' } });
    const fr = await app.inject({ method: 'GET', url: '/api/tools', headers: { lng: 'fr' } });
    expect(en.statusCode).toBe(200);
    const enTools = en.json().success;
    const frTools = fr.json().success;
    expect(enTools[0]).toMatchObject({ id: 1, name: 'Guided writing', icon_key: 'compass', forces_one_length: false });
    expect(frTools[0].name).toBe('Écriture guidée');
    expect(enTools.length).toBeGreaterThanOrEqual(3);
  });

  it('answers in English when no lng header is sent', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/tools' });
    expect(res.json().success[0].name).toBe('Guided writing');
  });

  it("answers in the language of `?lng=` when no lng header is sent (the options page's HTML asks for these reads itself)", async () => {
    const headers = { 'accept-language': 'en-GB,en;q=0.9' };
    const byQuery = await app.inject({ method: 'GET', url: '/api/tools?lng=fr', headers });
    const fr = await app.inject({ method: 'GET', url: '/api/tools', headers: { lng: 'fr' } });
    const en = await app.inject({ method: 'GET', url: '/api/tools', headers });
    expect(byQuery.json().success).toEqual(fr.json().success);
    expect(byQuery.json().success).not.toEqual(en.json().success);
    const lookups = (url: string, more: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers: { ...headers, ...more } }).then((res) => res.json().success);
    expect(await lookups('/api/getGeneralCategoryLookupsById/3?lng=es')).toEqual(
      await lookups('/api/getGeneralCategoryLookupsById/3', { lng: 'es' }),
    );
    // the header, which the client always sends, comes first
    expect(await lookups('/api/getGeneralCategoryLookupsById/3?lng=es', { lng: 'it' })).toEqual(
      await lookups('/api/getGeneralCategoryLookupsById/3', { lng: 'it' }),
    );
    expect((await app.inject({ method: 'GET', url: '/api/tools?lng=xx' })).statusCode).toBe(400);
  });

  it('falls back from Accept-Language when lng is missing', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/tools', headers: { 'accept-language': 'es-ES,es;q=0.9' } });
    expect(res.json().success[0].name).toBe('Escritura guiada');
  });
});

describe('GET /api/getGeneralCategoriesById/:service_id', () => {
  it('lists the categories of a service with active flags', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/getGeneralCategoriesById/1', headers: { lng: 'it' } });
    expect(res.statusCode).toBe(200);
    const categories = res.json().success;
    expect(categories.map((c: { id: number }) => c.id)).toEqual([1, 2, 3, 4]);
    expect(categories[0].name).toBe('La storia della mia vita');
    expect(categories.find((c: { id: number }) => c.id === 4).is_active).toBe(false);
  });

  it('answers 404 with a translated error for an unknown service', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/getGeneralCategoriesById/999', headers: { lng: 'fr' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'service_not_found' });
    expect(res.json().error).toMatch(/service/i);
    expect(res.json().error).not.toBe('service_not_found');
  });

  it.each(['abc', '-1', '0', '1.5', '99999999999'])('answers 400 for the malformed id %s', async (id) => {
    const res = await app.inject({ method: 'GET', url: `/api/getGeneralCategoriesById/${id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_input');
  });
});

describe('GET /api/getGeneralCategoryLookupsById/:general_category_id', () => {
  it('returns the chapters, types with group title rows and length types', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/getGeneralCategoryLookupsById/1', headers: { lng: 'en' } });
    expect(res.statusCode).toBe(200);
    const lookups = res.json().success;
    expect(lookups.general_categories[0].id).toBe(1);
    expect(lookups.general_categories[0].question_categories.length).toBeGreaterThan(0);
    expect(lookups.general_categories[0].question_categories[0].questions.length).toBeGreaterThan(0);
    expect(lookups.category_based_types.some((t: { is_group_title: boolean }) => t.is_group_title)).toBe(true);
    expect(lookups.category_based_types.some((t: { is_group_title: boolean }) => !t.is_group_title)).toBe(true);
    expect(lookups.category_length_types.some((t: { new_book: boolean }) => t.new_book)).toBe(true);
    expect(lookups.category_length_types.some((t: { new_book: boolean }) => !t.new_book)).toBe(true);
  });

  it('answers in the requested language', async () => {
    const en = (await app.inject({ method: 'GET', url: '/api/getGeneralCategoryLookupsById/3', headers: { lng: 'en' } })).json().success;
    const es = (await app.inject({ method: 'GET', url: '/api/getGeneralCategoryLookupsById/3', headers: { lng: 'es' } })).json().success;
    expect(es.category_based_types.map((t: { id: number }) => t.id)).toEqual(en.category_based_types.map((t: { id: number }) => t.id));
    expect(es.category_based_types[0].name).not.toBe(en.category_based_types[0].name);
  });

  it('answers 404 for an unknown category and 400 for a malformed one', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/getGeneralCategoryLookupsById/77' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/getGeneralCategoryLookupsById/x' })).statusCode).toBe(400);
  });
});

describe('bad input and unknown paths', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope', headers: { lng: 'it' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it('answers malformed JSON with 400, not a crash', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/tools', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json().code).toBeDefined();
  });

  it('answers an oversized JSON body with 413', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(3_000_000) });
    const res = await app.inject({ method: 'POST', url: '/api/tools', headers: { 'content-type': 'application/json' }, payload: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('too_large');
  });

  it("redirects the root to the story choice in the saved language, else the browser's, else French", async () => {
    const arrive = async (headers: Record<string, string>) => {
      const res = await app.inject({ method: 'GET', url: '/', headers });
      expect(res.statusCode).toBe(302);
      return res.headers.location;
    };
    expect(await arrive({})).toBe('/fr/general-categories/1');
    expect(await arrive({ 'accept-language': 'de-DE,de;q=0.9' })).toBe('/fr/general-categories/1');
    expect(await arrive({ 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' })).toBe('/es/general-categories/1');
    expect(await arrive({ 'accept-language': 'de-CH,it;q=0.7' })).toBe('/it/general-categories/1');
    expect(await arrive({ 'accept-language': 'es-ES', cookie: 'lng=en' })).toBe('/en/general-categories/1');
    expect(await arrive({ 'accept-language': 'es-ES', cookie: 'lng=xx' })).toBe('/es/general-categories/1');
  });

  it('serves the translation files', async () => {
    const res = await app.inject({ method: 'GET', url: '/locales/fr/common.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeTypeOf('object');
  });
});
