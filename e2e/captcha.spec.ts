import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { uniqueEmail } from './helpers/api';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';

/**
 * Issue 16 item 7, in the browser, with the built-in captcha (e2e/captcha.config.ts): wrong passwords
 * never lock the owner out. From the third one the form shows the captcha and says what to do and
 * when; the right password with the captcha solved signs in.
 */

/** Solves a challenge of the server's captcha in Node, as the widget does in the browser. */
async function solvedCaptcha(request: APIRequestContext): Promise<string> {
  const challenge = (await (await request.get('/api/captchaChallenge')).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const words = {
  en: {
    wrong: 'The e-mail address or the password is not right',
    wait: /In \d+ s, complete the anti-robot check/,
    now: 'Complete the anti-robot check below, then sign in again',
  },
  fr: {
    wrong: 'L’adresse e-mail ou le mot de passe',
    wait: /Dans \d+\u00a0s, faites la vérification anti-robot/,
    now: 'Faites la vérification anti-robot ci-dessous, puis reconnectez-vous',
  },
} as const;

for (const [lng, width] of [
  ['en', WIDTHS.desktop],
  ['fr', WIDTHS.phone],
] as const) {
  test(`${lng} ${width}px: after three wrong passwords the captcha, a message with what to do and when, and the right password signs in`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const w = words[lng];
    const email = uniqueEmail('captcha');
    const password = 'Correct-horse-42';
    const headers = { lng, 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` };
    const registered = await request.post('/api/register', {
      headers,
      data: {
        first_name: 'Ada',
        last_name: 'Byron',
        email,
        city: 'London',
        password,
        confirm_password: password,
        captcha: await solvedCaptcha(request),
      },
    });
    expect(registered.status(), await registered.text()).toBe(200);
    const { registration_ticket } = (await registered.json()).success;
    expect((await request.post('/api/verifyRegistrationWithoutOtp', { headers, data: { email, registration_ticket } })).status()).toBe(200);

    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/${lng}/login`);
    await page.locator('input[name="email"]').fill(email);
    const passwordField = page.locator('input[name="password"]');
    const submit = page.locator('form button[type="submit"]');
    const notice = page.getByTestId('login-captcha-notice');
    const widget = page.locator('altcha-widget');

    for (let attempt = 1; attempt <= 2; attempt += 1) {
      await passwordField.fill(`wrong password ${attempt}`);
      await submit.click();
      await expect(page.getByText(w.wrong).first()).toBeVisible();
      await expect(submit).toBeEnabled();
      // no captcha yet
      await expect(widget).toHaveCount(0);
    }
    // the same error twice is one toast
    await expect(page.locator('.Toastify__toast').filter({ hasText: w.wrong })).toHaveCount(1);

    await passwordField.fill('wrong password 3');
    await submit.click();
    // what to do and when: the wait counted down, then the check
    await expect(notice).toHaveText(w.wait);
    await expect(widget).toBeVisible();
    await saveScreenshot(page, testInfo, 'login-captcha', lng, { fullPage: false });
    await expect(notice).toHaveText(new RegExp(w.now), { timeout: 15_000 });

    // the right password with the captcha solved signs in
    await passwordField.fill(password);
    await widget.locator('input[type="checkbox"]').click({ force: true });
    await expect(widget.locator('[data-state="verified"]')).toHaveCount(1, { timeout: 30_000 });
    await submit.click();
    await expect(page).toHaveURL(new RegExp(`/${lng}/my-books$`));
  });
}
