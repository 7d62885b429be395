import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
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

/**
 * Helmet's headers (CSP, nosniff, frame and referrer policies…), worked out once at start and set on
 * every answer before anything else runs. @fastify/helmet built a new helmet middleware, parsing the
 * CSP directives again, for each request: 6 % of the server's time in a profile of reading books.
 */
export function installHelmetHeaders(app: FastifyInstance, config: Config): void {
  const headers = new Map<string, string>();
  const collector = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false, // set per answer below, over https only
  })({} as IncomingMessage, collector as unknown as ServerResponse, () => undefined);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/**
 * Headers helmet cannot decide alone: `Cache-Control: no-store` on every API answer that does not
 * set its own (they carry personal data or tokens: no shared or browser cache may keep them), and
 * HSTS only on answers sent over https (over plain http it would be meaningless, and wrong on a
 * local install).
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done(null, payload);
  });
}
