import type { AttributeConflict, BookAttribute } from '@common/schemas/workspace';
import type { Db } from '../db';
import { conflict } from '../http/errors';
import { findSessionRow, updateSessionAttribute } from './repository';

/**
 * Saves a book's title, introduction or summary. With `previous` (the value the edit started from),
 * a value changed elsewhere meanwhile is never overwritten: 409 `workspace.attribute_conflict` with
 * `server: {attribute, value}`, which the client merges (web/src/features/workspace/model/merge.ts).
 * Returns the new `updated_at`.
 */
export async function saveBookAttribute(db: Db, id: number, attribute: BookAttribute, value: string, previous?: string): Promise<string> {
  const updatedAt = await updateSessionAttribute(db, id, attribute, value, previous);
  if (updatedAt !== null) return updatedAt;
  const row = await findSessionRow(db, id);
  if (row && row[attribute] === value) return row.updated_at; // the same value was saved meanwhile: nothing lost
  const server: AttributeConflict['server'] = { attribute, value: row?.[attribute] ?? '' };
  throw conflict('workspace.attribute_conflict', { server });
}
