/**
 * The system Chromium and the flags both the e2e specs (playwright.config.ts) and the Lighthouse bench
 * (bench/lighthouse.ts) launch it with: no sandbox (root in a container), no GPU, and none of the
 * browser's own background traffic (updates, sync, first-run pages) beside what is measured or tested.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
