import { nowIso, type Db } from '../db';

/** SQL of the workspace: a book's image list and its plain attributes. */

export function listImageKeys(db: Db, sessionId: number): Promise<string[]> {
  return db
    .selectFrom('session_files')
    .select('key')
    .where('session_id', '=', sessionId)
    .orderBy('key')
    .execute()
    .then((rows) => rows.map((r) => r.key));
}

export function findImage(db: Db, sessionId: number, key: string) {
  return db.selectFrom('session_files').selectAll().where('session_id', '=', sessionId).where('key', '=', key).executeTakeFirst();
}

export async function upsertImage(db: Db, sessionId: number, key: string, contentType: string, size: number): Promise<void> {
  const updated_at = nowIso();
  await db
    .insertInto('session_files')
    .values({ session_id: sessionId, key, content_type: contentType, size, updated_at })
    .onConflict((oc) => oc.columns(['session_id', 'key']).doUpdateSet({ content_type: contentType, size, updated_at }))
    .execute();
}

export async function deleteImage(db: Db, sessionId: number, key: string): Promise<void> {
  await db.deleteFrom('session_files').where('session_id', '=', sessionId).where('key', '=', key).execute();
}

/**
 * Title, introduction or summary. These columns live beside the checkpoint, not in it, so they do not
 * move the checkpoint's version: a title saved in one tab never turns the other tab's answers into a conflict.
 */
export async function updateAttribute(
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
