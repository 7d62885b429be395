import type { Selectable } from 'kysely';
import { CheckpointDataSchema, type CheckpointData, type Session } from '@common/schemas/session';
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
