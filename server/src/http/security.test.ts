import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ GOOGLE_CLIENT_ID: 'plume.apps.googleusercontent.com' });
});
afterAll(async () => {
  await app.close();
});

/** Helmet's headers, the policy made from the configuration (Google sign-in turned on here). */
const HELMET = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;" +
    "object-src 'none';script-src 'self' https://accounts.google.com;script-src-attr 'none';style-src 'self' 'unsafe-inline';" +
    "media-src 'self' blob: data:;connect-src 'self' https://accounts.google.com https://www.googleapis.com;" +
    "frame-src 'self' https://accounts.google.com;worker-src 'self' blob:",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it.each(['/api/tools', '/api/no-such-call', '/fr/books', '/favicon.svg', '/locales/en/common.js'])(
    'are on every answer: %s',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.headers).toMatchObject(HELMET);
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined(); // plain http
      expect(res.headers['x-request-id']).toBeTruthy();
    },
  );

  it.each([
    '/locales/en/common.json',
    '/locales/fr/errors.json?v=2',
    '/assets/index-Ab12Cd34.js',
    '/assets/page-Xy.css',
    '/assets/eb-garamond-600-normal-Ci.woff2',
  ])('are, on what a page loads and no browser shows as a document, those that act there: %s', async (url) => {
    const res = await app.inject({ url });
    const subresource = ['x-content-type-options', 'cross-origin-resource-policy', 'referrer-policy'] as const;
    expect(res.headers).toMatchObject(Object.fromEntries(subresource.map((name) => [name, HELMET[name]])));
    for (const name of Object.keys(HELMET).filter((name) => !(subresource as readonly string[]).includes(name)))
      expect(res.headers[name], name).toBeUndefined();
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it("keep API answers out of caches unless the route says otherwise, and pages' own caching", async () => {
    for (const url of ['/api/tools', '/api/no-such-call'])
      expect((await app.inject({ url })).headers['cache-control'], url).toBe('no-store');
    expect((await app.inject({ url: '/api/sitePage/en/faq' })).headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ url: '/locales/en/common.json' })).headers['cache-control']).toBe('no-cache');
  });

  it('are on the answer to a path that cannot be decoded (answered before any hook)', async () => {
    const res = await app.inject({ url: '/api/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.headers).toMatchObject({ ...HELMET, 'cache-control': 'no-store' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});
