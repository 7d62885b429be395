import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db';
import { inGroupCommit } from '../db/group-commit';
import { preparedQuery } from '../db/prepared';
import { guestTokenHash } from '../books/policy';
import { AppError } from '../http/errors';
import { clientAddress } from '../http/client-address';

/**
 * A fixed-window limiter over the shared `counters` table, so every node sees the same counts
 * (SQLite or PostgreSQL; one atomic upsert per hit). Any area can use it:
 *
 *   await rateLimit(ctx, { key: `login:ip:${request.ip}`, max: 100, windowMs: 15 * 60_000 });
 *
 * or, as the first step of a route's pipeline, `{ preHandler: limitByIp(db, 'login', LIMITS.loginPerIp) }`.
 *
 * Over the limit it throws 429 `rate_limited` (translated by the error handler).
 */
export interface LimitRule {
  /** Unique per subject, e.g. `login:ip:1.2.3.4` or `login:fail:ada@example.com`. */
  key: string;
  max: number;
  windowMs: number;
}

type WithDb = { db: Db } | Db;
const dbOf = (source: WithDb): Db => ('selectFrom' in source ? source : source.db);

/** A limit without its key: how many hits in how long. */
export type LimitWindow = Omit<LimitRule, 'key'>;

function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError(429, 'rate_limited', {}, { retry_after: Math.max(1, Math.ceil(retryAfterSeconds)) });
}

/** One hit on a counter: a new window at `fresh` once the last one has ended by `now`. */
const counterHit = preparedQuery((db: Db, key: string, now: number, fresh: number) =>
  db
    .insertInto('counters')
    .values({ key, count: 1, expires_at: fresh })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when counters.expires_at <= cast(${now} as bigint) then 1 else counters.count + 1 end`,
        expires_at: sql<number>`case when counters.expires_at <= cast(${now} as bigint) then cast(${fresh} as bigint) else counters.expires_at end`,
      }),
    )
    .returning(['count', 'expires_at']),
);

/** Counts one hit; returns the count in the current window and when it ends (ms since epoch). */
export async function hit(source: WithDb, key: string, windowMs: number): Promise<{ count: number; resetAt: number }> {
  const db = dbOf(source);
  const now = Date.now();
  // a write before most requests: it shares its commit with the others of the same moment, and waits
  // for no fsync of its own (a count lost on power failure only lets a few more requests through)
  const { rows } = await inGroupCommit(db, counterHit.compile(db, `rl:${key}`, now, now + windowMs), { durable: false });
  // an upsert returning its row always has one
  return { count: Number(rows[0].count), resetAt: Number(rows[0].expires_at) };
}

/** Counts a hit and throws 429 once more than `max` hits fall in the window. */
export async function rateLimit(source: WithDb, rule: LimitRule): Promise<void> {
  const { count, resetAt } = await hit(source, rule.key, rule.windowMs);
  if (count > rule.max) throw rateLimited((resetAt - Date.now()) / 1000);
}

/** preHandler: one hit per client address, counted under `{name}:ip:{address}`. */
export function limitByIp(source: WithDb, name: string, window: LimitWindow) {
  return (request: FastifyRequest): Promise<void> => rateLimit(source, { key: `${name}:ip:${clientAddress(request)}`, ...window });
}

/** preHandler of `user` routes: one hit per signed-in user, counted under `{name}:user:{id}`. */
export function limitByUser(source: WithDb, name: string, window: LimitWindow) {
  return (request: FastifyRequest): Promise<void> =>
    rateLimit(source, { key: `${name}:user:${request.user?.id ?? `ip:${clientAddress(request)}`}`, ...window });
}

/** Who a limit counts: the signed-in user, else the guest's book token, else the address. */
export function requesterKey(request: FastifyRequest): string {
  if (request.user) return `user:${request.user.id}`;
  const guest = guestTokenHash(request);
  return guest ? `guest:${guest.slice(0, 32)}` : `ip:${clientAddress(request)}`;
}

/** preHandler: one hit per requester (user, else guest token, else address), counted under `{name}:{requester}`. */
export function limitByRequester(source: WithDb, name: string, window: LimitWindow) {
  return (request: FastifyRequest): Promise<void> => rateLimit(source, { key: `${name}:${requesterKey(request)}`, ...window });
}

/** Throws 429 when `key` already reached `max` in its window, without counting (e.g. failed logins). */
export async function checkLimit(source: WithDb, rule: Pick<LimitRule, 'key' | 'max'>): Promise<void> {
  const row = await dbOf(source)
    .selectFrom('counters')
    .select(['count', 'expires_at'])
    .where('key', '=', `rl:${rule.key}`)
    .executeTakeFirst();
  if (row && Number(row.expires_at) > Date.now() && Number(row.count) >= rule.max) {
    throw rateLimited((Number(row.expires_at) - Date.now()) / 1000);
  }
}

/** Forgets a key (e.g. the failure count after a successful login). */
export async function clearLimit(source: WithDb, key: string): Promise<void> {
  await dbOf(source).deleteFrom('counters').where('key', '=', `rl:${key}`).execute();
}

/** Drops expired counters; cheap, called now and then. */
export async function pruneCounters(source: WithDb): Promise<void> {
  await dbOf(source).deleteFrom('counters').where('expires_at', '<=', Date.now()).execute();
}

/**
 * Records a one-time key (e.g. a captcha solution) until `expiresAt` (ms since epoch); false when it
 * was already recorded, so the same proof never counts twice on any node. Expired keys of the same
 * prefix are dropped first.
 */
export async function recordOnce(source: WithDb, prefix: string, id: string, expiresAt: number): Promise<boolean> {
  const db = dbOf(source);
  await db.deleteFrom('counters').where('key', 'like', `${prefix}:%`).where('expires_at', '<=', Date.now()).execute();
  const inserted = await db
    .insertInto('counters')
    .values({ key: `${prefix}:${id}`, count: 1, expires_at: expiresAt })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}
