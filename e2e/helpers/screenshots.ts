import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** Where screenshots are kept for people to look at (git-ignored). */
export const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '..', 'artifacts');

export const WIDTHS = { phone: 375, desktop: 1440 } as const;

/**
 * Takes a full-page screenshot named `{name}-{lang}-{width}.png`, saves it in e2e/artifacts/ and
 * attaches it to the test report. Skipped with PLUME_SCREENSHOTS=off (CI, where nobody looks at them); what a
 * person would see wrong in any picture is checked even then (`expectChoicesInShape`).
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
  await expectChoicesInShape(page);
  if (process.env.PLUME_SCREENSHOTS === 'off') return;
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(ARTIFACTS_DIR, `${name}-${lang}-${width}.png`);
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const body = await page.screenshot({ path: file, fullPage: options.fullPage ?? true, animations: options.animations ?? 'disabled' });
  await testInfo.attach(`${name}-${lang}-${width}`, { body, contentType: 'image/png' });
  return file;
}

/**
 * Every checkbox and radio button shown is as wide as it is high: a long label beside one in a flex row squeezes it
 * (a flex item shrinks unless told not to), a narrower circle than its neighbours on a phone.
 */
async function expectChoicesInShape(page: Page) {
  const squeezed = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>('input[type=checkbox], input[type=radio]')].flatMap((input) => {
      const box = input.getBoundingClientRect();
      const style = getComputedStyle(input);
      if (!box.width || !box.height || style.opacity === '0' || style.visibility === 'hidden') return [];
      return Math.abs(box.width - box.height) > 0.5 ? [`${input.name || input.id || input.value}: ${box.width} × ${box.height}`] : [];
    }),
  );
  expect(squeezed, 'checkboxes and radio buttons out of shape').toEqual([]);
}
