import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_VISITS } from '@common/first-visit';
import type { SiteSettings } from '@common/schemas/site';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { createSpaPages } from './spa-page';

/** A build as Vite leaves it: index.html linking the entry, and the manifest naming every route's chunk. */
function fakeBuild(dir: string, { leaveOut }: { leaveOut?: string } = {}) {
  const built = [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <title>Plume</title>',
    // as the build inlines it (web/vite.config.ts): with it, a page is over the 1 KB from which answers are compressed
    `    <link rel="icon" href="data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg">' + '<path d="M1 1"/>'.repeat(40) + '</svg>')}">`,
    '    <script type="module" crossorigin src="/assets/index-Entry123.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/assets/react-React123.js">',
    '  </head>',
    '  <body>',
    '    <div id="root"></div>',
    '  </body>',
    '</html>',
  ].join('\n');
  fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), built);
  const manifest: Record<string, object> = {
    'index.html': { file: 'assets/index-Entry123.js', isEntry: true, imports: ['_react-React123.js'], css: ['assets/index-Style123.css'] },
    '_react-React123.js': { file: 'assets/react-React123.js' },
    '_zod-Zod12345.js': { file: 'assets/zod-Zod12345.js', imports: ['_react-React123.js'] },
  };

  for (const visit of FIRST_VISITS)
    for (const module of visit.modules) {
      if (module === leaveOut) continue;
      const name = path.basename(module).replace(/\.tsx?$/, '');
      manifest[module] = {
        file: `assets/${name}-Chunk123.js`,
        isDynamicEntry: true,
        // a route's chunk imports the entry and what the entry imports, which the HTML already names, and chunks of its own
        imports: ['index.html', '_react-React123.js', ...(name === 'login-page' ? ['_zod-Zod12345.js'] : [])],
        css: [`assets/${name}-Style123.css`],
      };
    }
  fs.writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
}

const NO_SETTINGS: SiteSettings = {
  links: { 'how-it-works': null, faq: null, blog: null, contact: null, terms: null, privacy: null, 'legal-notice': null },
  support_phone: null,
  social: { facebook: null, instagram: null, youtube: null, linkedin: null },
};

/** The hrefs of the links that start with some attributes, in order. */
const links = (html: string, start: string) => [...html.matchAll(new RegExp(`<link ${start}[^>]* href="([^"]+)"`, 'g'))].map((m) => m[1]);

describe('index.html as served for each route and language', () => {
  let app: TestApp;
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'plume-spa-'));

  beforeAll(async () => {
    fakeBuild(web);
    app = await buildTestApp({ WEB_DIST_DIR: web, SUPPORT_PHONE: '+44 20 7946 0000' });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it("names the route's chunks (with their own imports and styles) and the texts it renders with, in the route's language and the fallback", async () => {
    const response = await app.inject({ url: '/fr/login?next=1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<html lang="fr">');
    expect(links(html, 'rel="modulepreload"')).toEqual([
      '/assets/react-React123.js',
      '/assets/login-page-Chunk123.js',
      '/assets/zod-Zod12345.js',
    ]);
    expect(links(html, 'rel="preload" as="style"')).toEqual(['/assets/login-page-Style123.css']);
    // i18next-http-backend fetches with mode cors and credentials same-origin: a preload matches it only with crossorigin;
    // one bundle, the page's language then the fallback, the common namespaces then the page's (i18next's order)
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/locales/bundle/fr+en/common+errors+auth.json">');
    expect(links(html, 'rel="preload" as="fetch" crossorigin')).toEqual(['/locales/bundle/fr+en/common+errors+auth.json']);

    const options = (await app.inject({ url: '/es/general-categories-options/1/4' })).body;
    expect(options).toContain('<html lang="es">');
    expect(links(options, 'rel="modulepreload"')).toEqual(
      expect.arrayContaining(['/assets/options-page-Chunk123.js', '/assets/get-lookups-Chunk123.js', '/assets/get-tools-Chunk123.js']),
    );
    expect(links(options, 'rel="preload" as="fetch" crossorigin')).toContain('/locales/bundle/es+en/common+errors+books.json');

    const english = (await app.inject({ url: '/en/questions/12', cookies: { plume_token: 'a-session' } })).body;
    expect(links(english, 'rel="modulepreload"')).toContain('/assets/workspace-route-Chunk123.js');
    // English is the fallback: once (after the book, the workspace's first read: next test)
    expect(links(english, 'rel="preload" as="fetch" crossorigin')).toEqual([
      '/api/getSession/12',
      '/locales/bundle/en/common+errors+workspace+voice+audiobook+family+preview+payments.json',
    ]);
  });

  it("asks a signed-in visitor's browser for the workspace's book (the id from the path) with the page, as the client asks for it", async () => {
    const session = { plume_token: 'a-session' };
    const workspace = await app.inject({ url: '/fr/questions/12', cookies: session });
    const html = workspace.body;
    // mode cors, same-origin credentials: the client's read (prefetchSession) is the same request, so the browser takes this answer
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/getSession/12">');
    // each book's page has its own ETag; the same book's page is the same for every visitor
    const other = await app.inject({ url: '/fr/questions/13', cookies: session });
    expect(other.body).toContain('href="/api/getSession/13"');
    expect(other.body).not.toContain('/api/getSession/12');
    expect(other.headers.etag).not.toBe(workspace.headers.etag);
    const again = await app.inject({
      url: '/fr/questions/12',
      cookies: session,
      headers: { 'if-none-match': String(workspace.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(workspace.headers.vary).toContain('Cookie');
    // a visitor without a session (a guest, whose read carries its token in a header a preload cannot send) is asked for no read
    const guest = await app.inject({ url: '/fr/questions/12' });
    expect(guest.body).not.toContain('/api/');
    expect(links(guest.body, 'rel="modulepreload"')).toContain('/assets/workspace-route-Chunk123.js');
    expect(guest.headers.etag).not.toBe(workspace.headers.etag);
    // a path whose id is not one asks for no read (the page shows its error), with its chunk and texts still named
    for (const url of ['/fr/questions/abc', '/fr/questions/0', '/fr/questions/-3', '/fr/questions/12x']) {
      const odd = (await app.inject({ url, cookies: session })).body;
      expect(odd, url).not.toContain('/api/');
      expect(links(odd, 'rel="modulepreload"'), url).toContain('/assets/workspace-route-Chunk123.js');
    }
    // other routes ask for no read
    expect((await app.inject({ url: '/fr/login', cookies: session })).body).not.toContain('/api/');
  });

  it("asks every visitor's browser for the options page's lookups and tools, in the page's language, as the client asks for them", async () => {
    for (const cookies of [{}, { plume_token: 'a-session' }] as Array<Record<string, string>>) {
      const html = (await app.inject({ url: '/es/general-categories-options/1/3', cookies })).body;
      // mode cors, same-origin credentials and the page's language in the URL (a preload sends no `lng` header): the client's
      // reads (lookupsQuery, toolsQuery) are the same requests, so the browser takes these answers
      expect(links(html, 'rel="preload" as="fetch"').filter((href) => href.startsWith('/api/'))).toEqual([
        '/api/getGeneralCategoryLookupsById/3?lng=es',
        '/api/tools?lng=es',
      ]);
      expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/tools?lng=es">');
    }
    // the same page for every visitor; each category its own
    const guest = await app.inject({ url: '/es/general-categories-options/1/3' });
    const signedIn = await app.inject({ url: '/es/general-categories-options/1/3', cookies: { plume_token: 'a-session' } });
    expect(signedIn.headers.etag).toBe(guest.headers.etag);
    expect((await app.inject({ url: '/es/general-categories-options/1/4' })).body).toContain('/api/getGeneralCategoryLookupsById/4?lng=es');
    // a category that is not an id: no read named (the page shows its error), its chunk still named
    const odd = (await app.inject({ url: '/es/general-categories-options/1/x' })).body;
    expect(odd).not.toContain('/api/');
    expect(links(odd, 'rel="modulepreload"')).toContain('/assets/options-page-Chunk123.js');
  });

  it('serves index.html as built (with the site settings) for paths that are no route of ours', async () => {
    for (const url of ['/fr/nowhere', '/xx/login', '/fr/questions']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body.replace(/\n *<script type="application\/json" id="site-settings">.*<\/script>/, ''), url).toBe(
        fs.readFileSync(path.join(web, 'index.html'), 'utf8'),
      );
    }
  });

  it("carries the operator's site settings on every page, so that the footer asks for nothing", async () => {
    const settingsOf = (html: string) =>
      JSON.parse(html.match(/<script type="application\/json" id="site-settings">(.*)<\/script>/)?.[1] ?? 'null') as unknown;
    for (const url of ['/fr/login', '/en/general-categories-options/1/1', '/en/nowhere'])
      expect(settingsOf((await app.inject({ url })).body), url).toEqual((await app.inject({ url: '/api/siteSettings' })).json().success);
    const blog = 'https://blog.example/</script><script>alert(1)</script>';
    const pages = createSpaPages(web, { ...NO_SETTINGS, links: { ...NO_SETTINGS.links, blog } });
    const html = pages('/en/login', { session: false }).html;
    expect(html.match(/<script/g)).toHaveLength(2); // the entry and the settings: a value cannot end the element
    expect((settingsOf(html) as SiteSettings).links.blog).toBe(blog);
  });

  it('revalidates each variant by its own ETag, never cached as public, and compresses it', async () => {
    const french = await app.inject({ url: '/fr/login', headers: { 'accept-encoding': 'br' } });
    const english = await app.inject({ url: '/en/login' });
    expect(french.headers['cache-control']).toBe('no-cache');
    expect(french.headers.vary).toMatch(/accept-encoding/i);
    expect(french.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(french.headers.etag).not.toBe(english.headers.etag);
    expect(french.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(french.rawPayload).toString()).toContain('/locales/bundle/fr+en/common+errors+auth.json');
    const again = await app.inject({ url: '/fr/login', headers: { 'if-none-match': String(french.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await app.inject({ url: '/fr/login', headers: { 'if-none-match': String(english.headers.etag) } });
    expect(stale.statusCode).toBe(200);
  });

  it('refuses a build whose manifest lacks a route of common/first-visit.ts, rather than serve it without its chunk', () => {
    const broken = fs.mkdtempSync(path.join(os.tmpdir(), 'plume-spa-'));
    try {
      fakeBuild(broken, { leaveOut: 'src/features/auth/pages/login-page.tsx' });
      expect(() => createSpaPages(broken, NO_SETTINGS)).toThrow(/login-page/);
    } finally {
      fs.rmSync(broken, { recursive: true, force: true });
    }
  });
});
