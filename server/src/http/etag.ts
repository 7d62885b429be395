import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** A strong ETag of an answer made in memory (a served page, a locale bundle). */
export const etagOf = (body: string): string => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** Whether the client's copy (`If-None-Match`, weak or strong) is the one `etag` names: it is then answered 304. */
export function clientHas(request: FastifyRequest, etag: string): boolean {
  return (request.headers['if-none-match'] ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .includes(etag);
}
