import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { isKeptJson } from './serializer';

// A quality made for answers built on the fly (11, the default, is for files compressed once).
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
const THRESHOLD = 1024;
const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });
type Encoding = 'br' | 'gzip';

/** The compressed bytes of kept JSON (http/serializer.ts), by encoding: made on the first answer that sends it. */
const compressedKeptJson = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

function compressAnswer(payload: string | Buffer, encoding: Encoding, done: (error: Error | null, compressed: Buffer) => void) {
  if (encoding === 'br') zlib.brotliCompress(payload, BROTLI, done);
  else zlib.gzip(payload, done);
}

/**
 * Every text answer (API JSON, locales, index.html) is compressed with brotli or gzip. An answer held in
 * memory (every API answer: a string, or the serializer's buffer holding kept JSON) is compressed in one
 * call: @fastify/compress pipes each one through a stream (Readable.from → pump → a zlib stream), which
 * for a 50 KB JSON answer took more CPU than compressing it, and kept the request alive long enough for
 * its garbage to outlive the young generation (docs/performance.md, "Compressing answers"). So the JSON
 * calls are left out of @fastify/compress (`compress: false`, http/routes.ts: its two hooks ran for every
 * read to find the answer already dealt with), and this hook is a callback one (an async hook costs every
 * answer a promise, small ones included). Files and streams still go through @fastify/compress; the built
 * assets are compressed at build time (scripts/build.mjs) and the SSE stream never is (its route writes
 * to the socket itself).
 */
export async function installCompression(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!(typeof payload === 'string' || Buffer.isBuffer(payload)) || payload.length < THRESHOLD || reply.hasHeader('content-encoding'))
      return done(null, payload);
    if (!/json|text/.test(String(reply.getHeader('content-type')))) return done(null, payload);
    reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
    const accepted = request.headers['accept-encoding'];
    const encoding = accepted ? (encodings.negotiate(accepted.toLowerCase()) as Encoding | null) : null;
    if (!encoding) return done(null, payload);
    reply.header('content-encoding', encoding);
    if (!Buffer.isBuffer(payload) || !isKeptJson(payload)) return compressAnswer(payload, encoding, done);
    const kept = compressedKeptJson.get(payload)?.[encoding];
    if (kept) return done(null, kept);
    compressAnswer(payload, encoding, (error, compressed) => {
      if (error) return done(error);
      compressedKeptJson.set(payload, { ...compressedKeptJson.get(payload), [encoding]: compressed });
      done(null, compressed);
    });
  });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: THRESHOLD, brotliOptions: BROTLI });
}

function varyWithEncoding(vary: unknown): string {
  const current = typeof vary === 'string' ? vary : '';
  return /(^|,)\s*accept-encoding\s*(,|$)/i.test(current) ? current : current ? `${current}, Accept-Encoding` : 'Accept-Encoding';
}
