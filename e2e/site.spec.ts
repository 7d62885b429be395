import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { actAsUser, signUp } from './helpers/api';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';
import { JOURNEY_LANGUAGES } from './helpers/languages';

/**
 * Issue 16 item 2: the footer's links open the site's own pages in every language (no placeholder
 * domain), the register form's terms link too, the support phone is the configured one, and the
 * contact form e-mails the operator (the server writes mail to DATA_DIR/outbox; SUPPORT_PHONE and
 * OPERATOR_EMAIL are set in playwright.config.ts).
 */
const root = path.resolve(import.meta.dirname, '..');
const dataDir = process.env.PLUME_E2E_DATA_DIR ?? path.join(os.tmpdir(), `plume-e2e-${process.ppid}`);
const outbox = path.join(dataDir, 'outbox');
const locale = (lng: string, ns: string) => JSON.parse(fs.readFileSync(path.join(root, 'locales', lng, `${ns}.json`), 'utf8'));

const footerLinks = [
  ['solution', 'how-it-works'],
  ['faq', 'faq'],
  ['contact', 'contact'],
  ['terms', 'terms'],
  ['privacy', 'privacy'],
  ['legal_notice', 'legal-notice'],
] as const;

for (const lng of JOURNEY_LANGUAGES) {
  test(`${lng}: every footer link opens its page here; the pages pass axe at 375 and 1440 px`, async ({ page }, testInfo) => {
    // six axe runs and screenshots on a shared, loaded machine
    test.setTimeout(240_000);
    const footer = locale(lng, 'common').footer as Record<string, string>;
    const site = locale(lng, 'site') as { titles: Record<string, string> };
    await page.goto(`/${lng}/general-categories/1`);
    const nav = page.getByTestId('site-footer').getByRole('navigation');
    for (const [label, slug] of footerLinks)
      await expect(nav.getByRole('link', { name: footer[label], exact: true })).toHaveAttribute('href', `/${lng}/${slug}`);
    // no blog without BLOG_URL, and nothing points to the placeholder domain any more
    await expect(nav.getByRole('link', { name: footer.blog, exact: true })).toHaveCount(0);
    expect(
      await page
        .locator(
          'a[href*="plume.example/"]:not([href*="facebook"]):not([href*="instagram"]):not([href*="youtube"]):not([href*="linkedin"])',
        )
        .count(),
    ).toBe(0);

    for (const [label, slug] of footerLinks) {
      await page.getByTestId('site-footer').getByRole('link', { name: footer[label], exact: true }).click();
      await expect(page).toHaveURL(`/${lng}/${slug}`);
      const title = slug === 'contact' ? (locale(lng, 'site').contact.title as string) : site.titles[slug];
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    }

    await page.goto(`/${lng}/privacy`);
    await expect(page.getByTestId('site-page').getByRole('link', { name: /./ }).first()).toBeVisible();
    await expect(page.getByTestId('site-page').locator(`a[href="/${lng}/profile"]`).first()).toBeVisible();
    for (const width of [WIDTHS.phone, WIDTHS.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      for (const slug of ['privacy', 'contact', 'legal-notice']) {
        await page.goto(`/${lng}/${slug}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByTestId(slug === 'contact' ? 'site-footer' : 'site-page')).toBeVisible();
        // nothing wider than the screen
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await expectNoSeriousA11yViolations(page, `${slug} ${lng} ${width}`);
        await saveScreenshot(page, testInfo, `site-${slug}`, lng);
      }
    }
  });
}

test('the register form’s terms link opens the terms page', async ({ page }) => {
  await page.goto('/fr/register');
  const terms = page.locator('form a[href="/fr/terms"]');
  await expect(terms).toHaveCount(1);
  await expect(terms).toHaveAttribute('target', '_blank');
});

test('signed in, the footer shows the configured support phone, which the served page carries: nothing is asked for it', async ({
  page,
  request,
}) => {
  const user = await signUp(request, { prefix: 'site-phone' });
  await actAsUser(page, user.token);
  const asked: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/siteSettings')) asked.push(sent.url());
  });
  await page.goto('/en/my-books');
  await expect(page.getByTestId('footer-phone')).toContainText('+44 20 7946 0000');
  await expect(page.getByTestId('footer-phone').getByRole('link')).toHaveAttribute('href', 'tel:+442079460000');
  await page.goto('/fr/login');
  await expect(page.getByTestId('site-footer').getByRole('link', { name: locale('fr', 'common').footer.terms })).toBeVisible();
  expect(asked).toEqual([]);
});

test('the contact form checks its fields, then e-mails the operator', async ({ page }) => {
  const marker = `e2e-${Date.now()}`;
  const text = locale('es', 'site') as { contact: Record<string, string>; errors: Record<string, string> };
  await page.goto('/es/contact');
  await page.getByRole('button', { name: text.contact.send }).click();
  const form = page.locator('form');
  await expect(form.getByText(text.errors.name)).toBeVisible();
  await expect(form.getByText(text.errors.email)).toBeVisible();
  await expect(form.getByText(text.errors.message)).toBeVisible();
  // the first error also in a toast, as every form's
  await expect(page.locator('.Toastify__toast')).toContainText(text.errors.name);
  await expect(page.getByLabel(text.contact.name)).toBeFocused();
  await page.getByLabel(text.contact.name).fill('Lucía Gómez');
  await page.getByLabel(text.contact.email).fill('lucia@example.com');
  await page.getByLabel(text.contact.message).fill(`¿Puedo imprimir mi libro en tapa dura? ${marker}`);
  await page.getByRole('button', { name: text.contact.send }).click();
  await expect(page.getByTestId('contact-sent')).toContainText(text.contact.sent);

  await expect
    .poll(
      () =>
        fs.existsSync(outbox) &&
        fs
          .readdirSync(outbox)
          .filter((f) => f.endsWith('.eml'))
          .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8').replace(/=\r?\n/g, ''))
          .some((raw) => raw.includes(marker) && raw.includes('To: operator@plume.example') && /^Reply-To: lucia@example\.com/m.test(raw)),
      { timeout: 10_000 },
    )
    .toBe(true);
});

test('login and register pass axe (0 serious or critical) at 375 and 1440 px in four languages', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  for (const lng of JOURNEY_LANGUAGES) {
    for (const width of [WIDTHS.phone, WIDTHS.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      for (const slug of ['login', 'register']) {
        await page.goto(`/${lng}/${slug}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoSeriousA11yViolations(page, `${slug} ${lng} ${width}`);
        if (width === WIDTHS.phone) await saveScreenshot(page, testInfo, `site-${slug}`, lng);
      }
    }
  }
});
