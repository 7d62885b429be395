import { CheckpointDataSchema } from '@common/schemas/session';
import { claimGuestSession } from '../books/repository';
import type { Db } from '../db';
import { hashToken } from './tokens';

/**
 * Attaches a guest's book to an account. `trialSession` is what the browser keeps in local storage
 * (`{id, guest_token, checkpoint_data, …}`), as a JSON string or already parsed. The book must still
 * belong to no one and its guest token must match; the browser's checkpoint_data (which may hold
 * answers and a chapter written locally) replaces the server copy when it is valid. is_payed is left
 * alone. Returns the book id, or null — an unreadable or foreign trial session never fails a login.
 */
export async function linkTrialSession(db: Db, userId: number, trialSession: unknown): Promise<number | null> {
  const trial = readTrial(trialSession);
  if (!trial) return null;
  try {
    const checkpoint = CheckpointDataSchema.safeParse(trial.checkpoint_data);
    const linked = await claimGuestSession(db, trial.id, hashToken(trial.guest_token), userId, checkpoint.success ? checkpoint.data : null);
    return linked ? trial.id : null;
  } catch {
    return null;
  }
}

function readTrial(value: unknown): { id: number; guest_token: string; checkpoint_data: unknown } | null {
  let parsed = value;
  if (typeof value === 'string') {
    if (!value.trim() || value.length > 2_000_000) return null;
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { id, guest_token, checkpoint_data } = parsed as Record<string, unknown>;
  const numericId = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
  if (typeof numericId !== 'number' || !Number.isSafeInteger(numericId) || numericId <= 0 || numericId > 2_147_483_647) return null;
  if (typeof guest_token !== 'string' || !guest_token || guest_token.length > 500) return null;
  return { id: numericId, guest_token, checkpoint_data };
}
