import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

/** Where screenshots are kept for people to look at (git-ignored). */
export const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '..', 'artifacts');

export const WIDTHS = { phone: 375, desktop: 1440 } as const;

/**
 * Takes a full-page screenshot named `{name}-{lang}-{width}.png`, saves it in e2e/artifacts/ and
 * attaches it to the test report. Skipped with PLUME_SCREENSHOTS=off (CI, where nobody looks at them).
 * `animations: 'allow'` for a picture of a toast: disabling animations fast-forwards its timer bar to the
 * end, which closes it before the picture is taken.
 */
export async function saveScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  lang: string,
  options: { fullPage?: boolean; animations?: 'allow' | 'disabled' } = {},
) {
  // let web fonts and images settle so the picture shows what a person sees (and what a caller checks next is measured settled, picture or not)
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  if (process.env.PLUME_SCREENSHOTS === 'off') return;
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(ARTIFACTS_DIR, `${name}-${lang}-${width}.png`);
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const body = await page.screenshot({ path: file, fullPage: options.fullPage ?? true, animations: options.animations ?? 'disabled' });
  await testInfo.attach(`${name}-${lang}-${width}`, { body, contentType: 'image/png' });
  return file;
}
