import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@common': path.resolve(import.meta.dirname, 'common') } },
  test: {
    include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
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
