import { hash, verify, type Options } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@common/schemas/auth';
import { badRequest } from '../http/errors';

// Argon2id (algorithm 2; the enum is a const enum, unusable with isolatedModules).
const OPTIONS = { algorithm: 2 } as Options;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Same work as a real check, so timing does not tell whether the address exists.
    await verify(DUMMY_HASH, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const DUMMY_HASH = await hash('plume-timing-equaliser', OPTIONS);

/** The two passwords must match and be long enough (translated `auth.*` errors). */
export function checkNewPassword(password: string, confirm: string): void {
  if (password !== confirm) throw badRequest('auth.password_mismatch');
  if (password.length < PASSWORD_MIN_LENGTH) throw badRequest('auth.password_too_short', { min: PASSWORD_MIN_LENGTH });
  if (password.length > PASSWORD_MAX_LENGTH) throw badRequest('auth.password_too_long', { max: PASSWORD_MAX_LENGTH });
}
