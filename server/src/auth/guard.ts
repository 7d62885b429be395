import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { toBool } from '../db';
import { unauthorized } from '../http/errors';
import { findTokenOwner } from './repository';
import { cookieToken } from './session-cookie';
import { hashToken } from './tokens';

export interface RequestUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  city: string;
  is_verified: boolean;
  coupon_code: string | null;
  language: string;
  tokenHash: string;
}

/** The token of a request: `Authorization: Bearer …`, else the HttpOnly session cookie (never a script-readable one). */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const value = header.slice(7).trim();
    if (value && value !== 'null' && value !== 'undefined') return value;
  }
  return cookieToken(request);
}

/** The signed-in user of a request, or null (unknown, expired or revoked token). */
async function findRequestUser(db: Db, request: FastifyRequest): Promise<RequestUser | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const tokenHash = hashToken(token);
  const row = await findTokenOwner(db, tokenHash);
  if (!row || row.token_revoked_at || row.token_expires_at <= new Date().toISOString() || !toBool(row.is_verified)) return null;
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    city: row.city,
    is_verified: true,
    coupon_code: row.coupon_code,
    language: row.language,
    tokenHash,
  };
}

/** Hook of `user` routes: a signed-in user, 401 otherwise. */
export function requireUser(db: Db) {
  return async (request: FastifyRequest) => {
    const user = await findRequestUser(db, request);
    if (!user) throw unauthorized();
    request.user = user;
  };
}

/** Hook of public routes: sets request.user when a valid token is sent, else null. */
export function authenticate(db: Db) {
  return async (request: FastifyRequest) => {
    request.user = await findRequestUser(db, request);
  };
}
