import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The client's address, as limits and the captcha count it: the one the trusted proxies name (TRUST_PROXY), else the
 * socket's. A value that is no address (a proxy passing on what a client wrote, or a proxy trusted by mistake) counts
 * as the socket's: it picks no bucket of its own, and no text of any length becomes a key.
 */
export function clientAddress(request: FastifyRequest): string {
  const claimed = request.ip;
  return isIP(claimed) ? claimed : (request.socket.remoteAddress ?? 'unknown');
}
