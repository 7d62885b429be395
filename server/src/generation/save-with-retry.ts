import type { CheckpointData } from '@common/schemas/session';
import { findSessionRow, parseCheckpoint, saveCheckpoint, type SessionRow } from '../books/repository';
import type { Db } from '../db';
import { AppError, conflict } from '../http/errors';

/** Saves retried when someone else saved the book at the same moment. */
const SAVE_ATTEMPTS = 8;

/**
 * Re-reads the book and applies `change` until the version-checked save wins (another tab or the
 * workspace's debounced save may write in between). Only this chapter's fields are re-applied.
 */
export async function saveWithRetry(
  db: Db,
  id: number,
  change: (row: SessionRow, checkpoint: CheckpointData) => { checkpoint: CheckpointData; fields?: Parameters<typeof saveCheckpoint>[4] },
  firstRow?: SessionRow,
): Promise<{ row: SessionRow; checkpoint: CheckpointData; version: number }> {
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt += 1) {
    const row = attempt === 0 && firstRow ? firstRow : await findSessionRow(db, id);
    if (!row) throw new AppError(404, 'books.not_found');
    const { checkpoint, fields } = change(row, parseCheckpoint(row));
    const saved = await saveCheckpoint(db, id, row.version, checkpoint, fields);
    if (saved) return { row: { ...row, ...fields, ...saved }, checkpoint, version: saved.version };
    await new Promise((resolve) => setTimeout(resolve, 5 + attempt * 10));
  }
  throw conflict('generation.save_conflict');
}
