import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * Structured logs (pino, Fastify's logger): one JSON line per event, each request's lines carrying
 * its id (`reqId`), which the answer echoes in `X-Request-Id` — a caller's own sane id is kept, so a
 * proxy's or a support ticket's id can be followed through. Nothing secret or personal is written:
 * requests are logged as method, path (query values of secret parameters masked) and address only —
 * never headers or bodies — and the redaction below masks the same fields if code ever logs them.
 */

/** Keys whose values never reach a log line, wherever code logs an object holding them. */
const SECRET_KEYS = [
  'password',
  'confirm_password',
  'token',
  'access_token',
  'registration_ticket',
  'captcha',
  'authorization',
  'cookie',
  'set-cookie',
  'x-guest-token',
  'guest_token',
  'trial_session',
  'transcript',
  'answers',
  'questions',
  'generated_content',
  'content',
  'introduction',
  'summary',
  'dedication',
  'checkpoint',
  'audio',
  'voice_sample',
  'file',
  'data',
  'body',
];
export const REDACTED = '[redacted]';
const redactPaths = [...SECRET_KEYS.flatMap((key) => [`["${key}"]`, `*["${key}"]`, `*.*["${key}"]`]), 'req.headers', 'res.headers'];

/** Where log lines go (stdout unless a test captures them). */
export interface LogStream {
  write(line: string): void;
}

/** Query parameters whose values are credentials (e-mail confirmation, password reset links). */
const SECRET_QUERY = /([?&](?:token|access_token|ticket|code|key|signature)=)[^&#]*/gi;
export const scrubUrl = (url: string) => url.replace(SECRET_QUERY, `$1${REDACTED}`);

/** An incoming X-Request-Id is kept when it is a short plain token; otherwise a new UUID. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && SANE_ID.test(value) ? value : crypto.randomUUID();
}

export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream && { stream }),
    redact: { paths: redactPaths, censor: REDACTED },
    serializers: {
      req: (request: { method: string; url: string; ip?: string; hostname?: string }) => ({
        method: request.method,
        url: scrubUrl(request.url),
        remoteAddress: request.ip,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}

/** Every answer names its request: `X-Request-Id`. */
export function installRequestIds(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
