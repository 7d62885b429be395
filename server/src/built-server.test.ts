import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, onServer } from '../test/database-template';
import { ROOT_DIR } from './config';

/**
 * The server as `npm start` runs it: bundled by scripts/build.mjs (its migrations built beside it) and run with
 * plain node, on a new database — SQLite, or a new PostgreSQL database when DATABASE_URL is set. Every other
 * test runs the sources; the bundle once carried its own Kysely beside the migrations' and never started on
 * PostgreSQL (db/index.ts, `isPostgres`).
 */
describe('the built server on a new database', () => {
  const outDir = path.join(ROOT_DIR, 'dist', `built-server-test-${crypto.randomBytes(4).toString('hex')}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plume-built-'));
  const serverUrl = process.env.DATABASE_URL;
  const database = `plume_built_${crypto.randomBytes(4).toString('hex')}`;
  let server: ChildProcess | undefined;
  let base = '';
  let output = '';

  beforeAll(async () => {
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        'const { buildServer } = await import("./scripts/build.mjs"); await buildServer(process.argv[1]);',
        outDir,
      ],
      { cwd: ROOT_DIR, stdio: 'inherit' },
    );
    const databaseUrl = serverUrl ? await createDatabase(serverUrl, database) : undefined;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      CAPTCHA_PROVIDER: 'none',
      DATABASE_URL: databaseUrl ?? '',
    };
    server = spawn(process.execPath, [path.join(outDir, 'server.js')], { cwd: ROOT_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // the server logs the address it listens on (PORT 0: one the system chose)
    await vi.waitFor(
      () => {
        expect(server!.exitCode, output).toBeNull();
        const address = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(output);
        expect(address, output).not.toBeNull();
        base = address![1];
      },
      { timeout: 30_000, interval: 50 },
    );
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (serverUrl) await onServer(serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts, migrates the database, and signs a new author up', async () => {
    const health = await fetch(`${base}/api/health`);
    expect(await health.json()).toEqual({ success: { database: 'ok', storage: 'ok' } });

    const headers = { 'content-type': 'application/json', lng: 'en' };
    const password = 'Correct-horse-42';
    const email = `built-${crypto.randomBytes(4).toString('hex')}@plume.example`;
    const registered = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ first_name: 'Ada', last_name: 'Byron', email, city: 'London', password, confirm_password: password }),
    });
    expect(registered.status, await registered.clone().text()).toBe(200);
    const { registration_ticket } = (await registered.json()).success;
    const verified = await fetch(`${base}/api/verifyRegistrationWithoutOtp`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, registration_ticket }),
    });
    expect(verified.status, await verified.clone().text()).toBe(200);
    const { token } = (await verified.json()).success;
    const user = await fetch(`${base}/api/getUser`, { headers: { authorization: `Bearer ${token}` } });
    expect((await user.json()).success.email).toBe(email);
  });
});
