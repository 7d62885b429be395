import type { FastifyRequest } from 'fastify';
import type { BookLocator } from '@common/api/contract';
import { authenticate } from '../auth/guard';
import { hashToken } from '../auth/tokens';
import { notFound, unauthorized } from '../http/errors';
import type { Db } from '../db';
import { findGuestSessionId, findSessionRow, type SessionRow } from './repository';

/** Guests prove they own their trial book with the token they got when creating it. */
const GUEST_TOKEN_HEADER = 'x-guest-token';

export function guestTokenHash(request: FastifyRequest): string | null {
  const value = request.headers[GUEST_TOKEN_HEADER];
  const token = Array.isArray(value) ? value[0] : value;
  return token ? hashToken(token) : null;
}

/**
 * The one ownership rule for books: a user reaches only their own books; a guest only the
 * unlinked trial book whose guest token they hold. `request.user` must be resolved first.
 */
function canAccessSession(row: SessionRow, request: FastifyRequest): boolean {
  if (request.user) return row.user_id === request.user.id;
  const guest = guestTokenHash(request);
  return row.user_id === null && guest !== null && row.guest_token_hash === guest;
}

/**
 * For calls tied to no one book (getOptimizedTranscript): a signed-in user, or a guest whose token
 * opens a live trial book; 401 otherwise, so the call is never a free model proxy.
 */
export async function requireOwnerOrGuestBook(db: Db, request: FastifyRequest): Promise<void> {
  if (request.user) return;
  const guest = guestTokenHash(request);
  if (!guest || !(await findGuestSessionId(db, guest))) throw unauthorized();
}

/**
 * Loads a book the requester may access: 404 when unknown and when someone else's, the same
 * answer, so that nobody learns which ids exist.
 */
export async function loadAccessibleSession(db: Db, request: FastifyRequest, id: number): Promise<SessionRow> {
  const row = await findSessionRow(db, id);
  if (!row || !canAccessSession(row, request)) throw notFound('books.not_found');
  return row;
}

/** Hook of `book` routes: a signed-in user or a guest token, 401 before anything else otherwise. */
export function requireBookCredentials(db: Db) {
  const resolveUser = authenticate(db);
  return async (request: FastifyRequest) => {
    await resolveUser(request);
    if (!request.user && !guestTokenHash(request)) throw unauthorized();
  };
}

/** preHandler of routes with a book: loads it (after validation) into `request.book`. */
export function loadBookOf(db: Db, locator: BookLocator) {
  return async (request: FastifyRequest) => {
    const source = (locator.in === 'params' ? request.params : request.body) as Record<string, unknown>;
    request.book = await loadAccessibleSession(db, request, Number(source[locator.key]));
  };
}
