import { isDeepStrictEqual } from 'node:util';
import { CHECKPOINT_MAX_BYTES } from '@common/api/workspace';
import type { Chapter, CheckpointData } from '@common/schemas/session';
import { progressPercent } from '@common/rules/progress';
import { unpaidViolation } from '@common/rules/workspace-unpaid';
import {
  chapterIdOfImageKey,
  IMAGE_KEY_PATTERN,
  type UpsertSessionResult,
  type VersionConflict,
  type WorkspaceSession,
} from '@common/schemas/workspace';
import { toBool, type Db } from '../db';
import { AppError, badRequest, conflict, notFound } from '../http/errors';
import type { Storage } from '../providers/storage';
import { deleteSessionImage } from '../books/files';
import {
  findSessionRow,
  bookExtras,
  listSessionFileKeys,
  readStoredCheckpoint,
  presentSession,
  saveCheckpoint,
  storedCheckpoint,
  unlockedChapterIds,
  type SessionRow,
} from '../books/repository';

export async function presentWorkspace(db: Db, row: SessionRow): Promise<WorkspaceSession> {
  // the stored checkpoint is parsed and checked once per read, and not again while this process keeps it
  const { checkpoint, overLimit } = readStoredCheckpoint(row);
  const session = presentSession(row, checkpoint);
  const { fileKeys, unlocked, textOrigins } = await bookExtras(db, row);
  return {
    ...session,
    progress: progressPercent(session.checkpoint_data.data),
    images: fileKeys.filter((key) => IMAGE_KEY_PATTERN.test(key)),
    unlocked_chapters: unlocked,
    text_origins: textOrigins,
    ...(overLimit.length ? { over_limit: overLimit } : {}),
  };
}

/** Ids must be unique (chapters in the book, questions in a chapter): merging relies on them. */
function checkIds(checkpoint: CheckpointData): void {
  const chapterIds = new Set<number>();
  for (const chapter of checkpoint.data) {
    if (chapterIds.has(chapter.id)) throw badRequest('workspace.invalid_checkpoint');
    chapterIds.add(chapter.id);
    const questionIds = new Set<number>();
    for (const question of chapter.questions) {
      if (questionIds.has(question.id)) throw badRequest('workspace.invalid_checkpoint');
      questionIds.add(question.id);
    }
  }
}

/**
 * What the author may change is the book's content; what the book was made from (plans, category,
 * types, tool, language) stays as the server stored it, and generation counts never go down.
 */
function keepServerFields(stored: CheckpointData, incoming: CheckpointData): CheckpointData {
  const storedChapters = new Map(stored.data.map((c) => [c.id, c]));
  return {
    ...incoming,
    data: incoming.data.map((c) => {
      const storedChapter = storedChapters.get(c.id);
      const generated_count = Math.max(c.generated_count ?? 0, storedChapter?.generated_count ?? 0);
      const chapter = c.generated_count === generated_count ? c : { ...c, generated_count };
      // a chapter the save leaves as stored is the stored one, whose JSON the save reuses (books/repository.ts)
      return storedChapter && isDeepStrictEqual(storedChapter, chapter) ? storedChapter : chapter;
    }),
    general_category_id: stored.general_category_id,
    category_based_type_ids: stored.category_based_type_ids,
    category_based_type_id: stored.category_based_type_id,
    category_length_type_id: stored.category_length_type_id,
    services_with_plans: stored.services_with_plans,
    tool_id: stored.tool_id,
    language: stored.language,
    fidelity: stored.fidelity,
  };
}

async function versionConflict(db: Db, id: number): Promise<AppError> {
  const current = await findSessionRow(db, id);
  const extra: VersionConflict | Record<string, never> = current ? { server: await presentWorkspace(db, current) } : {};
  return conflict('workspace.version_conflict', extra);
}

/**
 * Saves a whole checkpoint based on `baseVersion`: 409 with the server copy when someone saved in
 * between, 402 when an unpaid book changes more than its free first chapter, 400 when malformed.
 * Nothing is written unless every check passes.
 */
export async function upsertCheckpoint(
  db: Db,
  storage: Storage,
  row: SessionRow,
  incoming: CheckpointData,
  baseVersion: number,
): Promise<UpsertSessionResult> {
  checkIds(incoming);
  if (baseVersion !== row.version) throw await versionConflict(db, row.id);
  const stored = storedCheckpoint(row);
  const { checkpoint, saved } = await saveChecked(db, row, stored, incoming, baseVersion);
  await removeOrphanImages(db, storage, row.id, stored, checkpoint);
  return { id: row.id, ...saved, progress: progressPercent(checkpoint.data) };
}

/**
 * Saves one chapter (matched by id, already in the book) based on `baseVersion`, with the rules of
 * `upsertCheckpoint`: 409 with the server copy when someone saved in between, 402 when an unpaid book
 * changes a locked chapter, 400 when its questions' ids repeat, 404 when the book has no such chapter
 * (chapters are added and removed by whole-checkpoint saves). The other chapters stay as stored.
 */
export async function upsertChapter(db: Db, row: SessionRow, chapter: Chapter, baseVersion: number): Promise<UpsertSessionResult> {
  if (baseVersion !== row.version) throw await versionConflict(db, row.id);
  const stored = storedCheckpoint(row);
  const index = stored.data.findIndex((c) => c.id === chapter.id);
  if (index < 0) throw notFound('workspace.chapter_not_found');
  const incoming = { ...stored, data: stored.data.map((c, i) => (i === index ? chapter : c)) };
  checkIds(incoming);
  const { checkpoint, saved } = await saveChecked(db, row, stored, incoming, baseVersion);
  return { id: row.id, ...saved, progress: progressPercent(checkpoint.data) };
}

/** The unpaid rule, the server's own fields, then the version-checked write; 409 when someone saved in between. */
async function saveChecked(db: Db, row: SessionRow, stored: CheckpointData, incoming: CheckpointData, baseVersion: number) {
  if (!toBool(row.is_payed) && unpaidViolation(stored, incoming, await unlockedChapterIds(db, row.id)))
    throw new AppError(402, 'workspace.locked_chapter');
  const checkpoint = keepServerFields(stored, incoming);
  // what comes from the client passed the route's body schema and the rest comes from the stored book,
  // read with the same schema: the whole checkpoint is not parsed a third time
  const saved = await saveCheckpoint(
    db,
    row.id,
    baseVersion,
    checkpoint,
    {},
    {
      validated: true,
      maxLength: CHECKPOINT_MAX_BYTES,
      keepFor: row,
    },
  );
  if (!saved) throw await versionConflict(db, row.id);
  return { checkpoint, saved };
}

/**
 * Photos of chapters that no longer exist are deleted with them. The book's files are listed only when
 * the save removed a chapter: most saves remove none, and this spares them a query.
 */
async function removeOrphanImages(
  db: Db,
  storage: Storage,
  sessionId: number,
  stored: CheckpointData,
  checkpoint: CheckpointData,
): Promise<void> {
  const chapterIds = new Set(checkpoint.data.map((c) => c.id));
  if (stored.data.every((c) => chapterIds.has(c.id))) return;
  for (const key of await listSessionFileKeys(db, sessionId)) {
    const chapterId = chapterIdOfImageKey(key);
    if (chapterId !== null && !chapterIds.has(chapterId)) await deleteSessionImage({ db, storage }, sessionId, key);
  }
}

/** A chapter counts as submitted once it was generated (submitted_at set or text present). */
export function unsubmittedChapterIds(checkpoint: CheckpointData): number[] {
  return checkpoint.data.filter((c) => !c.submitted_at && (c.generated_content ?? '').trim() === '').map((c) => c.id);
}
