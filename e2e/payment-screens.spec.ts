import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { actAsUser, signUp, writtenBook } from './helpers/api';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { createCoupon, uniqueCouponCode } from './helpers/coupons';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';
import { JOURNEY_LANGUAGES } from './helpers/languages';
import type { Language } from '../common/constants';

/**
 * Every payment screen (issue 12 item 10) at 375 and 1440 px in four languages, for people to look
 * at (e2e/artifacts/payment-*.png): the plan modal with a coupon, the card form with its test-mode
 * banner, a declined card, the 3-D Secure dialog, the thank-you page, the extra-chapter modal, the
 * header's two subscription states, /manage-subscriptions in its three states with the unsubscribe
 * dialog, /subscriptions, the profile's orders, the gift screens through to the result, the redeem
 * page (signed in and as a visitor) and /audiobook-payment. (/printing-payment is taken by e2e/printing.spec.ts, which has a
 * typeset quote.) Each screen's key element must be visible and nothing may scroll sideways; the
 * card form passes axe (0 serious or critical).
 */

const locales = path.resolve(import.meta.dirname, '..', 'locales');
/** The page's own words, from the locale files, so one journey runs in every language. */
const label = (lng: Language, file: string, key: string) =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown>)[part],
      JSON.parse(fs.readFileSync(path.join(locales, lng, `${file}.json`), 'utf8')),
    ) as string;

/** Opens a route with navigation state, as the app's own buttons do. */
async function openWithState(page: Page, url: string, state: object) {
  await page.evaluate(
    ({ url, state }) => {
      window.history.pushState({ usr: state, key: `s${Date.now()}`, idx: 1 }, '', url);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    },
    { url, state },
  );
}

async function fillCard(page: Page, number: string) {
  await page.locator('input[autocomplete="cc-number"]').fill(number);
  await page.locator('input[autocomplete="cc-exp"]').fill('12/39');
  await page.locator('input[autocomplete="cc-csc"]').fill('123');
}

/** Expiry and CVC side by side: their labels start on one line and their inputs on another, however the labels wrap. */
async function expectExpiryBesideCvc(page: Page) {
  const tops = async (selector: string) =>
    page.locator('form').evaluate(
      (form, sel) =>
        ['cc-exp', 'cc-csc'].map((name) => {
          const input = form.querySelector<HTMLInputElement>(`input[autocomplete="${name}"]`)!;
          const target = sel === 'label' ? form.querySelector(`label[for="${input.id}"]`)! : input;
          return Math.round(target.getBoundingClientRect().top);
        }),
      selector,
    );
  const [expiryLabel, cvcLabel] = await tops('label');
  const [expiryInput, cvcInput] = await tops('input');
  expect(cvcLabel, 'the CVC label starts level with the expiry label').toBe(expiryLabel);
  expect(cvcInput, 'the CVC input starts level with the expiry input').toBe(expiryInput);
}

const payButton = (page: Page) => page.locator('form button[type="submit"]');

/** Screenshot, then: nothing scrolls sideways. */
async function shot(page: Page, testInfo: TestInfo, name: string, lng: Language, options: { fullPage?: boolean } = {}) {
  // a whole page from its top (a sticky header would otherwise stand where the page was scrolled to)
  if (options.fullPage !== false) await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, testInfo, `payment-${name}`, lng, options);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${name} scrolls sideways at ${page.viewportSize()!.width} px`).toBeLessThanOrEqual(page.viewportSize()!.width);
  // nor does an open dialog (it scrolls by itself, so the page's width does not show it)
  const dialogs = await page.locator('[role="dialog"]').evaluateAll((nodes) => nodes.map((d) => d.scrollWidth - d.clientWidth));
  expect(
    dialogs.filter((extra) => extra > 0),
    `${name}: a dialog scrolls sideways`,
  ).toEqual([]);
}

/** The header's account entries: the profile menu, or on a phone the menu panel. */
async function openAccountMenu(page: Page) {
  const phone = page.viewportSize()!.width < 600;
  const menu = phone ? page.getByTestId('mobile-menu') : page.getByRole('menu');
  await expect(async () => {
    if (!(await menu.isVisible())) await page.getByTestId(phone ? 'mobile-menu-button' : 'profile-menu').click();
    await expect(menu).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return menu;
}

// hidden, not removed: the toasts' nodes are React's, and a toast shown next (newest on top) is inserted
// before them — React throws on a node taken out of its tree, and the page goes blank
const dismissToasts = async (page: Page) => {
  await page.locator('.Toastify__toast').evaluateAll((toasts) => toasts.forEach((t) => ((t as HTMLElement).style.display = 'none')));
};

for (const lng of JOURNEY_LANGUAGES) {
  test(`${lng}: every payment screen at 375 and 1440 px`, async ({ page, request }, testInfo) => {
    test.setTimeout(420_000);
    const t = (file: string, key: string) => label(lng, file, key);
    const coupon = await createCoupon(uniqueCouponCode('SHOTS'), 10, 20);
    for (const width of [WIDTHS.phone, WIDTHS.desktop]) {
      // a fresh account per width: signing in again rotates the session token
      await page.goto('about:blank');
      await page.context().clearCookies();
      const user = await signUp(request, { prefix: `payshots-${lng}`, lng });
      const bookId = await writtenBook(request, user, lng);
      await actAsUser(page, user.token);
      await page.setViewportSize({ width, height: 900 });

      // The workspace's extra-chapter modal, then the plan modal with a percentage coupon.
      await page.goto(`/${lng}/questions/${bookId}`);
      await page.getByRole('button', { name: t('workspace', 'chapters.add_extra') }).click();
      const extra = page.getByRole('dialog', { name: t('workspace', 'chapter_modal.extra_title') });
      await expect(extra).toContainText(/4[.,]99/);
      await extra.getByLabel(t('workspace', 'chapter_modal.name')).fill('The bakery by the sea');
      await shot(page, testInfo, 'extra-chapter-modal', lng, { fullPage: false });
      await page.keyboard.press('Escape');
      await expect(extra).toBeHidden();

      await page
        .getByRole('button', { name: t('workspace', 'unpaid.unlock') })
        .first()
        .click();
      const plans = page.getByRole('dialog', { name: t('workspace', 'plan.title') });
      await expect(plans.getByRole('button', { name: t('workspace', 'plan.continue') })).toBeVisible();
      await shot(page, testInfo, 'plan-modal', lng, { fullPage: false });
      await plans.getByLabel(t('workspace', 'plan.coupon')).fill(coupon);
      await plans.getByRole('button', { name: t('workspace', 'plan.coupon_confirm') }).click();
      await expect(plans.getByTestId('plan-discount')).toBeVisible();
      // the coupon's toast (its code comes with the first toast) is up before it is hidden: one still fading in on
      // /payment failed axe's contrast check once
      await expect(page.locator('.Toastify__toast')).toHaveCount(1);
      await shot(page, testInfo, 'plan-modal-coupon', lng, { fullPage: false });
      await dismissToasts(page);
      await plans.getByRole('button', { name: t('workspace', 'plan.continue') }).click();

      // /payment: the card form with the test-mode banner and the reduced amount; axe on it.
      await expect(page).toHaveURL(new RegExp(`/${lng}/payment$`));
      await expect(page.getByRole('note')).toContainText(t('payments', 'card.test_mode'));
      await expect(page.getByTestId('payment-amount')).toContainText(/39[.,]20/);
      await page.locator('input[autocomplete="cc-number"]').fill('4111111111111111');
      await shot(page, testInfo, 'card-form', lng);
      await expectExpiryBesideCvc(page);
      await expectNoSeriousA11yViolations(page, `/${lng}/payment at ${width} px`);
      await fillCard(page, '4000000000000002');
      await payButton(page).click();
      await expect(page.getByText(t('payments', 'refused.05'))).toBeVisible();
      await shot(page, testInfo, 'declined', lng);
      await page.getByRole('button', { name: t('payments', 'try_again') }).click();
      await fillCard(page, '4000000000003220');
      await payButton(page).click();
      const challenge = page.getByRole('dialog', { name: t('payments', 'card.challenge_title') });
      await expect(challenge.getByRole('button', { name: t('payments', 'card.challenge_approve') })).toBeVisible();
      await shot(page, testInfo, '3ds-dialog', lng, { fullPage: false });
      await challenge.getByRole('button', { name: t('payments', 'card.challenge_approve') }).click();
      await expect(page.getByRole('heading', { level: 1, name: t('payments', 'thanks.title') })).toBeVisible();
      await shot(page, testInfo, 'thankyou', lng);
      await dismissToasts(page);

      // The header and /manage-subscriptions unsubscribed, /subscriptions, then subscribed, the
      // unsubscribe dialog and the pending cancellation.
      await page.goto(`/${lng}/manage-subscriptions`);
      const offer = page.locator('[data-state="unsubscribed"]');
      await expect(offer.getByTestId('plan-name')).toBeVisible({ timeout: 30_000 });
      await expect((await openAccountMenu(page)).getByText(t('common', 'header.upgrade'), { exact: true })).toBeVisible();
      await shot(page, testInfo, 'header-unsubscribed', lng, { fullPage: false });
      await page.keyboard.press('Escape');
      await shot(page, testInfo, 'manage-unsubscribed', lng);
      await offer.getByRole('checkbox').check();
      await offer.getByRole('button', { name: t('subscriptions', 'subscribe_button') }).click();
      await expect(page).toHaveURL(new RegExp(`/${lng}/subscriptions$`));
      await expect(page.locator('input[autocomplete="cc-number"]')).toBeVisible();
      await page.locator('input[autocomplete="cc-number"]').fill('4111111111111111');
      await shot(page, testInfo, 'subscriptions', lng);
      await fillCard(page, '4111111111111111');
      await payButton(page).click();
      await expect(page).toHaveURL(new RegExp(`/${lng}/thankyou/purchase\\?order=PL`));
      await dismissToasts(page);
      await page.goto(`/${lng}/manage-subscriptions`);
      const subscribed = page.locator('[data-state="subscribed"]');
      await expect(subscribed.getByTestId('plan-name')).toBeVisible();
      await expect((await openAccountMenu(page)).getByText(t('common', 'header.my_subscription'), { exact: true })).toBeVisible();
      await shot(page, testInfo, 'header-subscribed', lng, { fullPage: false });
      await page.keyboard.press('Escape');
      await shot(page, testInfo, 'manage-subscribed', lng);
      await subscribed.getByRole('button', { name: t('subscriptions', 'unsubscribe') }).click();
      const confirm = page.getByRole('dialog', { name: t('subscriptions', 'confirm_title') });
      await expect(confirm).toBeVisible();
      await shot(page, testInfo, 'unsubscribe-dialog', lng, { fullPage: false });
      await confirm.getByRole('button', { name: t('subscriptions', 'confirm_yes') }).click();
      await expect(page.locator('[data-state="pending_cancellation"]')).toBeVisible();
      await shot(page, testInfo, 'manage-pending', lng);

      // The profile's orders: the book and the subscription, each with its receipt.
      await page.goto(`/${lng}/profile`);
      const orders = page.getByTestId('orders');
      await expect(orders.locator('li')).toHaveCount(2);
      await orders.scrollIntoViewIfNeeded();
      await shot(page, testInfo, 'profile-orders', lng, { fullPage: false });

      // Gift cards: the plans, the explainer with the recipient, the card form, the result, redeeming.
      await page.goto(`/${lng}/gift-card`);
      await expect(page.locator('article')).toHaveCount(2);
      await shot(page, testInfo, 'gift-card', lng);
      await page.locator('article').first().getByRole('button').click();
      await expect(page).toHaveURL(new RegExp(`/${lng}/gift-card-payment$`));
      await page.locator('input[type="email"]').first().fill('friend@example.com');
      await shot(page, testInfo, 'gift-card-payment', lng);
      await page.locator('form button[type="submit"]').click();
      await expect(page).toHaveURL(new RegExp(`/${lng}/gift-card-form$`));
      await expect(page.getByTestId('payment-amount')).toContainText('friend@example.com');
      await page.locator('input[autocomplete="cc-number"]').fill('4111111111111111');
      await shot(page, testInfo, 'gift-card-form', lng);
      const download = page.waitForEvent('download');
      await fillCard(page, '4111111111111111');
      await payButton(page).click();
      await download;
      await expect(page.getByRole('heading', { level: 1, name: t('payments', 'thanks.title') })).toBeVisible();
      await expect(page.getByText(t('payments', 'thanks.lead_gift').split('{{')[0].trim())).toBeVisible();
      await shot(page, testInfo, 'gift-result', lng);
      await dismissToasts(page);
      await page.goto(`/${lng}/redeem-gift?code=PLUME-ACDE-FGHJ`);
      await expect(page.locator('input').first()).toHaveValue('PLUME-ACDE-FGHJ');
      await shot(page, testInfo, 'redeem-gift', lng);

      // /audiobook-payment for the written book: the price and the card form.
      await openWithState(page, `/${lng}/audiobook-payment`, { service_session_id: bookId });
      await expect(page.locator('input[autocomplete="cc-number"]')).toBeVisible();
      await shot(page, testInfo, 'audiobook', lng);

      // A visitor: the gift explainer asks for their own e-mail too; the redeem page asks them to sign in.
      await page.goto('about:blank');
      await page.context().clearCookies();
      await page.goto(`/${lng}/gift-card`);
      await page.locator('article').first().getByRole('button').click();
      await expect(page.locator('input[type="email"]')).toHaveCount(2);
      await page.locator('input[type="email"]').first().fill('friend@example.com');
      await page.locator('input[type="email"]').nth(1).fill('me@example.com');
      await shot(page, testInfo, 'gift-card-payment-visitor', lng);
      await page.goto(`/${lng}/redeem-gift?code=PLUME-ACDE-FGHJ`);
      await expect(page.getByRole('radio')).toHaveCount(0);
      await expect(page.locator('input').first()).toHaveValue('PLUME-ACDE-FGHJ');
      await shot(page, testInfo, 'redeem-gift-visitor', lng);
    }
  });
}
