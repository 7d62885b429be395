import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './e2e/helpers/chromium';

const port = Number(process.env.E2E_PORT ?? 8123);
// Computed once by the runner and inherited by its workers, so specs (and the commands they spawn,
// e.g. `scripts/coupon.ts`) reach the server's database: PLUME_E2E_DATA_DIR (+ DATABASE_URL if set).
const dataDir = process.env.PLUME_E2E_DATA_DIR ?? path.join(os.tmpdir(), `plume-e2e-${process.pid}`);
process.env.PLUME_E2E_DATA_DIR = dataDir;

/** End-to-end journeys in the system Chromium against the production build, on a fresh data folder. */
export default defineConfig({
  testDir: 'e2e',
  // the voice journey needs a fake microphone and a speech stand-in (e2e/voice.config.ts); the writing
  // assistant's journey a model stand-in (e2e/writing.config.ts); the captcha journey the built-in captcha (e2e/captcha.config.ts)
  testIgnore: ['voice.spec.ts', 'writing.spec.ts', 'captcha.spec.ts'],
  outputDir: 'test-results',
  // generous: on a shared 2-core CI machine a page's first load has taken over 10 s (a passing step never waits for these)
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // two spec files at a time: the browser waits on the server most of the time, so two fit two cores
  // (one account per test, every account from its own address: the specs do not share state)
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLUME_RESULTS ? [['list'], ['json', { outputFile: `${process.env.PLUME_RESULTS}/playwright.json` }]] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    // recording a trace costs a quarter of a journey's time (DOM snapshots and screencast at every step):
    // CI records it only when a failed test runs again; a local run keeps the trace of each failure
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'npx tsx server/src/server.ts',
    url: `http://localhost:${port}/api/tools`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      CAPTCHA_PROVIDER: 'none',
      // e2e/helpers/api.ts gives each account it makes its own X-Forwarded-For address
      TRUST_PROXY: 'true',
      NODE_ENV: 'test',
      // the footer's support line shows only when configured (e2e/site.spec.ts, foundation.spec.ts)
      SUPPORT_PHONE: '+44 20 7946 0000',
      OPERATOR_EMAIL: 'operator@plume.example',
      // the footer shows only the social accounts configured (foundation.spec.ts)
      INSTAGRAM_URL: 'https://www.instagram.com/plume.example',
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'dist/web',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
