import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { CheckpointData } from '@common/schemas/session';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type Env } from '../src/config';
import { createDb, nowIso, type Db } from '../src/db';
import { createDatabase, onServer, PG_TEMPLATE_ENV, SQLITE_TEMPLATE_ENV } from './database-template';
import { hashToken, newToken } from '../src/auth/tokens';
import { findSessionRow, insertSession, updateSessionFields, type SessionRow } from '../src/books/repository';

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

/**
 * The production app on a fresh database: a temp SQLite file, or — when DATABASE_URL is set —
 * a new PostgreSQL database on that server, dropped when the app closes.
 */
export async function buildTestApp(
  overrides: Partial<Env> = {},
  options: Pick<BuildOptions, 'onRoute' | 'logStream'> = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plume-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `plume_test_${crypto.randomBytes(6).toString('hex')}`;
    const template = process.env[PG_TEMPLATE_ENV];
    databaseUrl = await createDatabase(serverUrl, name, template);
    dropDatabase = () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      CAPTCHA_PROVIDER: 'none',
      ...overrides,
    },
  );
  const sqliteTemplate = process.env[SQLITE_TEMPLATE_ENV];
  if (!serverUrl && sqliteTemplate && !fs.existsSync(path.join(config.dataDir, 'plume.sqlite'))) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.copyFileSync(sqliteTemplate, path.join(config.dataDir, 'plume.sqlite'));
  }
  const db = createDb(config);
  const app = await buildApp(config, { db, ...(!options.logStream && { logger: false }), ...options });
  app.addHook('onClose', async () => {
    await db.destroy();
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}

let userCounter = 0;

export type TestUser = Awaited<ReturnType<typeof createUser>>;

/** A verified user with a valid bearer token, written straight to the database. */
export async function createUser(
  app: TestApp,
  overrides: Partial<{ email: string; first_name: string; is_verified: boolean; language: string }> = {},
) {
  userCounter += 1;
  const email = overrides.email ?? `user${userCounter}-${crypto.randomBytes(3).toString('hex')}@example.com`;
  const now = nowIso();
  const user = await app.ctx.db
    .insertInto('users')
    .values({
      email,
      password_hash: null,
      first_name: overrides.first_name ?? 'Ada',
      last_name: 'Lovelace',
      city: 'London',
      is_verified: overrides.is_verified === false ? 0 : 1,
      coupon_code: null,
      language: overrides.language ?? 'en',
      google_sub: null,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  const token = await newSignInToken(app.ctx.db, user.id);
  return { ...user, token, headers: { authorization: `Bearer ${token}` } };
}

/** A new sign-in token of a user, valid for a day (as a login gives one). */
export async function newSignInToken(db: Db, userId: number): Promise<string> {
  const token = newToken();
  await db
    .insertInto('auth_tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      revoked_at: null,
      created_at: nowIso(),
    })
    .execute();
  return token;
}

/**
 * A book's checkpoint: `chapters` chapters (ids 1…n) of two unanswered questions each (ids 10·c, 10·c+1),
 * and one survey question with nothing selected.
 */
export function buildCheckpoint(chapters = 3): CheckpointData {
  return {
    data: Array.from({ length: chapters }, (_, c) => ({
      id: c + 1,
      general_category_id: 1,
      name: `Chapter ${c + 1}`,
      questions: [0, 1].map((q) => ({ id: (c + 1) * 10 + q, name: `Question ${q + 1}`, transcript: '', question_category_id: c + 1 })),
      generated_content: '',
      generated_count: 0,
    })),
    another_story_subject: 'A life by the sea',
    lookups: { survey_questions: [{ id: 1, name: 'Style', survey_answers: [{ id: 1, name: 'Warm', is_selected: false }] }] },
    general_category_id: 1,
    category_based_type_ids: [2],
    services_with_plans: [],
  };
}

export interface BookOptions {
  paid?: boolean;
  /** The whole checkpoint (else `buildCheckpoint(chapters)`). */
  checkpoint?: CheckpointData;
  chapters?: number;
  bookName?: string;
  language?: string;
}

/** A book written straight to the database, owned by a user (`userId`) or by a guest (`guestToken`). */
export async function createBook(
  app: TestApp,
  owner: { userId?: number; guestToken?: string },
  options: BookOptions = {},
): Promise<SessionRow> {
  const row = await insertSession(app.ctx.db, {
    user_id: owner.userId ?? null,
    guest_token_hash: owner.guestToken ? hashToken(owner.guestToken) : null,
    service_id: 1,
    general_category_id: 1,
    book_name: options.bookName ?? 'My life',
    language: options.language ?? 'en',
    checkpoint: options.checkpoint ?? buildCheckpoint(options.chapters),
  });
  if (!options.paid) return row;
  await updateSessionFields(app.ctx.db, row.id, { is_payed: 1 });
  return (await findSessionRow(app.ctx.db, row.id))!;
}

/**
 * What a server node that crashed mid-job leaves behind: the job taken, its lease long lapsed. On SQLite a
 * `jobs` row; on PostgreSQL a job of pg-boss's table in state `active`, started an hour ago with a one-second
 * expiry (what pg-boss-queue.ts sends, less the renewals a dead node no longer makes).
 */
export async function leaveJobOfACrashedNode(app: TestApp, kind: string, refId: number) {
  const at = nowIso();
  if (!app.ctx.config.DATABASE_URL) {
    await app.ctx.db
      .insertInto('jobs')
      .values({
        kind,
        ref_id: refId,
        state: 'running',
        attempts: 1,
        lease_until: '2000-01-01T00:00:00.000Z',
        created_at: at,
        updated_at: at,
      })
      .execute();
    return;
  }
  await app.ctx.queue.idle(); // pg-boss has started and made its queues
  await sql`INSERT INTO pgboss.job (name, data, state, retry_limit, started_on, expire_in, dead_letter)
    VALUES (${kind}, ${JSON.stringify({ refId })}::jsonb, 'active', 2, now() - interval '1 hour', interval '1 second', ${`${kind}__failed`})`.execute(
    app.ctx.db,
  );
}
