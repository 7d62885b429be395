import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

/**
 * Sign-in after wrong passwords with the built-in captcha (issue 16 item 7): the production app with
 * CAPTCHA_PROVIDER=altcha (the default config runs without a captcha). Run:
 * `npx playwright test -c e2e/captcha.config.ts`.
 */
// eslint-disable-next-line no-restricted-syntax -- Playwright reads the default export
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'captcha.spec.ts',
  testIgnore: [],
  reporter: process.env.PLUME_RESULTS
    ? [['list'], ['json', { outputFile: `${process.env.PLUME_RESULTS}/playwright-captcha.json` }]]
    : [['list']],
  // its own folder: a parallel run of the default config empties test-results/
  outputDir: path.join(os.tmpdir(), `plume-e2e-captcha-results-${process.env.E2E_PORT ?? 'default'}`),
  webServer:
    base.webServer && !Array.isArray(base.webServer)
      ? {
          ...base.webServer,
          cwd: path.resolve(import.meta.dirname, '..'),
          env: { ...base.webServer.env, CAPTCHA_PROVIDER: 'altcha' },
        }
      : base.webServer,
});
