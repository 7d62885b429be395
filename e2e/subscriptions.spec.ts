import { expect, test, type Page } from '@playwright/test';
import { actAsUser, createBook, signUp } from './helpers/api';

/** The monthly subscription with the sandbox (spec sections 2, 4, 7; docs/payments.md). */

/** Opens the header's profile menu, clicking again if the first click came before the page was ready. */
async function openProfileMenu(page: Page) {
  const menu = page.getByRole('menu');
  await expect(menu).toBeHidden();
  await expect(async () => {
    if (!(await menu.isVisible())) await page.getByTestId('profile-menu').click();
    await expect(menu).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** The profile menu's account links, once it knows the subscription (it offers neither entry until then). */
async function accountLinks(page: Page) {
  await openProfileMenu(page);
  await expect(page.locator('[data-testid="account-subscription"], [data-testid="account-upgrade"]')).toHaveCount(1);
  const links = await page.locator('[data-testid^="account-"]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  return links;
}

async function payWith(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay €19\.90$/ }).click();
}

/** Ticks the terms and clicks Subscribe on the offer; `arrives: false` when the checkout is expected to send the user back at once. */
async function openSubscribeFromOffer(page: Page, { arrives = true } = {}) {
  await page.goto('/en/manage-subscriptions');
  const offer = page.locator('[data-state="unsubscribed"]');
  // a loaded machine may take a while to serve the first page
  await expect(offer.getByTestId('plan-name')).toHaveText('Unlimited writing', { timeout: 30_000 });
  await expect(offer.getByText('€19.90')).toBeVisible();
  const subscribe = offer.getByRole('button', { name: 'Subscribe' });
  // the terms checkbox gates Subscribe
  await expect(subscribe).toBeDisabled();
  await offer.getByRole('checkbox', { name: /subscription terms/ }).check();
  await expect(subscribe).toBeEnabled();
  await subscribe.click();
  if (arrives) await expect(page).toHaveURL(/\/en\/subscriptions$/);
}

test('subscribe with the accepted card, see the header change, then cancel to a pending cancellation', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { token, auth } = await signUp(request, { prefix: 'sub' });
  const book = await createBook(request, token, {
    book_name: 'Every chapter',
    another_story_subject: 'My father and the railway line he drove for thirty years',
  });
  await actAsUser(page, token);
  await page.goto('/en/my-books');
  expect(await accountLinks(page)).toContain('account-upgrade');

  // A declined card shows the message, pushes a failure event and subscribes nobody.
  await openSubscribeFromOffer(page);
  await expect(page.getByText('€19.90 is charged today, then once a month until you cancel.')).toBeVisible();
  await payWith(page, '4000000000000002');
  await expect(page.getByText('Your card was declined. No money was taken.')).toBeVisible();
  const failures = await page.evaluate(() => (window.dataLayer ?? []) as Array<{ event?: string; item_category?: string }>);
  expect(failures.find((e) => e.event === 'payment_failed')?.item_category).toBe('Subscription');
  expect((await (await request.get('/api/userSubscription', { headers: auth })).json()).success).toBeNull();

  await page.getByRole('button', { name: 'Try again' }).click();
  await payWith(page, '4111 1111 1111 1111');
  await expect(page.getByText('Thank you! Your subscription is active', { exact: false }).first()).toBeVisible();
  // the thank-you page follows after one second
  await expect(page).toHaveURL(/\/en\/thankyou\/purchase\?order=PL/);
  await expect(page.getByText('Your subscription is active: every one of your books is unlocked for as long as it runs.')).toBeVisible();
  const events = await page.evaluate(
    () => (window.dataLayer ?? []) as Array<{ event?: string; ecommerce?: { items: Array<{ item_category: string }> } }>,
  );
  expect(events.find((e) => e.event === 'purchase')?.ecommerce?.items[0].item_category).toBe('Subscription');

  // The header now offers My subscription instead of Upgrade account.
  expect(await accountLinks(page)).toContain('account-subscription');
  expect(await accountLinks(page)).not.toContain('account-upgrade');
  // Every book is unlocked while subscribed.
  expect((await (await request.get(`/api/getSession/${book.id}`, { headers: auth })).json()).success.is_payed).toBe(true);

  await openProfileMenu(page);
  await page.getByTestId('account-subscription').click();
  await expect(page).toHaveURL(/\/en\/manage-subscriptions$/);
  const subscribed = page.locator('[data-state="subscribed"]');
  await expect(subscribed.getByText('Your subscription is active: every one of your books is unlocked.')).toBeVisible();
  await expect(subscribed.getByTestId('plan-name')).toHaveText('Unlimited writing');
  await expect(subscribed.getByText(/^Renews automatically on /)).toBeVisible();

  // The yes/no dialog: No keeps it.
  await subscribed.getByRole('button', { name: 'Unsubscribe' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await dialog.getByRole('button', { name: 'No, keep it' }).click();
  await expect(dialog).toBeHidden();
  await expect(subscribed).toBeVisible();

  await subscribed.getByRole('button', { name: 'Unsubscribe' }).click();
  await dialog.getByRole('button', { name: 'Yes, unsubscribe' }).click();
  const pending = page.locator('[data-state="pending_cancellation"]');
  await expect(pending.getByText(/^Your subscription is cancelled\. You keep full access to all your books until /)).toBeVisible();
  await expect(pending.getByTestId('plan-name')).toHaveText('Unlimited writing');
  await expect(pending.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  // Access is kept until the end of the paid period; the header still says My subscription.
  expect((await (await request.get(`/api/getSession/${book.id}`, { headers: auth })).json()).success.is_payed).toBe(true);
  expect(await accountLinks(page)).toContain('account-subscription');
  // Reloaded, the page still reads the pending cancellation from the server.
  await page.reload();
  await expect(page.locator('[data-state="pending_cancellation"]')).toBeVisible();
});

test('a visitor is sent to the login page', async ({ page }) => {
  await page.goto('/en/subscriptions');
  await expect(page).toHaveURL(/\/en\/login$/);
});

test('a subscription that cannot be set up goes back one page with the error text', async ({ page, request }) => {
  const { token, auth } = await signUp(request, { prefix: 'subfail' });
  // Already subscribed through the API: a second form is refused by the server (409).
  const form = (await (await request.post('/api/createSubscriptionPaymentForm', { headers: auth })).json()).success;
  await request.post('/api/sandboxPay', {
    data: { formToken: form.formToken, card_number: '4111111111111111', expiry: '12/39', cvc: '123' },
  });
  await request.get(`/api/subscriptionPaymentStatusCallback/${form.order_id}`, { headers: auth });
  await actAsUser(page, token);
  await page.goto('/en/my-books');
  // The spec's offer page links here only when unsubscribed; a stale tab (its page on screen, the router listening) may still open it.
  await expect(page.getByRole('heading', { level: 1, name: 'My books' })).toBeVisible();
  await page.evaluate(() => {
    window.history.pushState({ usr: null, key: 'stale', idx: 1 }, '', '/en/subscriptions');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  });
  await expect(page.getByText('Your subscription is already active', { exact: false })).toBeVisible();
});

test('a subscription form that cannot be set up goes back one page with the error text', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { token, auth } = await signUp(request, { prefix: 'sublimit' });
  // Use up this user's payment forms (30 per 15 minutes): the page's own request is then refused.
  for (let n = 0; n < 30; n += 1) {
    const created = await request.post('/api/createSubscriptionPaymentForm', { headers: auth });
    expect(created.status()).toBe(200);
  }
  await actAsUser(page, token);
  // The way back can be quicker than a look at the address bar: only where the user lands is checked.
  await openSubscribeFromOffer(page, { arrives: false });
  const notifications = page.getByRole('region', { name: 'Notifications' });
  await expect(notifications.getByText('Too many attempts. Please wait a moment and try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/en\/manage-subscriptions$/);
  await expect(page.locator('[data-state="unsubscribed"]').getByRole('button', { name: 'Subscribe' })).toBeVisible();
});
