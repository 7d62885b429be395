import crypto from 'node:crypto';

/** Random opaque tokens; only their SHA-256 is stored, so a database leak gives no session. */
export function newToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** SHA-256 in hex, in one call (`crypto.hash`: a third of `createHash`'s cost, and every signed-in request hashes its token). */
export function hashToken(token: string): string {
  return crypto.hash('sha256', token, 'hex');
}
