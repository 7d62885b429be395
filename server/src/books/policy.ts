import type { FastifyRequest } from 'fastify';
import { hashToken } from '../auth/tokens';
import { forbidden, notFound } from '../http/errors';
import type { Db } from '../db';
import { findSessionRow, type SessionRow } from './repository';

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

/** Loads a book the requester may access: 404 when unknown, 403 when someone else's. */
export async function loadAccessibleSession(db: Db, request: FastifyRequest, id: number): Promise<SessionRow> {
  const row = await findSessionRow(db, id);
  if (!row) throw notFound('books.not_found');
  if (!canAccessSession(row, request)) throw forbidden('books.not_yours');
  return row;
}
