import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * A test that builds the app (`buildTestApp`, or the web's `startApiServer` around it), names the database's URL or
 * imports a database module: its verdict may depend on the database.
 */
const OPENS_A_DATABASE = /buildTestApp|startApiServer|DATABASE_URL|test\/helpers'|from '[^']*\/db['/]/;

/**
 * With PLUME_TEST_SCOPE=database (CI's PostgreSQL pass) only the tests that open a database run: the others (the
 * web's components and hooks on their own, common's rules, the server's typesetting, importers, providers…) give
 * the same verdict on either database and ran in the SQLite pass (docs/decisions/0040-ci-database-pass.md).
 */
function databaseTests() {
  return ['common', 'server', 'web/src']
    .flatMap((dir) =>
      fs
        .readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.test\.tsx?$/.test(file))
        .map((file) => `${dir}/${file}`),
    )
    .filter((file) => OPENS_A_DATABASE.test(fs.readFileSync(file, 'utf8')));
}

export default defineConfig({
  resolve: { alias: { '@common': path.resolve(import.meta.dirname, 'common') } },
  test: {
    include:
      process.env.PLUME_TEST_SCOPE === 'database'
        ? databaseTests()
        : ['common/**/*.test.ts', 'server/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // one database migrated once per run, which each test app copies (server/test/database-template.ts)
    globalSetup: ['server/test/database-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker per core but one: a single worker on a 2-core CI machine, where most
    // files wait on child processes (pdftotext, EPUBCheck, a spawned server) or on PostgreSQL
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    reporters: process.env.PLUME_RESULTS ? ['default', 'json'] : ['default'],
    outputFile: process.env.PLUME_RESULTS ? { json: `${process.env.PLUME_RESULTS}/vitest.json` } : undefined,
  },
});
