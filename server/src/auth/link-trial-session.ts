import { Id } from '@common/schemas/api';
import { CheckpointDataSchema } from '@common/schemas/session';
import type { AppContext } from '../app';
import { claimGuestSession, findSessionRow } from '../books/repository';
import { AppError } from '../http/errors';
import { upsertCheckpoint } from '../workspace/service';
import { hashToken } from './tokens';

/**
 * Attaches a guest's book to an account. `trialSession` is what the browser keeps in local storage
 * (`{id, guest_token, checkpoint_data, version, …}`), as a JSON string or already parsed. The book must
 * still belong to no one and its guest token must match. The browser's copy (which may hold answers
 * written offline) is saved exactly as the workspace's save would save it — `upsertCheckpoint`: the
 * version must be the server's, an unpaid book's locked chapters stay as stored, and the fields the
 * server keeps (language, category, plans, generation counts…) are the server's. A copy that breaks
 * a rule is dropped and the server copy stays; the book is linked either way. is_payed is never read
 * from the browser. Returns the book id, or null — an unreadable or foreign trial never fails a login.
 */
export async function linkTrialSession(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  userId: number,
  trialSession: unknown,
): Promise<number | null> {
  const trial = readTrial(trialSession);
  if (!trial) return null;
  const guestTokenHash = hashToken(trial.guest_token);
  const row = await findSessionRow(ctx.db, trial.id);
  if (!row || row.user_id !== null || row.guest_token_hash !== guestTokenHash) return null;
  const checkpoint = CheckpointDataSchema.safeParse(trial.checkpoint_data);
  if (checkpoint.success && trial.version !== null) {
    try {
      await upsertCheckpoint(ctx.db, ctx.storage, row, checkpoint.data, trial.version);
    } catch (error) {
      if (!(error instanceof AppError)) throw error; // a refused copy: the server's stays
    }
  }
  return (await claimGuestSession(ctx.db, trial.id, guestTokenHash, userId)) ? trial.id : null;
}

interface Trial {
  id: number;
  guest_token: string;
  checkpoint_data: unknown;
  /** The server version the browser's copy is based on; null when the browser sent none. */
  version: number | null;
}

function readTrial(value: unknown): Trial | null {
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
  const { id, guest_token, checkpoint_data, version } = parsed as Record<string, unknown>;
  const bookId = Id.safeParse(typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id);
  if (!bookId.success) return null;
  if (typeof guest_token !== 'string' || !guest_token || guest_token.length > 500) return null;
  return {
    id: bookId.data,
    guest_token,
    checkpoint_data,
    version: typeof version === 'number' && Number.isSafeInteger(version) ? version : null,
  };
}
