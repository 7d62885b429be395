import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { actAsUser, signUp, uniqueEmail, writtenBook } from './helpers/api';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';
import { JOURNEY_LANGUAGES } from './helpers/languages';

/**
 * Screenshots of the audiobook screens (issue 13 item 6) at 375 and 1440 px in four languages: the
 * voice sample dialog, /audiobook-payment with the card form, the workspace with the audiobook's
 * progress line, and the audiobook page with its player. The journey itself (fake microphone,
 * payment, playing) is e2e/voice.spec.ts, under the voice config.
 */
const label = (lng: string, file: string, key: string) =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown>)[part],
      JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '..', 'locales', lng, `${file}.json`), 'utf8')),
    ) as string;

test('screenshots of the audiobook screens in four languages at 375 and 1440 px', async ({ page, request }, testInfo) => {
  test.setTimeout(300_000);
  for (const lng of JOURNEY_LANGUAGES) {
    // an account per language: the browser's session token rotates, and the API calls here carry the first one
    const user = await signUp(request, { prefix: `audiobook-shots-${lng}` });
    await actAsUser(page, user.token);
    const id = await writtenBook(request, user, lng);
    const quota = (await (await request.post('/api/checkAudiobookQuota', { headers: user.auth, data: { service_session_id: id } })).json())
      .success as { price: number };
    for (const width of Object.values(WIDTHS)) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/${lng}/questions/${id}`);
      await page.getByRole('button', { name: label(lng, 'workspace', 'header.audiobook'), exact: true }).click();
      const dialog = page.getByTestId('voice-sample-dialog');
      await expect(dialog.getByTestId('voice-sample-text')).not.toBeEmpty();
      await saveScreenshot(page, testInfo, 'audiobook-voice-sample', lng, { fullPage: false });

      // /audiobook-payment with the navigation state the dialog's 'Continue' leaves
      await page.evaluate(([url, usr]) => history.replaceState({ usr, key: 'shots', idx: 0 }, '', url), [
        `/${lng}/audiobook-payment`,
        { service_session_id: id, price: quota.price },
      ] as const);
      await page.reload();
      await expect(page.locator('input[autocomplete="cc-number"]')).toBeVisible();
      await saveScreenshot(page, testInfo, 'audiobook-payment', lng);
    }

    // paid with the sandbox card and started, as the payment page does
    const created = await request.post('/api/create-audiobook-payment-form', {
      headers: user.auth,
      data: { service_session_id: id, price: quota.price },
    });
    expect(created.status(), await created.text()).toBe(200);
    const form = (await created.json()).success;
    const paid = await request.post('/api/sandboxPay', {
      data: { formToken: form.formToken, card_number: '4111111111111111', expiry: '12/39', cvc: '123' },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    const started = await request.post('/api/generateAudiobook', { headers: { ...user.auth, lng }, data: { service_session_id: id } });
    expect(started.status(), await started.text()).toBe(200);

    for (const width of Object.values(WIDTHS)) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/${lng}/questions/${id}`);
      await expect(page.getByTestId('workspace-audiobook')).toBeVisible();
      await saveScreenshot(page, testInfo, 'audiobook-workspace', lng, { fullPage: false });
    }
    for (const width of Object.values(WIDTHS)) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/${lng}/audiobook/${id}`);
      await expect(page.getByRole('region', { name: label(lng, 'audiobook', 'page.whole_book') }).locator('audio')).toBeVisible({
        timeout: 60_000,
      });
      await saveScreenshot(page, testInfo, 'audiobook-page', lng);
    }
  }
});

/** The code of the gift mailed to `address` (the server's outbox, DATA_DIR/outbox). */
async function giftCodeMailedTo(address: string): Promise<string> {
  const outbox = path.join(process.env.PLUME_E2E_DATA_DIR!, 'outbox');
  let code = '';
  await expect
    .poll(() => {
      const mails = fs.existsSync(outbox) ? fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8')) : [];
      const mail = mails.find((m) => m.includes(`To: ${address}`) && /PLUME-\w{4}-\w{4}/.test(m));
      code = mail ? /PLUME-\w{4}-\w{4}/.exec(mail)![0] : '';
      return code;
    })
    .not.toBe('');
  return code;
}

test('a gift card that includes an audiobook pays for it: no card form, the audiobook is made at once', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const user = await signUp(request, { prefix: 'audiobook-gift' });
  const id = await writtenBook(request, user, 'en');
  // a visitor gives "book and audiobook" (plan 5); the author redeems the mailed code on the book
  const form = (
    await (
      await request.post('/api/createGiftCardPaymentForm', { data: { plan_id: 5, email: user.email, buyer_email: uniqueEmail('giver') } })
    ).json()
  ).success;
  const paid = await request.post('/api/sandboxPay', {
    data: { formToken: form.formToken, card_number: '4111111111111111', expiry: '12/39', cvc: '123' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const code = await giftCodeMailedTo(user.email);
  const redeemed = await request.post('/api/checkCouponForPayment', {
    headers: user.auth,
    data: { plan_id: 1, service_session_id: id, code },
  });
  expect(redeemed.status(), await redeemed.text()).toBe(200);

  await actAsUser(page, user.token);
  await page.goto(`/en/questions/${id}`);
  await page.evaluate(([url, usr]) => history.replaceState({ usr, key: 'gift', idx: 0 }, '', url), [
    '/en/audiobook-payment',
    { service_session_id: id, price: 0 },
  ] as const);
  await page.reload();
  await expect(page.getByText('your gift card pays for this audiobook, there is nothing to pay', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await saveScreenshot(page, testInfo, 'audiobook-payment-gift', 'en');
  const opened = page.waitForEvent('popup', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Make my audiobook' }).click();
  const player = await opened;
  await expect(player).toHaveURL(new RegExp(`/en/audiobook/${id}$`));
  await expect(page).toHaveURL(new RegExp(`/en/audiobook/${id}$`));
  await expect(player.getByText('Ready to listen to and download.')).toBeVisible({ timeout: 60_000 });
});
