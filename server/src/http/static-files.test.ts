import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, createBook, createUser, type TestApp } from '../../test/helpers';
import { sampleBook } from '../../test/sample-books';

/** Caching and compression of what a browser downloads: built assets, index.html, locales, API JSON. */
describe('static files and compression', () => {
  let app: TestApp;
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'plume-web-'));
  const script = `console.log(${JSON.stringify('plume '.repeat(400))});`;

  beforeAll(async () => {
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Plume</title>');
    fs.writeFileSync(path.join(web, 'assets/index-Ab12Cd34.js'), script);
    fs.writeFileSync(path.join(web, 'assets/index-Ab12Cd34.js.br'), zlib.brotliCompressSync(script));
    app = await buildTestApp({ WEB_DIST_DIR: web });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('keeps hashed assets for a year and sends them precompressed', async () => {
    const response = await app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('serves the build through one route, not one per file (GET and HEAD for each file of the build), and keeps dotfiles private', async () => {
    expect(app.hasRoute({ method: 'GET', url: '/assets/index-Ab12Cd34.js' })).toBe(false);
    expect(app.hasRoute({ method: 'GET', url: '/*' })).toBe(true);
    fs.writeFileSync(path.join(web, '.source-hash'), 'build hash');
    const dotfile = await app.inject({ url: '/.source-hash' });
    expect(dotfile.body).not.toContain('build hash');
    for (const url of ['/assets/missing-Zz99.js', '/..%2Fpackage.json']) {
      const missing = await app.inject({ url });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('not_found');
    }
  });

  it('answers a path that cannot be decoded, or a folder of the build, as any bad input: translated', async () => {
    const french = JSON.parse(fs.readFileSync('locales/fr/errors.json', 'utf8')).invalid_input;
    for (const url of ['/fr/%E0%A4%A', '/api/bookFile/%E0%A4%A/book.pdf', '/locales/%E0%A4%A', '/assets/']) {
      const response = await app.inject({ url, headers: { 'accept-language': 'fr' } });
      expect([400, 403], url).toContain(response.statusCode);
      expect(response.json(), url).toEqual({ error: french, code: 'invalid_input' });
    }
  });

  it('revalidates index.html (every client route) and the locales with their ETag', async () => {
    for (const url of ['/fr/general-categories/1', '/locales/fr/common.json']) {
      const first = await app.inject({ url });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers.etag).toBeTruthy();
      const again = await app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }
  });

  it('compresses locales and API JSON with brotli or gzip', async () => {
    const locale = await app.inject({ url: '/locales/es/common.json', headers: { 'accept-encoding': 'br' } });
    expect(locale.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(locale.rawPayload).toString())).toEqual(
      JSON.parse(fs.readFileSync('locales/es/common.json', 'utf8')),
    );
    const api = await app.inject({ url: '/api/getGeneralCategoryLookupsById/1', headers: { 'accept-encoding': 'gzip' } });
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(api.rawPayload).toString()).success).toBeTruthy();
  });

  it("compresses an API answer in one go: by the client's preference, with its length and Vary, small answers as they are", async () => {
    const url = '/api/getGeneralCategoryLookupsById/1';
    const plain = await app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    // One buffer, not a stream: the length is known (a stream would be sent chunked, without it).
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.payload);
    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'br;q=0.1, gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.payload);
    const none = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.payload).toBe(plain.payload);
    const small = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toBeTruthy();
  });

  it('compresses the reads sent as bytes made once (a kept checkpoint, kept summaries) as any other answer', async () => {
    const owner = await createUser(app);
    // answers above the threshold: a checkpoint of 8 chapters, whose list summary is over 1 KB too
    const book = await createBook(
      app,
      { userId: owner.id },
      { checkpoint: sampleBook('en', { chapters: 8, wordsPerChapter: 100 }).checkpoint },
    );
    for (const url of [`/api/getSession/${book.id}`, '/api/getUserSessions']) {
      const plain = await app.inject({ url, headers: owner.headers });
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers.vary, url).toMatch(/accept-encoding/i);
      // read again: now from the kept checkpoint and summaries
      const br = await app.inject({ url, headers: { ...owner.headers, 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(Number(br.headers['content-length']), url).toBe(br.rawPayload.length);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString(), url).toBe(plain.payload);
      const gzip = await app.inject({ url, headers: { ...owner.headers, 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString(), url).toBe(plain.payload);
    }
  });
});

describe('an answer the same for every visitor, in production', () => {
  it('the lookups are made into JSON and compressed once per encoding, and follow a renamed category', async () => {
    // production: answers are projected, not checked by zod, so kept JSON is sent as it is (http/serializer.ts)
    const app = await buildTestApp({ NODE_ENV: 'production' });
    const brotli = vi.spyOn(zlib, 'brotliCompress');
    try {
      const url = '/api/getGeneralCategoryLookupsById/1';
      const plain = await app.inject({ url, headers: { lng: 'fr' } });
      expect(plain.statusCode).toBe(200);
      const answers = [];
      for (let n = 0; n < 3; n += 1) answers.push(await app.inject({ url, headers: { lng: 'fr', 'accept-encoding': 'br' } }));
      for (const answer of answers) {
        expect(answer.headers['content-encoding']).toBe('br');
        expect(zlib.brotliDecompressSync(answer.rawPayload).toString()).toBe(plain.payload);
      }
      expect(brotli).toHaveBeenCalledTimes(1);
      const gzip = await app.inject({ url, headers: { lng: 'fr', 'accept-encoding': 'gzip' } });
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.payload);

      const row = await app.ctx.db.selectFrom('general_categories').select('translations').where('id', '=', 1).executeTakeFirstOrThrow();
      const translations = JSON.parse(String(row.translations)) as Record<string, { name: string }>;
      translations.fr.name = 'Ma vie, renommée';
      await app.ctx.db
        .updateTable('general_categories')
        .set({ translations: JSON.stringify(translations) })
        .where('id', '=', 1)
        .execute();
      const renamed = await app.inject({ url, headers: { lng: 'fr', 'accept-encoding': 'br' } });
      expect(JSON.parse(zlib.brotliDecompressSync(renamed.rawPayload).toString()).success.general_categories[0].name).toBe(
        'Ma vie, renommée',
      );
    } finally {
      brotli.mockRestore();
      await app.close();
    }
  });
});
