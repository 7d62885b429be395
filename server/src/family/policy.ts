import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { Db } from '../db';
import type { FamilyInvitationsTable } from '../db/schema';
import { hashToken } from '../auth/tokens';
import { notFound, unauthorized } from '../http/errors';

export type InvitationRow = Selectable<FamilyInvitationsTable>;

const INVITATION_TOKEN_HEADER = 'x-invitation-token';

/**
 * Hook of `contributor` routes: the relative's link token opens only its own invitation, while it
 * is neither revoked nor expired and its book still exists; every other case is the same 404, so
 * a link cannot be told apart from a guess.
 */
export function requireInvitation(db: Db) {
  return async (request: FastifyRequest) => {
    const value = request.headers[INVITATION_TOKEN_HEADER];
    const token = Array.isArray(value) ? value[0] : value;
    if (!token) throw unauthorized();
    const row = await db
      .selectFrom('family_invitations as i')
      .innerJoin('service_sessions as s', 's.id', 'i.service_session_id')
      .selectAll('i')
      .where('i.token_hash', '=', hashToken(token))
      .where('i.revoked_at', 'is', null)
      .where('i.expires_at', '>', new Date().toISOString())
      .where('s.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw notFound('family.link_invalid');
    request.user = null;
    request.invitation = row;
  };
}
