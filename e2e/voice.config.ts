import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

/**
 * The voice journey (issue 7): the production app with STT_PROVIDER=openai pointed at the whisper
 * stand-in the spec starts on 127.0.0.1:8191, and Chromium with a fake microphone that plays a WAV
 * made with espeak-ng. Run: `npx playwright test -c e2e/voice.config.ts`.
 */
export const WHISPER_STAND_IN_PORT = 8191;
const fakeAudio = path.resolve(import.meta.dirname, 'fixtures/voice/speech-en.wav');
const launch = base.use?.launchOptions ?? {};

process.env.PLUME_VOICE_E2E = '1';

// eslint-disable-next-line no-restricted-syntax -- Playwright reads the default export
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'voice.spec.ts',
  testIgnore: [],
  reporter: process.env.PLUME_RESULTS
    ? [['list'], ['json', { outputFile: `${process.env.PLUME_RESULTS}/playwright-voice.json` }]]
    : [['list']],
  // its own folder: a parallel run of the default config empties test-results/
  outputDir: path.join(os.tmpdir(), `plume-e2e-voice-results-${process.env.E2E_PORT ?? 'default'}`),
  use: {
    ...base.use,
    permissions: ['microphone'],
    launchOptions: {
      ...launch,
      args: [
        ...(launch.args ?? []),
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-audio-capture=${fakeAudio}`,
      ],
    },
  },
  webServer:
    base.webServer && !Array.isArray(base.webServer)
      ? {
          ...base.webServer,
          cwd: path.resolve(import.meta.dirname, '..'),
          env: {
            ...base.webServer.env,
            STT_PROVIDER: 'openai',
            STT_BASE_URL: `http://127.0.0.1:${WHISPER_STAND_IN_PORT}/v1`,
            STT_API_KEY: 'sk-e2e-voice',
            STT_MODEL: 'whisper-1',
            STT_TIMEOUT_MS: '15000',
          },
        }
      : base.webServer,
});
