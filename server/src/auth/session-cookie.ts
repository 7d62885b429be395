import type { FastifyReply, FastifyRequest } from 'fastify';
import { COOKIE_LIFETIME_MS } from '@common/constants';

/**
 * The web keeps no token a page script can read (docs/decisions/0020-session-cookie.md): the server
 * sets it in an HttpOnly, SameSite=Lax cookie (Secure over https) — for 30 days when the user asked
 * to be remembered, else until the browser closes — beside a harmless `plume_signed_in=1` marker
 * that tells the page a session may exist. API clients keep using `Authorization: Bearer`.
 */
export const TOKEN_COOKIE = 'plume_token';
export const SIGNED_IN_COOKIE = 'plume_signed_in';

function cookieOptions(request: FastifyRequest, remember: boolean) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    ...(remember ? { maxAge: COOKIE_LIFETIME_MS / 1000 } : {}),
  };
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, token: string, remember: boolean): void {
  reply.setCookie(TOKEN_COOKIE, token, { ...cookieOptions(request, remember), httpOnly: true });
  reply.setCookie(SIGNED_IN_COOKIE, '1', cookieOptions(request, remember));
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  for (const name of [TOKEN_COOKIE, SIGNED_IN_COOKIE])
    reply.clearCookie(name, { path: '/', secure: request.protocol === 'https', sameSite: 'lax' });
}

/**
 * The session cookie's token, unless the request comes from another site (its Origin names another
 * host): SameSite=Lax already keeps the cookie off cross-site posts; this is the second lock.
 */
export function cookieToken(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[TOKEN_COOKIE];
  if (!value) return undefined;
  const origin = request.headers.origin;
  if (origin) {
    try {
      if (new URL(origin).host !== request.host) return undefined;
    } catch {
      return undefined;
    }
  }
  return value;
}
