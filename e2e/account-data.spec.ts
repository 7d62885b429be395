import fs from 'node:fs';
import JSZip from 'jszip';
import { expect, test } from '@playwright/test';
import { actAsUser, createBook, signUp } from './helpers/api';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';
import { JOURNEY_LANGUAGES } from './helpers/languages';

/**
 * Issue 18 item 10: from the profile, a signed-in author downloads everything kept about them (a zip
 * with their account and book) and deletes their account after confirming with the password; the
 * old session then opens nothing. Screenshots of the section at 375 and 1440 px in four languages.
 */
test('profile: download all my data, then delete the account with its confirmation', async ({ page, request }) => {
  const user = await signUp(request, { prefix: 'my-data' });
  await createBook(request, user.token, {
    book_name: 'Letters from Lyon',
    another_story_subject: 'My grandmother, who baked bread in Lyon for fifty years',
  });
  await actAsUser(page, user.token);
  await page.goto('/en/profile');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download all my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^plume-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await JSZip.loadAsync(fs.readFileSync((await download.path())!));
  const data = JSON.parse(await zip.file('plume-data.json')!.async('string'));
  expect(data.account.email).toBe(user.email);
  expect(data.books.map((book: { book_name: string }) => book.book_name)).toContain('Letters from Lyon');

  await page.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Delete everything' }).click();
  await expect(dialog.getByText('Type your password (or, with Google, your e-mail address) to confirm.')).toBeVisible();
  await dialog.getByLabel(/password/i).fill('not the password');
  await dialog.getByRole('button', { name: 'Delete everything' }).click();
  await expect(dialog.locator('[role="alert"], [aria-invalid="true"]').first()).toBeVisible();
  expect((await request.get('/api/getUser', { headers: user.auth })).status()).toBe(200);

  await dialog.getByLabel(/password/i).fill(user.password);
  await dialog.getByRole('button', { name: 'Delete everything' }).click();
  // password check (argon2) and every file's deletion: slow on a loaded machine; then where a new visitor starts
  await expect(page).toHaveURL(/\/en\/general-categories\/1$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What do you want to write about?');
  expect((await request.get('/api/getUser', { headers: user.auth })).status()).toBe(401);
});

for (const lng of JOURNEY_LANGUAGES) {
  test(`profile data section screenshots (${lng})`, async ({ page, request }, testInfo) => {
    const user = await signUp(request, { prefix: `my-data-${lng}`, lng });
    await actAsUser(page, user.token);
    for (const width of Object.values(WIDTHS)) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/${lng}/profile`);
      const section = page.locator('section[aria-labelledby="my-data-heading"]');
      await section.scrollIntoViewIfNeeded();
      await expect(section.getByRole('heading', { level: 2 })).toBeVisible();
      await saveScreenshot(page, testInfo, 'profile-my-data', lng, { fullPage: false });
      await section.getByRole('button').last().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await saveScreenshot(page, testInfo, 'profile-delete-dialog', lng, { fullPage: false });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    }
  });
}

test('the profile form stays inside its card at 375 and 1440 px in four languages', async ({ browser, request }, testInfo) => {
  const user = await signUp(request, {
    prefix: 'profile-layout',
    first_name: 'Marie-Thérèse',
    last_name: 'de La Rochefoucauld-Montmorency',
    city: 'Saint-Rémy-de-Provence',
  });
  for (const width of [WIDTHS.phone, WIDTHS.desktop]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await actAsUser(page, user.token);
    for (const lng of JOURNEY_LANGUAGES) {
      await page.goto(`/${lng}/profile`);
      const form = page.locator('form').filter({ has: page.locator('input[name="first_name"]') });
      await expect(form.locator('input[name="last_name"]')).toHaveValue('de La Rochefoucauld-Montmorency');
      const outside = await form.evaluate((element) => {
        const card = (element.parentElement ?? element).getBoundingClientRect();
        const page = document.documentElement.clientWidth;
        return [...element.querySelectorAll('input, button')]
          .map((control) => ({ name: control.getAttribute('name') ?? control.textContent, box: control.getBoundingClientRect() }))
          .filter(({ box }) => box.left < card.left - 0.5 || box.right > card.right + 0.5 || box.right > page)
          .map(({ name }) => name);
      });
      expect(outside, `${lng} at ${width} px`).toEqual([]);
      await saveScreenshot(page, testInfo, 'profile-form', lng);
    }
    await context.close();
  }
});
