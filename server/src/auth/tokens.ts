import crypto from 'node:crypto';

/** Random opaque tokens; only their SHA-256 is stored, so a database leak gives no session. */
export function newToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
