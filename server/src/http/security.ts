import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

/** Content-Security-Policy: our own origin plus the few outside services a configuration turns on. */
export function contentSecurityPolicy(config: Config): Record<string, string[] | null> {
  const scripts = ["'self'"];
  const connect = ["'self'"];
  const frames = ["'self'"];
  if (config.GOOGLE_CLIENT_ID) {
    scripts.push('https://accounts.google.com');
    connect.push('https://accounts.google.com', 'https://www.googleapis.com');
    frames.push('https://accounts.google.com');
  }
  if (config.CAPTCHA_PROVIDER === 'recaptcha') {
    scripts.push('https://www.google.com', 'https://www.gstatic.com');
    frames.push('https://www.google.com');
  }
  return {
    defaultSrc: ["'self'"],
    scriptSrc: scripts,
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:', 'data:'],
    connectSrc: connect,
    frameSrc: frames,
    workerSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: null,
  };
}

/** The headers every answer carries, worked out once at start (`answerHeaders`). */
export type AnswerHeaders = (request: FastifyRequest) => Readonly<Record<string, string>>;

/** Helmet's headers that matter outside documents: no type sniffing, no other site embedding the file, no referrer from a stylesheet's fonts. */
const SUBRESOURCE_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy', 'referrer-policy'];

/**
 * What a page loads and a browser never shows as a document: the build's scripts, styles and fonts, and the locale
 * files. The rest of helmet's headers (the CSP, the frame and opener policies…) act only on documents (and workers,
 * which the web starts none of), and cost ~600 bytes on each of the 20–50 such answers of a first visit.
 */
const SUBRESOURCE = /^\/(?:assets\/[^?#]*\.(?:js|css|woff2)|locales\/[^?#]*\.json)(?:[?#]|$)/;

/**
 * The security headers of every answer, worked out once at start and set with one `reply.headers()`
 * before anything else runs (app.ts), in Fastify's own headers so that Node writes them with the
 * answer's in one pass (headers set on the raw response make it copy every header of the answer one
 * by one): helmet's (CSP, nosniff, frame and referrer policies…; @fastify/helmet built a new helmet
 * middleware, parsing the CSP directives again, for each request: 6 % of a read's CPU), plus what
 * helmet cannot decide alone — `Cache-Control: no-store` on every API answer (they carry personal data
 * or tokens: no shared or browser cache may keep them; a route that sets its own replaces it), and
 * HSTS only on answers sent over https (over plain http it would be meaningless, and wrong on a local
 * install). Pages, API answers and subresources (`SUBRESOURCE`, helmet's headers that apply to them only): one
 * frozen set per kind and protocol.
 */
export function answerHeaders(config: Config): AnswerHeaders {
  const helmetHeaders: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string) => (helmetHeaders[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete helmetHeaders[name.toLowerCase()],
  };
  helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false, // set below, over https only
  })({} as IncomingMessage, collector as unknown as ServerResponse, () => undefined);
  const subresource = Object.fromEntries(SUBRESOURCE_HEADERS.map((name) => [name, helmetHeaders[name]!]));
  const api = { ...helmetHeaders, 'cache-control': 'no-store' };
  const hsts = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };
  const sets = {
    http: { page: Object.freeze({ ...helmetHeaders }), api: Object.freeze(api), subresource: Object.freeze(subresource) },
    https: {
      page: Object.freeze({ ...helmetHeaders, ...hsts }),
      api: Object.freeze({ ...api, ...hsts }),
      subresource: Object.freeze({ ...subresource, ...hsts }),
    },
  };
  return (request) => {
    const { url } = request;
    const kind = url.startsWith('/api/') ? 'api' : SUBRESOURCE.test(url) ? 'subresource' : 'page';
    return sets[request.protocol === 'https' ? 'https' : 'http'][kind];
  };
}
