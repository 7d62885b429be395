import { expect, test, type Page } from '@playwright/test';
import { actAsUser, createBook, signUp } from './helpers/api';
import { createCoupon, uniqueCouponCode } from './helpers/coupons';

/** Sandbox card payments (docs/payments.md): the plan modal → /payment → our card form → thank-you. */

async function openPayment(page: Page, bookId: number) {
  await page.goto(`/en/questions/${bookId}`);
  await page.getByRole('button', { name: 'Unlock all chapters' }).first().click();
  const plans = page.getByRole('dialog', { name: 'Finish your book' });
  await plans.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/en\/payment$/);
  await expect(page.getByText('Test mode: no real money is taken.', { exact: false })).toBeVisible();
}

async function fillCard(page: Page, number: string, expiry = '12/39') {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill(expiry);
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Pay €49.00' }).click();
}

const bookPaid = async (request: Parameters<typeof createBook>[0], auth: { authorization: string }, id: number) =>
  (await (await request.get(`/api/getSession/${id}`, { headers: auth })).json()).success.is_payed as boolean;

test('pay a book with the accepted card: thank-you, purchase event, chapter 2 opens', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { token, auth } = await signUp(request, { prefix: 'pay' });
  const book = await createBook(request, token, {
    book_name: 'Paid at last',
    another_story_subject: 'A grandmother who ran a bakery in Naples for fifty years',
  });
  await actAsUser(page, token);
  await openPayment(page, book.id);
  await expect(page.getByLabel('Card number')).toBeVisible();
  await page.getByLabel('Card number').fill('4111111111111111');
  await expect(page.getByLabel('Card number')).toHaveValue('4111 1111 1111 1111');
  await expect(page.getByText('Visa', { exact: true })).toBeVisible();
  await fillCard(page, '4111111111111111');
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your purchase' })).toBeVisible();
  await expect(page).toHaveURL(/\/en\/thankyou\/purchase\?order=PL/);
  const events = await page.evaluate(
    () => (window.dataLayer ?? []) as Array<{ event?: string; ecommerce?: { items: Array<{ item_category: string }> } }>,
  );
  expect(events.find((e) => e.event === 'purchase')?.ecommerce?.items[0].item_category).toBe('Book');
  expect(await bookPaid(request, auth, book.id)).toBe(true);

  // unlocked everywhere: My Books' lock icon, then the workspace
  await page.getByRole('link', { name: 'Back to my books' }).click();
  await expect(page).toHaveURL(/\/en\/my-books$/);
  await expect(page.getByText('Unlocked: every chapter is open', { exact: true })).toBeAttached();
  await expect(page.getByText('Not unlocked yet: only the first chapter is open', { exact: true })).toHaveCount(0);
  await page.goto(`/en/questions/${book.id}`);
  await expect(page.getByRole('button', { name: 'Add a chapter' })).toBeVisible();
});

test('an unpaid author buys one extra chapter: only that chapter opens, Add Chapter purchase event', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { token, auth } = await signUp(request, { prefix: 'extra' });
  const book = await createBook(request, token, {
    book_name: 'One more chapter',
    another_story_subject: 'The bakery my parents opened by the sea in 1962',
  });
  await actAsUser(page, token);
  await page.goto(`/en/questions/${book.id}`);
  await expect(page.getByRole('button', { name: /^Chapter 2, .*: locked/ })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Add an extra chapter' }).click();
  const modal = page.getByRole('dialog', { name: 'Add an extra chapter' });
  await expect(modal).toContainText('€4.99 for the chapter');
  await modal.getByLabel('Chapter title').fill('The bakery by the sea');
  await modal.getByLabel('Question 1').fill('What did the bakery smell like at dawn?');
  await modal.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page).toHaveURL(/\/en\/payment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'One more chapter' })).toBeVisible();
  await expect(page.getByTestId('payment-amount')).toContainText('Amount: €4.99, tax included.');
  await page.getByLabel('Card number').fill('4111111111111111');
  await page.getByLabel('Expiry date').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Pay €4.99' }).click();

  // Back in the book: the bought chapter is added and open; chapter 2 stays locked; the book stays unpaid.
  await expect(page).toHaveURL(new RegExp(`/en/questions/${book.id}$`));
  const chapters = page.getByRole('button', { name: /^Chapter \d+, .*: locked/ });
  const bought = page.getByRole('button', { name: /^Chapter \d+ The bakery by the sea$/ });
  await expect(bought).toBeVisible();
  await expect(page.getByRole('button', { name: /The bakery by the sea.*locked/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Chapter 2, .*: locked/ })).toBeVisible();
  const lockedBefore = await chapters.count();
  expect(lockedBefore).toBe(book.checkpoint_data.data.length - 1);
  await bought.click();
  await page.getByRole('textbox', { name: 'Your answer to: What did the bakery smell like at dawn?' }).fill('Warm bread and sea salt.');

  const session = async () => (await (await request.get(`/api/getSession/${book.id}`, { headers: auth })).json()).success;
  await expect
    .poll(async () => JSON.stringify((await session()).checkpoint_data.data), { timeout: 20_000 })
    .toContain('Warm bread and sea salt.');
  const saved = await session();
  const added = saved.checkpoint_data.data.find((c: { name: string }) => c.name === 'The bakery by the sea');
  expect(saved.unlocked_chapters).toEqual([added.id]);
  expect(saved.is_payed).toBe(false);

  const events = await page.evaluate(
    () => (window.dataLayer ?? []) as Array<{ event?: string; ecommerce?: { items: Array<{ item_category: string; price: number }> } }>,
  );
  const purchase = events.find((e) => e.event === 'purchase');
  expect(purchase?.ecommerce?.items[0]).toMatchObject({ item_category: 'Add Chapter', price: 4.99 });
});

test('a declined card shows the reason and unlocks nothing; 3-D Secure refused then approved', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { token, auth } = await signUp(request, { prefix: 'declined' });
  const book = await createBook(request, token, {
    book_name: 'Not yet',
    another_story_subject: 'A lighthouse keeper on the coast of Brittany and his logbooks',
  });
  await actAsUser(page, token);
  await openPayment(page, book.id);
  await fillCard(page, '4000000000000002');
  await expect(page.getByText('Your card was declined. No money was taken.')).toBeVisible();
  const events = await page.evaluate(() => (window.dataLayer ?? []) as Array<{ event?: string }>);
  expect(events.some((e) => e.event === 'payment_failed')).toBe(true);
  expect(await bookPaid(request, auth, book.id)).toBe(false);

  await page.getByRole('button', { name: 'Try again' }).click();
  await fillCard(page, '4000000000003220');
  const challenge = page.getByRole('dialog', { name: '3-D Secure' });
  await challenge.getByRole('button', { name: 'Refuse' }).click();
  await expect(page.getByText('The 3-D Secure confirmation was refused.', { exact: false })).toBeVisible();
  expect(await bookPaid(request, auth, book.id)).toBe(false);

  await page.getByRole('button', { name: 'Try again' }).click();
  await fillCard(page, '4000000000003220');
  await page.getByRole('dialog', { name: '3-D Secure' }).getByRole('button', { name: 'Confirm the payment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your purchase' })).toBeVisible();
  expect(await bookPaid(request, auth, book.id)).toBe(true);
});

test('a percentage coupon lowers the price shown and the amount charged; the book unlocks only once paid', async ({ page, request }) => {
  test.setTimeout(120_000);
  const code = await createCoupon(uniqueCouponCode('TWENTY'), 5, 20);
  const { token, auth } = await signUp(request, { prefix: 'percent' });
  const book = await createBook(request, token, {
    book_name: 'Twenty off',
    another_story_subject: 'The summer my father taught me to sail on the lake',
  });
  await actAsUser(page, token);
  await page.goto(`/en/questions/${book.id}`);
  await page.getByRole('button', { name: 'Unlock all chapters' }).first().click();
  const plans = page.getByRole('dialog', { name: 'Finish your book' });
  await plans.getByLabel('Coupon code').fill(code);
  await plans.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Coupon applied successfully.')).toBeVisible();
  await expect(plans.getByTestId('plan-discount')).toHaveText(`−20 % with coupon ${code}, applied at payment`);
  expect(await bookPaid(request, auth, book.id)).toBe(false);
  await plans.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('payment-amount')).toContainText('Amount: €39.20, tax included.');
  await page.getByLabel('Card number').fill('4111111111111111');
  await page.getByLabel('Expiry date').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Pay €39.20' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your purchase' })).toBeVisible();
  expect(await bookPaid(request, auth, book.id)).toBe(true);
  const orders = (await (await request.get('/api/myOrders', { headers: auth })).json()).success as Array<{ price: number; kind: string }>;
  expect(orders.find((o) => o.kind === 'book')?.price).toBe(39.2);
});

test('the thank-you page without an order goes back to the start', async ({ page }) => {
  await page.goto('/en/thankyou/purchase');
  await expect(page).not.toHaveURL(/thankyou/);
});
