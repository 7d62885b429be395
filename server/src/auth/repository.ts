import type { Selectable } from 'kysely';
import { COOKIE_LIFETIME_MS } from '@common/constants';
import type { User } from '@common/schemas/auth';
import { nowIso, postgresConnectionOf, sqliteConnectionOf, toBool, type Db } from '../db';
import { TOKEN_OWNERS_CHANNEL } from '../db/migrations/0350_token_owner_changes';
import type { UsersTable } from '../db/schema';
import { preparedQuery } from '../db/prepared';
import { hashToken, newToken } from './tokens';

export type UserRow = Selectable<UsersTable>;
export type TicketPurpose = 'reset' | 'confirm' | 'registration';

/** Bearer tokens live 30 days (spec section 9, the cookie lifetime). */
const TOKEN_LIFETIME_MS = COOKIE_LIFETIME_MS;

export function presentUser(
  row: Pick<UserRow, 'id' | 'first_name' | 'last_name' | 'email' | 'city' | 'coupon_code'> & { is_verified: number | boolean },
): User {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    city: row.city,
    is_verified: toBool(row.is_verified),
    coupon_code: row.coupon_code,
  };
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByGoogleSub(db: Db, sub: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
}

export interface NewUser {
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  city: string;
  is_verified: boolean;
  language: string;
  google_sub?: string | null;
}

/** Inserts a user; undefined when the e-mail (or Google account) is already taken. */
export async function insertUser(db: Db, input: NewUser): Promise<UserRow | undefined> {
  const now = nowIso();
  return db
    .insertInto('users')
    .values({
      email: input.email.trim().toLowerCase(),
      password_hash: input.password_hash,
      first_name: input.first_name,
      last_name: input.last_name,
      city: input.city,
      is_verified: input.is_verified ? 1 : 0,
      coupon_code: null,
      language: input.language,
      google_sub: input.google_sub ?? null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function updateUser(
  db: Db,
  id: number,
  fields: Partial<Pick<UserRow, 'first_name' | 'last_name' | 'city' | 'password_hash' | 'is_verified' | 'google_sub' | 'language'>>,
): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ ...fields, updated_at: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A new bearer token for a user (stored hashed, 30 days); `remember` makes its session cookie last as long. */
export async function issueToken(db: Db, userId: number, remember = false): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await db
    .insertInto('auth_tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      expires_at: new Date(now + TOKEN_LIFETIME_MS).toISOString(),
      revoked_at: null,
      created_at: new Date(now).toISOString(),
      remember: remember ? 1 : 0,
    })
    .execute();
  return token;
}

export async function revokeToken(db: Db, tokenHash: string): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: nowIso() })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Marks a token replaced, once: it lives at most `graceMs` more (another tab may still be using it)
 * and can never be replaced again. One conditional UPDATE, so two concurrent refreshes of one token
 * cannot both win. False when it was already replaced.
 */
export async function replaceToken(db: Db, tokenHash: string, graceMs: number): Promise<boolean> {
  const now = new Date();
  const until = new Date(now.getTime() + graceMs).toISOString();
  const result = await db
    .updateTable('auth_tokens')
    .set((eb) => ({
      replaced_at: now.toISOString(),
      expires_at: eb.case().when('expires_at', '>', until).then(until).else(eb.ref('expires_at')).end(),
    }))
    .where('token_hash', '=', tokenHash)
    .where('replaced_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeAllTokens(db: Db, userId: number): Promise<void> {
  await db.updateTable('auth_tokens').set({ revoked_at: nowIso() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

/**
 * The token lookup of every signed-in request: built once (db/prepared.ts), and only the columns the
 * request's user and a refresh need (not the password hash, Google id and dates of `users.*`).
 */
const tokenOwnerQuery = preparedQuery((db: Db, tokenHash: string) =>
  db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select([
      'users.id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.city',
      'users.is_verified',
      'users.coupon_code',
      'users.language',
    ])
    .select([
      'auth_tokens.expires_at as token_expires_at',
      'auth_tokens.revoked_at as token_revoked_at',
      'auth_tokens.replaced_at as token_replaced_at',
      'auth_tokens.remember as token_remember',
    ])
    .where('auth_tokens.token_hash', '=', tokenHash),
);

type TokenOwner = NonNullable<Awaited<ReturnType<typeof tokenOwnerQuery.executeTakeFirst>>>;

/** How many token lookups are kept (a few hundred bytes each). */
const KEPT_OWNERS = 10_000;

/**
 * On PostgreSQL, the longest a lookup is kept: the notifications say when to forget it, and this bounds what a
 * connection that stopped hearing them without knowing it (a silent network) could keep.
 */
const KEPT_OWNER_MS_POSTGRES = 10_000;

/** The tables a token lookup reads: a write to either forgets every kept lookup. */
const TOKEN_OWNER_TABLES = ['users', 'auth_tokens'] as const;

/**
 * The token lookups of the last requests, kept while the tables they read are unchanged, so that every request
 * of a page (a workspace asks for 5–10 at once) costs one lookup (issue 17 items 4 and 5). A sign-in, sign-out,
 * refresh, password change or profile edit forgets them all. `stamp` changes whenever those tables may have:
 * - on SQLite, a write of this process to them (its connection counts them) or any other process's commit
 *   (`data_version`; the operator commands write neither table, but would be seen);
 * - on PostgreSQL, where other nodes write, a write of this process (counted as it ends and as its transaction
 *   ends) or a notification of any node's commit (migration 0350's trigger); while the listening connection is
 *   down nothing is kept (`stamp` is null), and a lookup is kept at most KEPT_OWNER_MS_POSTGRES.
 */
interface KeptOwners {
  stamp: () => string | null;
  maxAgeMs: number;
  seen: string | null;
  rows: Map<string, { row: TokenOwner; at: number }>;
}
const keptOwners = new WeakMap<Db, KeptOwners>();

function keptOwnersOf(db: Db): KeptOwners | undefined {
  let kept = keptOwners.get(db);
  if (kept) return kept;
  const stamp = stampOf(db);
  if (!stamp) return undefined;
  kept = { stamp, maxAgeMs: postgresConnectionOf(db) ? KEPT_OWNER_MS_POSTGRES : Infinity, seen: null, rows: new Map() };
  keptOwners.set(db, kept);
  return kept;
}

function stampOf(db: Db): (() => string | null) | undefined {
  const sqlite = sqliteConnectionOf(db);
  if (sqlite) {
    const writes = sqlite.watchWrites(TOKEN_OWNER_TABLES);
    return () => `${writes()} ${sqlite.dataVersion()}`;
  }
  const postgres = postgresConnectionOf(db);
  if (postgres) {
    const writes = postgres.watchWrites(TOKEN_OWNER_TABLES);
    const notified = postgres.listen(TOKEN_OWNERS_CHANNEL);
    return () => (notified.active() ? `${writes()} ${notified.generation()}` : null);
  }
  return undefined;
}

/** The live token row of a bearer token, whatever the user's verification state. */
export async function findTokenOwner(db: Db, tokenHash: string): Promise<TokenOwner | undefined> {
  const kept = keptOwnersOf(db);
  if (!kept) return tokenOwnerQuery.executeTakeFirst(db, tokenHash);
  const stamp = kept.stamp();
  if (stamp !== kept.seen) {
    kept.rows.clear();
    kept.seen = stamp;
  }
  const now = performance.now();
  const known = stamp === null ? undefined : kept.rows.get(tokenHash);
  if (known && now - known.at < kept.maxAgeMs) return known.row;
  const row = await tokenOwnerQuery.executeTakeFirst(db, tokenHash);
  // kept only if nothing was written while it was read (inside a transaction the read waits its turn)
  if (row && stamp !== null && kept.seen === stamp && kept.stamp() === stamp) {
    if (kept.rows.size >= KEPT_OWNERS) kept.rows.delete(kept.rows.keys().next().value!);
    kept.rows.set(tokenHash, { row: Object.freeze(row), at: now });
  }
  return row;
}

/** A single-use ticket (reset link, confirmation link, registration ticket); returns the raw value. */
export async function issueTicket(db: Db, userId: number, purpose: TicketPurpose, lifetimeMs: number): Promise<string> {
  const ticket = newToken();
  const now = Date.now();
  await db
    .insertInto('account_tickets')
    .values({
      user_id: userId,
      purpose,
      token_hash: hashToken(ticket),
      expires_at: new Date(now + lifetimeMs).toISOString(),
      used_at: null,
      created_at: new Date(now).toISOString(),
    })
    .execute();
  return ticket;
}

/**
 * Uses a ticket exactly once: one UPDATE that only succeeds while the ticket is unused and
 * unexpired, so two concurrent uses cannot both win. Returns the owner's id, or null.
 */
export async function consumeTicket(db: Db, ticket: string, purpose: TicketPurpose, userId?: number): Promise<number | null> {
  const now = nowIso();
  let query = db
    .updateTable('account_tickets')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(ticket))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const row = await query.returning('user_id').executeTakeFirst();
  return row ? row.user_id : null;
}

/** Other open tickets of the same kind stop working once a newer one is used. */
export async function retireTickets(db: Db, userId: number, purpose: TicketPurpose): Promise<void> {
  await db
    .updateTable('account_tickets')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
