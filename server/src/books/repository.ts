import type { Selectable } from 'kysely';
import { CheckpointDataSchema, type CheckpointData, type Session } from '@common/schemas/session';
import { COVER_IMAGE_KEY } from '@common/schemas/workspace';
import { nowIso, toBool, type Db } from '../db';
import type { ServiceSessionsTable } from '../db/schema';

export type SessionRow = Selectable<ServiceSessionsTable>;

/** A live (not deleted) book by id. */
export function findSessionRow(db: Db, id: number): Promise<SessionRow | undefined> {
  return db.selectFrom('service_sessions').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export function parseCheckpoint(row: Pick<SessionRow, 'checkpoint_data'>): CheckpointData {
  return CheckpointDataSchema.parse(JSON.parse(row.checkpoint_data));
}

export function presentSession(row: SessionRow): Session {
  return {
    id: row.id,
    book_name: row.book_name,
    is_payed: toBool(row.is_payed),
    introduction: row.introduction,
    book_summary: row.book_summary,
    checkpoint_data: parseCheckpoint(row),
    version: row.version,
    updated_at: row.updated_at,
  };
}

export interface NewSession {
  user_id: number | null;
  guest_token_hash: string | null;
  service_id: number;
  general_category_id: number;
  book_name: string;
  language: string;
  checkpoint: CheckpointData;
}

export async function insertSession(db: Db, input: NewSession): Promise<SessionRow> {
  const now = nowIso();
  return db
    .insertInto('service_sessions')
    .values({
      user_id: input.user_id,
      guest_token_hash: input.guest_token_hash,
      service_id: input.service_id,
      general_category_id: input.general_category_id,
      book_name: input.book_name,
      is_payed: 0,
      introduction: '',
      book_summary: '',
      checkpoint_data: JSON.stringify(input.checkpoint),
      language: input.language,
      version: 1,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Writes a new checkpoint only if the row is still at `baseVersion` (one UPDATE, so two concurrent
 * saves cannot both win). Returns the new version, or null when someone saved in between.
 */
export async function saveCheckpoint(
  db: Db,
  id: number,
  baseVersion: number,
  checkpoint: CheckpointData,
  fields: Partial<Pick<SessionRow, 'book_name' | 'introduction' | 'book_summary'>> = {},
): Promise<number | null> {
  const result = await db
    .updateTable('service_sessions')
    .set({ ...fields, checkpoint_data: JSON.stringify(checkpoint), version: baseVersion + 1, updated_at: nowIso() })
    .where('id', '=', id)
    .where('version', '=', baseVersion)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? baseVersion + 1 : null;
}

/** Updates plain columns of a book (title, introduction, summary, paid flag) and bumps its version. */
export async function updateSessionFields(
  db: Db,
  id: number,
  fields: Partial<Pick<SessionRow, 'book_name' | 'introduction' | 'book_summary' | 'is_payed'>>,
): Promise<void> {
  await db
    .updateTable('service_sessions')
    .set((eb) => ({ ...fields, version: eb('version', '+', 1), updated_at: nowIso() }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .execute();
}

/**
 * Moves a guest's live book to a user when its guest token matches and no one owns it yet, with the
 * browser's checkpoint when one is given (the version moves on). False when nothing was moved.
 */
export async function claimGuestSession(db: Db, id: number, guestTokenHash: string, userId: number, checkpoint: CheckpointData | null): Promise<boolean> {
  const result = await db
    .updateTable('service_sessions')
    .set((eb) => ({
      user_id: userId,
      guest_token_hash: null,
      updated_at: nowIso(),
      version: eb('version', '+', 1),
      ...(checkpoint ? { checkpoint_data: JSON.stringify(checkpoint) } : {}),
    }))
    .where('id', '=', id)
    .where('user_id', 'is', null)
    .where('guest_token_hash', '=', guestTokenHash)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A user's live books, newest-updated first, with whether a cover is stored (My Books). */
export function listUserSessionRows(db: Db, userId: number) {
  return db
    .selectFrom('service_sessions')
    .leftJoin('session_files', (join) =>
      join.onRef('session_files.session_id', '=', 'service_sessions.id').on('session_files.key', '=', COVER_IMAGE_KEY),
    )
    .select([
      'service_sessions.id', 'service_sessions.book_name', 'service_sessions.is_payed', 'service_sessions.updated_at',
      'service_sessions.checkpoint_data', 'service_sessions.general_category_id', 'session_files.content_type as cover_type',
    ])
    .where('service_sessions.user_id', '=', userId)
    .where('service_sessions.deleted_at', 'is', null)
    .orderBy('service_sessions.updated_at', 'desc')
    .orderBy('service_sessions.id', 'desc')
    .execute();
}

/** Soft delete: the row stays (payments and exports keep their reference) but the book is gone for everyone. */
export async function softDeleteSession(db: Db, id: number): Promise<void> {
  const now = nowIso();
  await db.updateTable('service_sessions').set({ deleted_at: now, updated_at: now }).where('id', '=', id).where('deleted_at', 'is', null).execute();
}

/**
 * Title, introduction or summary. These columns live beside the checkpoint, not in it, so they do not
 * move the checkpoint's version: a title saved in one tab never turns the other tab's answers into a
 * conflict. Returns the new `updated_at`.
 */
export async function updateSessionAttribute(
  db: Db,
  id: number,
  attribute: 'book_name' | 'introduction' | 'book_summary',
  value: string,
): Promise<string> {
  const updated_at = nowIso();
  await db
    .updateTable('service_sessions')
    .set({ [attribute]: value, updated_at })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .execute();
  return updated_at;
}

/** The keys of a book's stored files (cover and photos), sorted. */
export function listSessionFileKeys(db: Db, sessionId: number): Promise<string[]> {
  return db
    .selectFrom('session_files')
    .select('key')
    .where('session_id', '=', sessionId)
    .orderBy('key')
    .execute()
    .then((rows) => rows.map((r) => r.key));
}

/** Records a stored book file (cover or photo) in `session_files`. */
export async function recordSessionFile(db: Db, sessionId: number, key: string, contentType: string, size: number): Promise<void> {
  const updated_at = nowIso();
  await db
    .insertInto('session_files')
    .values({ session_id: sessionId, key, content_type: contentType, size, updated_at })
    .onConflict((oc) => oc.columns(['session_id', 'key']).doUpdateSet({ content_type: contentType, size, updated_at }))
    .execute();
}

export function findSessionFile(db: Db, sessionId: number, key: string) {
  return db.selectFrom('session_files').selectAll().where('session_id', '=', sessionId).where('key', '=', key).executeTakeFirst();
}

export async function deleteSessionFile(db: Db, sessionId: number, key: string): Promise<void> {
  await db.deleteFrom('session_files').where('session_id', '=', sessionId).where('key', '=', key).execute();
}
