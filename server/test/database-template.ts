import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { buildApp } from '../src/app';
import { createDb } from '../src/db';

/**
 * Vitest's global setup: one database made once per run by the app's own start (migrations, seed, the
 * queue's tables on PostgreSQL), which every test app starts from (`buildTestApp` copies the SQLite
 * file, or creates its PostgreSQL database from it as a template) instead of running every migration
 * again (~0.5 s an app, more on PostgreSQL). Each app still runs its start; it finds nothing to do. Set in the environment the
 * test workers inherit; a `buildTestApp` outside Vitest (bench/, the web tests' server) migrates as before.
 */
export const SQLITE_TEMPLATE_ENV = 'PLUME_TEST_SQLITE_TEMPLATE';
export const PG_TEMPLATE_ENV = 'PLUME_TEST_PG_TEMPLATE';

export async function setup(): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plume-test-template-'));
  const serverUrl = process.env.DATABASE_URL;
  const name = `plume_template_${crypto.randomBytes(6).toString('hex')}`;
  const databaseUrl = serverUrl ? await createDatabase(serverUrl, name) : undefined;
  const config = loadConfig(
    {},
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, CAPTCHA_PROVIDER: 'none' },
  );
  // the app itself: its migrations and seed, and on PostgreSQL the queue's own tables (pg-boss installs them at start)
  const db = createDb(config);
  const app = await buildApp(config, { db, logger: false });
  await app.ready();
  await app.ctx.queue.idle();
  await app.close();
  await db.destroy();
  if (serverUrl) process.env[PG_TEMPLATE_ENV] = name;
  else process.env[SQLITE_TEMPLATE_ENV] = path.join(dataDir, 'plume.sqlite');

  return async () => {
    if (serverUrl) await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

/** A new database `name` on the PostgreSQL server of `serverUrl` (a copy of `template` if given); its URL. */
export async function createDatabase(serverUrl: string, name: string, template?: string): Promise<string> {
  await onServer(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on a connection of its own to `serverUrl` (a server or one of its databases). */
export async function onServer(serverUrl: string, statement: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement, values);
  } finally {
    await client.end();
  }
}
