import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@common': path.resolve(import.meta.dirname, 'common') } },
  test: {
    include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: process.env.PLUME_RESULTS ? ['default', 'json'] : ['default'],
    outputFile: process.env.PLUME_RESULTS ? { json: `${process.env.PLUME_RESULTS}/vitest.json` } : undefined,
  },
});
