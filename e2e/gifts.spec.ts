import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { actAsUser, createBook, signUp, uniqueEmail } from './helpers/api';

/**
 * Gift cards with the sandbox (spec sections 2, 4; docs/payments.md): a visitor buys one on
 * /gift-card → /gift-card-payment → /gift-card-form, the printable card downloads, the recipient's
 * e-mail (the server's outbox, DATA_DIR/outbox) carries the code and the redeem link; a new account
 * redeems it on /redeem-gift and its book is unlocked; a second redeem is refused.
 */
const outbox = path.join(process.env.PLUME_E2E_DATA_DIR!, 'outbox');

/** The recipient's gift mail, decoded from quoted-printable, once it is in the outbox. */
async function giftMailTo(address: string): Promise<string> {
  let mail = '';
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
        mail =
          files
            .map((f) =>
              fs
                .readFileSync(path.join(outbox, f), 'utf8')
                .replace(/=\r?\n/g, '')
                .replace(/=3D/g, '='),
            )
            .find((m) => m.includes(`To: ${address}`) && m.includes('PLUME-')) ?? '';
        return mail !== '';
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return mail;
}

async function fillCard(page: Page, price: string) {
  await page.getByLabel('Card number').fill('4111111111111111');
  await page.getByLabel('Expiry date').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: `Pay ${price}` }).click();
}

const isPaid = async (request: APIRequestContext, auth: { authorization: string }, id: number) =>
  (await (await request.get(`/api/getSession/${id}`, { headers: auth })).json()).success.is_payed as boolean;

test('a visitor buys a gift card; the card downloads; a new account redeems the e-mailed code once', async ({ page, request }) => {
  test.setTimeout(120_000);
  const recipient = uniqueEmail('gift-to');
  await page.goto('/en/gift-card');
  await expect(page.getByRole('heading', { level: 1, name: 'Give a book' })).toBeVisible();
  await page.getByRole('button', { name: 'Give this gift: Gift: one book' }).click();

  await expect(page).toHaveURL(/\/en\/gift-card-payment$/);
  await expect(page.getByRole('list', { name: 'How it works' }).getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('Please enter a valid e-mail address.').first()).toBeVisible();
  await page.getByLabel('Recipient’s e-mail address').fill(recipient);
  await page.getByLabel('Your e-mail address').fill(uniqueEmail('gift-from'));
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page).toHaveURL(/\/en\/gift-card-form$/);
  await expect(page.getByTestId('payment-amount')).toContainText(`€49.00, tax included. The gift card goes to ${recipient}.`);
  const download = page.waitForEvent('download');
  await fillCard(page, '€49.00');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^plume-gift-card-PL.+\.pdf$/);
  expect(
    fs
      .readFileSync(await file.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your purchase' })).toBeVisible();
  await expect(page.getByText(`We have also sent it by e-mail to ${recipient}`)).toBeVisible();
  const events = await page.evaluate(
    () => (window.dataLayer ?? []) as Array<{ event?: string; ecommerce?: { items: Array<{ item_category: string }> } }>,
  );
  expect(events.find((e) => e.event === 'purchase')?.ecommerce?.items[0].item_category).toBe('Gift Card');

  const mail = await giftMailTo(recipient);
  const code = /PLUME-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(mail)![0];
  const link = /https?:\/\/[^\s"<]+\/en\/redeem-gift\?code=[\w%-]+/.exec(mail)![0];
  expect(decodeURIComponent(link)).toContain(code);

  // A brand-new account with a book opens the link: the code is ready, the book unlocks.
  const newcomer = await signUp(request, { prefix: 'gift-new' });
  const book = await createBook(request, newcomer.token, {
    book_name: 'A present',
    another_story_subject: 'My grandfather, his orchard and the winters we spent there',
  });
  await actAsUser(page, newcomer.token);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByLabel('Your gift code')).toHaveValue(code);
  await expect(page.getByRole('radio', { name: 'A present' })).toBeChecked();
  await page.getByRole('button', { name: 'Unlock this book' }).click();
  await expect(page.getByText('Coupon applied successfully.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/en/questions/${book.id}$`));
  expect(await isPaid(request, newcomer.auth, book.id)).toBe(true);

  // The code works once. Leave the workspace first: its requests, answered 401 once the cookies are
  // gone, would sign the browser out again after the next account is set.
  await page.goto('about:blank');
  await page.context().clearCookies();
  const second = await signUp(request, { prefix: 'gift-again' });
  const other = await createBook(request, second.token, {
    book_name: 'Second try',
    another_story_subject: 'A summer on the island where my mother was born',
  });
  await actAsUser(page, second.token);
  await page.goto(`/en/redeem-gift?code=${code}`);
  await page.getByRole('button', { name: 'Unlock this book' }).click();
  await expect(page.getByText('This gift code has already been used.')).toBeVisible();
  expect(await isPaid(request, second.auth, other.id)).toBe(false);
});

test('a visitor opening the gift link is asked to sign in, and the code waits for them', async ({ page }) => {
  await page.goto('/fr/redeem-gift?code=PLUME-ACDE-FGHJ');
  await expect(page.getByLabel('Votre code cadeau')).toHaveValue('PLUME-ACDE-FGHJ');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/fr\/login$/);
  await page.goto('/fr/redeem-gift');
  await expect(page.getByLabel('Votre code cadeau')).toHaveValue('PLUME-ACDE-FGHJ');
});
