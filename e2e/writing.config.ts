import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

/**
 * The writing assistant in the browser (issue 15): the production app with GENERATION_BASE_URL
 * pointed at the OpenAI-compatible stand-in that e2e/writing.spec.ts starts on 127.0.0.1 at
 * E2E_PORT + 1000. Run: `npx playwright test -c e2e/writing.config.ts`.
 */
export const OPENAI_STAND_IN_PORT = Number(process.env.E2E_PORT ?? 8123) + 1000;

process.env.PLUME_WRITING_E2E = '1';

// eslint-disable-next-line no-restricted-syntax -- Playwright reads the default export
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'writing.spec.ts',
  testIgnore: [],
  reporter: process.env.PLUME_RESULTS
    ? [['list'], ['json', { outputFile: `${process.env.PLUME_RESULTS}/playwright-writing.json` }]]
    : [['list']],
  // its own folder: a parallel run of the default config empties test-results/
  outputDir: path.join(os.tmpdir(), `plume-e2e-writing-results-${process.env.E2E_PORT ?? 'default'}`),
  webServer:
    base.webServer && !Array.isArray(base.webServer)
      ? {
          ...base.webServer,
          cwd: path.resolve(import.meta.dirname, '..'),
          env: {
            ...base.webServer.env,
            GENERATION_BASE_URL: `http://127.0.0.1:${OPENAI_STAND_IN_PORT}/v1`,
            GENERATION_API_KEY: 'sk-e2e-writing',
            GENERATION_MODEL: 'stand-in',
            GENERATION_TIMEOUT_MS: '15000',
          },
        }
      : base.webServer,
});
