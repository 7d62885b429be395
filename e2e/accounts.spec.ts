import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './helpers/api';
import { ARTIFACTS_DIR } from './helpers/screenshots';

/**
 * Accounts journeys: register → thank-you → My Books; logout; login; forgot password → the message
 * in the outbox → reset → login with the new password. The server runs with CAPTCHA_PROVIDER=none
 * and writes mail to DATA_DIR/outbox (DATA_DIR from playwright.config.ts, keyed by the runner's pid).
 */
const dataDir = process.env.PLUME_E2E_DATA_DIR ?? path.join(os.tmpdir(), `plume-e2e-${process.ppid}`);
const outbox = path.join(dataDir, 'outbox');
const email = uniqueEmail('accounts');
const password = 'first secret 1';
const newPassword = 'second secret 2';

async function shot(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  // web fonts settled: the picture shows what a person sees
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `accounts-${name}.png`), fullPage: true });
}

async function resetLinkFor(address: string): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    if (fs.existsSync(outbox)) {
      for (const file of fs
        .readdirSync(outbox)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .reverse()) {
        const raw = fs
          .readFileSync(path.join(outbox, file), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        const link = /(https?:\/\/[^\s"<]+\/reset-password\?token=[\w-]+)/.exec(raw)?.[1];
        if (raw.includes(`To: ${address}`) && link) return link;
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no reset message for ${address} in ${outbox}`);
}

test.describe.configure({ mode: 'serial' });

test('register → thank-you → My Books', async ({ page }) => {
  await page.goto('/en/register');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  // checks before anything is sent
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('Please fill in this field.').first()).toBeVisible();
  await page.getByLabel('First name').fill('Jeanne');
  await page.getByLabel('Last name').fill('Martin');
  await page.getByLabel('E-mail address', { exact: true }).fill(email);
  await page.getByLabel('Confirm e-mail address').fill(`x${email}`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('City').fill('Lyon');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('The e-mail addresses do not match.').first()).toBeVisible();
  await page.getByLabel('Confirm e-mail address').fill(email);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('Please accept the terms and conditions.').first()).toBeVisible();
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Create my account' }).click();

  await expect(page).toHaveURL(/\/en\/thankyou\/register$/);
  await expect(page.getByText(`We have sent a welcome message to ${email}.`)).toBeVisible();
  const events = await page.evaluate(() => (window as unknown as { dataLayer?: Array<Record<string, string>> }).dataLayer ?? []);
  expect(events.find((e) => e.event === 'signup_event')).toMatchObject({
    login_mode: 'Normal',
    language: 'en',
    user_email_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
  });
  expect(JSON.stringify(events)).not.toContain(email);
  await shot(page, 'thank-you-1440');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/en\/my-books$/);
});

test('logout, then login', async ({ page }) => {
  await page.goto('/en/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/my-books$/);

  await page.goto('/en/profile');
  await expect(page.getByLabel('E-mail address')).toBeDisabled();
  await expect(page.getByLabel('E-mail address')).toHaveValue(email);
  await page.getByLabel('City').fill('Marseille');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile has been updated.')).toBeVisible();
  await shot(page, 'profile-1440');

  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL(/\/en\/login$/);
  await page.goto('/en/my-books');
  await expect(page).toHaveURL(/\/en\/login$/);

  // wrong password, then the right one
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('not my password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('The e-mail address or the password is not right.', { exact: false })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/my-books$/);
});

test('forgot password → mail in the outbox → reset → login with the new password', async ({ page }) => {
  await page.goto('/en/forgot-password');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account exists' })).toBeVisible();
  const link = new URL(await resetLinkFor(email));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Show' }).first().click();
  await expect(page.getByLabel('New password')).toHaveAttribute('type', 'text');
  await shot(page, 'reset-1440');
  await page.getByRole('button', { name: 'Save my new password' }).click();
  await expect(page).toHaveURL(/\/en\/login$/);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('checkbox', { name: 'Keep me signed in on this device' }).check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/my-books$/);
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === 'plume_token');
  expect(session?.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 86_400);
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  // no page script can read the token
  expect(await page.evaluate(() => document.cookie)).not.toContain(session!.value);
  expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }))).not.toContain(
    session!.value,
  );
  // remembered: the e-mail (encrypted) but never the password
  const stored = await page.evaluate(() => localStorage.getItem('remembered_credentials') ?? '');
  expect(stored).toContain('"iv"');
  expect(stored).not.toContain(email);
  expect(stored).not.toContain(newPassword);
});

test('screens at 375 px and 1440 px, in four languages', async ({ browser }) => {
  for (const [width, height] of [
    [375, 812],
    [1440, 900],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    for (const [lng, route] of [
      ['en', 'login'],
      ['fr', 'register'],
      ['es', 'forgot-password'],
      ['it', 'login'],
      ['en', 'register'],
      ['it', 'reset-password?token=x'],
    ] as const) {
      await page.goto(`/${lng}/${route}`);
      await expect(page.locator('h1')).toBeVisible();
      await shot(page, `${lng}-${route.split('?')[0]}-${width}`);
    }
    await context.close();
  }
});
