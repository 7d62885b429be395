import { sql, type Selectable, type UpdateObject } from 'kysely';
import { CheckpointDataSchema, type Chapter, type CheckpointData, type Session } from '@common/schemas/session';
import { COVER_IMAGE_KEY } from '@common/schemas/workspace';
import type { BookText, TextOrigin } from '@common/schemas/versions';
import { nowIso, toBool, type Db } from '../db';
import { AppError } from '../http/errors';
import { deepFreeze } from '../http/frozen';
import type { Database, ServiceSessionsTable } from '../db/schema';
import { activeSubscription } from '../subscriptions/service';
import { preparedQuery } from '../db/prepared';
import { inGroupCommit } from '../db/group-commit';
import { listColumnsOf, listColumnsOfCheckpoint } from './list-summary';

/** A book as its routes use it: every column but My Books' summary, which only the list reads. */
export type SessionRow = Omit<Selectable<ServiceSessionsTable>, 'list_summary' | 'list_progress'>;

const SESSION_COLUMNS = [
  'id',
  'user_id',
  'guest_token_hash',
  'service_id',
  'general_category_id',
  'book_name',
  'is_payed',
  'introduction',
  'book_summary',
  'language',
  'version',
  'created_at',
  'updated_at',
  'deleted_at',
] as const satisfies ReadonlyArray<keyof SessionRow>;

/** The live trial book (not linked to an account) a guest token opens, if any. */
export async function findGuestSessionId(db: Db, guestTokenHash: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('service_sessions')
    .select('id')
    .where('guest_token_hash', '=', guestTokenHash)
    .where('user_id', 'is', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.id;
}

/**
 * A book's row with its checkpoint unless this process keeps that version of it (`keptVersion` and
 * `keptCreatedAt`; nulls read it), and whether its owner's subscription is running at `now`: one query
 * built once (db/prepared.ts) for every book route.
 */
const sessionRowQuery = preparedQuery((db: Db, id: number, keptVersion: number | null, keptCreatedAt: string | null, now: string) =>
  db
    .selectFrom('service_sessions')
    .select(SESSION_COLUMNS)
    .select([
      sql<string | null>`case when version = ${keptVersion} and created_at = ${keptCreatedAt} then null else checkpoint_data end`.as(
        'checkpoint_data',
      ),
      (eb) => eb.exists(activeSubscription(db, sql.ref<number | null>('service_sessions.user_id'), now)).as('subscribed'),
    ])
    .where('id', '=', id)
    .where('deleted_at', 'is', null),
);

/**
 * A live (not deleted) book by id. `is_payed` reads as readers see it: bought (plan, coupon, gift),
 * or owned by a user whose monthly subscription is running (spec: every book unlocked while active;
 * read in the same query).
 *
 * The 40 KB `checkpoint_data` is not read back when this process keeps the checkpoint of exactly that
 * book and version (`storedCheckpoint`): every write of a checkpoint moves the book's version (`saveCheckpoint`;
 * a new book starts at 1 with its own `created_at`, which tells a book apart from an earlier one given the
 * same id), so (id, created_at, version) names one checkpoint, whichever process wrote it.
 */
export async function findSessionRow(db: Db, id: number): Promise<SessionRow | undefined> {
  const kept = parsedCheckpoints.get(id);
  const found = await sessionRowQuery.executeTakeFirst(db, id, kept?.version ?? null, kept?.createdAt ?? null, nowIso());
  if (!found) return undefined;
  const { subscribed, checkpoint_data, ...columns } = found;
  const is_payed = !toBool(columns.is_payed) && toBool(subscribed) ? 1 : columns.is_payed;
  return checkpoint_data === null ? rowOfKept({ ...columns, is_payed }, kept!) : { ...columns, is_payed, checkpoint_data };
}

/** The kept checkpoint each row of `rowOfKept` stands for. */
const keptOfRow = new WeakMap<object, KeptCheckpoint>();

/**
 * A row whose checkpoint is a kept one: its `checkpoint_data` string is made only if something reads it
 * (a save's `storedCheckpoint` does not: it knows the row by `keptOfRow`), since decoding the 40 KB a
 * save wrote would cost a save as much as encoding it did.
 */
function rowOfKept(columns: Omit<SessionRow, 'checkpoint_data'>, kept: KeptCheckpoint): SessionRow {
  const row = Object.defineProperty(columns, 'checkpoint_data', { enumerable: true, get: () => keptJson(kept) }) as SessionRow;
  keptOfRow.set(row, kept);
  return row;
}

const unlockedChaptersQuery = preparedQuery((db: Db, sessionId: number) =>
  db.selectFrom('unlocked_chapters').select('chapter_id').where('service_session_id', '=', sessionId),
);

/** The extra chapters bought for a book (issue 12 item 5); with the book's files, `bookExtras` below. */
export async function unlockedChapterIds(db: Db, sessionId: number): Promise<number[]> {
  const rows = await unlockedChaptersQuery.execute(db, sessionId);
  return rows.map((r) => Number(r.chapter_id));
}

const bookExtrasQuery = preparedQuery((db: Db, sessionId: number, introduction: string | null, summary: string | null) =>
  db
    .selectFrom('session_files')
    .select((eb) => [
      sql<string>`'file'`.as('kind'),
      eb.ref('key').$castTo<string | null>().as('key'),
      sql<number | null>`null`.as('number'),
      sql<string | null>`null`.as('origin'),
    ])
    .where('session_id', '=', sessionId)
    .unionAll(
      db
        .selectFrom('unlocked_chapters')
        .select((eb) => [
          sql<string>`'unlocked'`.as('kind'),
          sql<string | null>`null`.as('key'),
          eb.ref('chapter_id').$castTo<number | null>().as('number'),
          sql<string | null>`null`.as('origin'),
        ])
        .where('service_session_id', '=', sessionId),
    )
    .unionAll(
      // the versions holding the current introduction and summary (null: not looked for)
      db
        .selectFrom('text_versions')
        .select((eb) => [
          sql<string>`'origin'`.as('kind'),
          eb.ref('part').$castTo<string | null>().as('key'),
          eb.ref('id').$castTo<number | null>().as('number'),
          eb.ref('origin').$castTo<string | null>().as('origin'),
        ])
        .where('session_id', '=', sessionId)
        .where((eb) =>
          eb.or([
            eb.and([eb('part', '=', 'introduction'), eb('content', '=', introduction)]),
            eb.and([eb('part', '=', 'book_summary'), eb('content', '=', summary)]),
          ]),
        ),
    )
    .orderBy('kind')
    .orderBy('key')
    .orderBy('number'),
);

export interface BookExtras {
  /** The keys of the book's stored files, sorted (as `listSessionFileKeys`). */
  fileKeys: string[];
  /** Its extra chapters bought (as `unlockedChapterIds`). */
  unlocked: number[];
  /**
   * Where its current introduction and summary came from: the origin of their newest kept version
   * (every change of these texts is kept). Missing for an empty text or one from before versions.
   */
  textOrigins: Partial<Record<BookText, TextOrigin>>;
}

/** What getSession sends besides the book, in one query (issue 17 item 5). */
export async function bookExtras(db: Db, row: Pick<SessionRow, 'id' | 'introduction' | 'book_summary'>): Promise<BookExtras> {
  const introduction = row.introduction.trim() ? row.introduction : null;
  const summary = row.book_summary.trim() ? row.book_summary : null;
  const extras: BookExtras = { fileKeys: [], unlocked: [], textOrigins: {} };
  // origins come oldest first: the newest version of a text is the last one set
  for (const r of await bookExtrasQuery.execute(db, row.id, introduction, summary)) {
    if (r.kind === 'file') extras.fileKeys.push(r.key!);
    else if (r.kind === 'unlocked') extras.unlocked.push(Number(r.number));
    else extras.textOrigins[r.key as BookText] = r.origin as TextOrigin;
  }
  return extras;
}

export function parseCheckpoint(row: Pick<SessionRow, 'checkpoint_data'>): CheckpointData {
  return readCheckpoint(row).checkpoint;
}

/** A text stored over its length limit: where (`data.3.generated_content`) and the limit. */
export interface OverLimit {
  path: string;
  max: number;
}

/**
 * Reads a stored checkpoint with the one schema saves are checked against. A text over its
 * length limit (stored before every write was checked) is cut to the limit and reported, so the
 * book still opens, prints and saves — the save keeps the cut text — instead of failing every call.
 */
export function readCheckpoint(row: Pick<SessionRow, 'checkpoint_data'>): { checkpoint: CheckpointData; overLimit: OverLimit[] } {
  const raw: unknown = JSON.parse(row.checkpoint_data);
  const strict = CheckpointDataSchema.safeParse(raw);
  if (strict.success) return { checkpoint: strict.data, overLimit: [] };
  const tooLong = strict.error.issues.flatMap((issue) =>
    issue.code === 'too_big' && issue.origin === 'string' ? [{ path: issue.path, max: Number(issue.maximum) }] : [],
  );
  if (tooLong.length < strict.error.issues.length) throw strict.error;
  for (const { path, max } of tooLong) {
    const parent = path
      .slice(0, -1)
      .reduce<Record<PropertyKey, unknown>>((node, key) => node[key] as Record<PropertyKey, unknown>, raw as Record<PropertyKey, unknown>);
    parent[path.at(-1)!] = (parent[path.at(-1)!] as string).slice(0, max);
  }
  return { checkpoint: CheckpointDataSchema.parse(raw), overLimit: tooLong.map(({ path, max }) => ({ path: path.join('.'), max })) };
}

/** How many books' parsed checkpoints `storedCheckpoint` keeps (~100 KB each: the stored JSON and the objects). */
const PARSED_CHECKPOINTS = 256;

/**
 * A book's checkpoint as stored at one version: the parsed, frozen objects and their JSON — the text as
 * read from the database, or the UTF-8 a save wrote, made into a string only when something asks.
 */
interface KeptCheckpoint {
  version: number;
  createdAt: string;
  checkpoint: CheckpointData;
  json?: string;
  bytes?: Buffer;
}
const parsedCheckpoints = new Map<number, KeptCheckpoint>();

function keptJson(kept: KeptCheckpoint): string {
  return (kept.json ??= kept.bytes!.toString('utf8'));
}

/**
 * The UTF-8 JSON of the chapters of kept checkpoints (frozen, so it cannot go stale), each a view of the
 * bytes its save wrote: a save that keeps a chapter neither stringifies nor encodes it again.
 */
const keptChapterBytes = new WeakMap<Chapter, Buffer>();

const DATA_OPEN = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');

/**
 * JSON.stringify(checkpoint) as UTF-8 (its keys in another order), reusing the bytes of chapters kept
 * from the book's last save: a save that changes one chapter encodes ~5 KB, not the book's 40 KB.
 * Each chapter's JSON comes back too, as a view of `bytes` (they share its memory).
 */
function checkpointBytes(checkpoint: CheckpointData): { bytes: Buffer; chapterViews: Buffer[] } {
  const { data, ...rest } = checkpoint;
  const others = JSON.stringify(rest).slice(1, -1);
  const chapters = data.map((chapter) => keptChapterBytes.get(chapter) ?? Buffer.from(JSON.stringify(chapter)));
  const parts = [DATA_OPEN, ...chapters.flatMap((chapter, index) => (index ? [COMMA, chapter] : [chapter]))];
  parts.push(Buffer.from(`]${others && `,${others}`}}`));
  const bytes = Buffer.concat(parts);
  let start = DATA_OPEN.length;
  const chapterViews = chapters.map((chapter) => {
    const view = bytes.subarray(start, start + chapter.length);
    start += chapter.length + COMMA.length;
    return view;
  });
  return { bytes, chapterViews };
}

function rememberCheckpoint(id: number, kept: KeptCheckpoint): void {
  parsedCheckpoints.delete(id);
  // frozen all the way down: one copy is shared by every save and read of that book, and its answer's JSON is kept (http/serializer.ts)
  parsedCheckpoints.set(id, { ...kept, checkpoint: deepFreeze(kept.checkpoint) });
  if (parsedCheckpoints.size > PARSED_CHECKPOINTS) parsedCheckpoints.delete(parsedCheckpoints.keys().next().value!);
}

/**
 * `parseCheckpoint` for saves (issue 17 item 4): the parsed checkpoint of a book saved or read lately is
 * reused instead of JSON-parsing and schema-checking the stored 40 KB again, and `findSessionRow` does not
 * read its JSON back while the book is at the version kept. The object is shared and frozen: callers must
 * not change it (build new objects, as saves do). A checkpoint with texts over their limit is not kept.
 */
export function storedCheckpoint(row: Pick<SessionRow, 'id' | 'version' | 'created_at' | 'checkpoint_data'>): CheckpointData {
  return readStoredCheckpoint(row).checkpoint;
}

/**
 * `readCheckpoint` through the kept checkpoints of `storedCheckpoint` (getSession: a book opened again is
 * neither read back from the database nor parsed). A kept checkpoint has no text over its limit.
 */
export function readStoredCheckpoint(row: Pick<SessionRow, 'id' | 'version' | 'created_at' | 'checkpoint_data'>): {
  checkpoint: CheckpointData;
  overLimit: OverLimit[];
} {
  const kept = parsedCheckpoints.get(row.id);
  if (
    kept &&
    kept.version === row.version &&
    kept.createdAt === row.created_at &&
    (keptOfRow.get(row) === kept || keptJson(kept) === row.checkpoint_data)
  )
    return { checkpoint: kept.checkpoint, overLimit: [] };
  const read = readCheckpoint(row);
  if (read.overLimit.length === 0)
    rememberCheckpoint(row.id, { version: row.version, createdAt: row.created_at, json: row.checkpoint_data, checkpoint: read.checkpoint });
  return read;
}

/** A book as the API answers it; `checkpoint` when the caller has already read the stored one. */
export function presentSession(row: SessionRow, checkpoint = parseCheckpoint(row)): Session {
  return {
    id: row.id,
    book_name: row.book_name,
    is_payed: toBool(row.is_payed),
    introduction: row.introduction,
    book_summary: row.book_summary,
    checkpoint_data: checkpoint,
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
  /** From an imported manuscript's 'Introduction' and 'Conclusion'/'Summary' (paragraphs joined by a blank line). */
  introduction?: string;
  book_summary?: string;
}

export async function insertSession(db: Db, input: NewSession): Promise<SessionRow> {
  const now = nowIso();
  const json = JSON.stringify(input.checkpoint);
  const row = await db
    .insertInto('service_sessions')
    .values({
      user_id: input.user_id,
      guest_token_hash: input.guest_token_hash,
      service_id: input.service_id,
      general_category_id: input.general_category_id,
      book_name: input.book_name,
      is_payed: 0,
      introduction: input.introduction ?? '',
      book_summary: input.book_summary ?? '',
      checkpoint_data: json,
      ...listColumnsOf(json, input.general_category_id),
      language: input.language,
      version: 1,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // SQLite gives a deleted book's id again when it was the last one
  parsedCheckpoints.delete(row.id);
  return row;
}

export interface SaveOptions {
  /** Already checked against CheckpointDataSchema by the caller (a route's body schema): not parsed again. */
  validated?: boolean;
  /** Refused with 413 `workspace.too_large` when its JSON is longer. */
  maxLength?: number;
  /**
   * Kept (frozen) for the next save's `storedCheckpoint`, given the book's `created_at`: only for a
   * checkpoint the caller never changes afterwards and whose JSON parses back to the same value (a schema's output does).
   */
  keepFor?: Pick<SessionRow, 'created_at'>;
}

/** What a save writes besides the book's own fields: the checkpoint, My Books' columns of it, the new version. */
function checkpointColumns(bytes: Buffer, listSummary: string, listProgress: number, version: number, updatedAt: string) {
  return {
    // the UTF-8 is bound as it is and stored as text (PostgreSQL receives it as a binary text parameter):
    // V8 neither decodes the book's 40 KB nor encodes them again to bind them
    checkpoint_data: sql<string>`cast(${bytes} as text)`,
    list_summary: listSummary,
    list_progress: listProgress,
    version,
    updated_at: updatedAt,
  };
}

/** The version-checked UPDATE of a live book: it changes nothing when someone saved since `baseVersion`. */
function checkpointUpdateOf(db: Db, id: number, baseVersion: number, values: UpdateObject<Database, 'service_sessions'>) {
  return db
    .updateTable('service_sessions')
    .set(values)
    .where('id', '=', id)
    .where('version', '=', baseVersion)
    .where('deleted_at', 'is', null);
}

/** The save of a checkpoint alone (every workspace save), compiled once (db/prepared.ts). */
const checkpointUpdate = preparedQuery(
  (db: Db, id: number, baseVersion: number, bytes: Buffer, listSummary: string, listProgress: number, version: number, updatedAt: string) =>
    checkpointUpdateOf(db, id, baseVersion, checkpointColumns(bytes, listSummary, listProgress, version, updatedAt)),
);

/**
 * Writes a new checkpoint only if the row is still at `baseVersion` (one UPDATE, so two concurrent
 * saves cannot both win), moving the version: the one writer of checkpoints after `insertSession`,
 * and what lets `findSessionRow` trust a kept checkpoint of the same version. Returns the new version and time, or null when someone saved in between.
 * The UPDATE joins the saves of the same moment in one commit (db/group-commit.ts): it is answered
 * once on disk.
 */
export async function saveCheckpoint(
  db: Db,
  id: number,
  baseVersion: number,
  checkpoint: CheckpointData,
  fields: Partial<Pick<SessionRow, 'book_name' | 'introduction' | 'book_summary'>> = {},
  options: SaveOptions = {},
): Promise<{ version: number; updated_at: string } | null> {
  // Nothing is stored that a read would refuse: every write passes the schema reads use.
  if (!options.validated && !CheckpointDataSchema.safeParse(checkpoint).success) throw new AppError(422, 'books.over_limit');
  const written = checkpointBytes(checkpoint);
  if (options.maxLength !== undefined && written.bytes.length > options.maxLength) throw new AppError(413, 'workspace.too_large');
  const updatedAt = nowIso();
  const { list_summary, list_progress } = listColumnsOfCheckpoint(checkpoint, checkpoint.general_category_id);
  const columns = [written.bytes, list_summary, list_progress, baseVersion + 1, updatedAt] as const;
  const update =
    Object.keys(fields).length === 0
      ? checkpointUpdate.compile(db, id, baseVersion, ...columns)
      : checkpointUpdateOf(db, id, baseVersion, { ...fields, ...checkpointColumns(...columns) }).compile();
  const result = await inGroupCommit(db, update);
  if (result.numAffectedRows !== 1n) return null;
  if (options.keepFor) {
    rememberCheckpoint(id, { version: baseVersion + 1, createdAt: options.keepFor.created_at, bytes: written.bytes, checkpoint });
    checkpoint.data.forEach((chapter, index) => keptChapterBytes.set(chapter, written.chapterViews[index]));
  } else parsedCheckpoints.delete(id);
  return { version: baseVersion + 1, updated_at: updatedAt };
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
 * Moves a guest's live book to a user when its guest token matches and no one owns it yet (its content
 * is saved beforehand through the workspace's save). False when nothing was moved.
 */
export async function claimGuestSession(db: Db, id: number, guestTokenHash: string, userId: number): Promise<boolean> {
  const result = await db
    .updateTable('service_sessions')
    .set({ user_id: userId, guest_token_hash: null, updated_at: nowIso() })
    .where('id', '=', id)
    .where('user_id', 'is', null)
    .where('guest_token_hash', '=', guestTokenHash)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

const userSessionsQuery = preparedQuery((db: Db, userId: number, now: string) =>
  db
    .selectFrom('service_sessions')
    .leftJoin('session_files', (join) =>
      join.onRef('session_files.session_id', '=', 'service_sessions.id').on('session_files.key', '=', COVER_IMAGE_KEY),
    )
    .select([
      'service_sessions.id',
      'service_sessions.book_name',
      'service_sessions.is_payed',
      'service_sessions.updated_at',
      'service_sessions.list_summary',
      'service_sessions.list_progress',
      'session_files.content_type as cover_type',
      (eb) => eb.exists(activeSubscription(db, userId, now)).as('subscribed'),
    ])
    .where('service_sessions.user_id', '=', userId)
    .where('service_sessions.deleted_at', 'is', null)
    .orderBy('service_sessions.updated_at', 'desc')
    .orderBy('service_sessions.id', 'desc'),
);

/** A user's live books, newest-updated first, with whether a cover is stored (My Books); all unlocked while subscribed (read in the same query). */
export async function listUserSessionRows(db: Db, userId: number) {
  const rows = await userSessionsQuery.execute(db, userId, nowIso());
  return rows.map(({ subscribed, ...row }) => (toBool(subscribed) ? { ...row, is_payed: 1 } : row));
}

/** Soft delete: the row stays (payments and exports keep their reference) but the book is gone for everyone. */
export async function softDeleteSession(db: Db, id: number): Promise<void> {
  const now = nowIso();
  await db
    .updateTable('service_sessions')
    .set({ deleted_at: now, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .execute();
}

/**
 * Title, introduction or summary. These columns live beside the checkpoint, not in it, so they do not
 * move the checkpoint's version: a title saved in one tab never turns the other tab's answers into a
 * conflict. Each is version-checked by its own value instead: with `previous` given, the write happens
 * only while the stored value is still `previous` (one conditional UPDATE, so of two concurrent edits
 * from one starting value exactly one wins). Returns the new `updated_at`, or null when the value had
 * changed meanwhile.
 */
export async function updateSessionAttribute(
  db: Db,
  id: number,
  attribute: 'book_name' | 'introduction' | 'book_summary',
  value: string,
  previous?: string,
): Promise<string | null> {
  const updated_at = nowIso();
  let update = db
    .updateTable('service_sessions')
    .set({ [attribute]: value, updated_at })
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  if (previous !== undefined) update = update.where(attribute, '=', previous);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? updated_at : null;
}

const sessionFileKeysQuery = preparedQuery((db: Db, sessionId: number) =>
  db.selectFrom('session_files').select('key').where('session_id', '=', sessionId).orderBy('key'),
);

/** The keys of a book's stored files (cover and photos), sorted. */
export function listSessionFileKeys(db: Db, sessionId: number): Promise<string[]> {
  return sessionFileKeysQuery.execute(db, sessionId).then((rows) => rows.map((r) => r.key));
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

export async function deleteSessionFileRecords(db: Db, sessionId: number): Promise<void> {
  await db.deleteFrom('session_files').where('session_id', '=', sessionId).execute();
}
