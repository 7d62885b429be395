import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { runRefundCommand } from '../server/src/payments/refund';
import { docxWithHeadings } from '../server/test/fixtures/books/forms';
import { actAsUser, createBook, signUp } from './helpers/api';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';
import { JOURNEY_LANGUAGES } from './helpers/languages';

/** Printed copies (issue 14): quote from a .docx or a Plume book, sandbox payment, the print order under "Your print orders". */

const manuscript = () =>
  docxWithHeadings(
    Array.from({ length: 6 }, (_, c) => ({
      title: `Chapter ${c + 1}`,
      paragraphs: Array.from(
        { length: 14 },
        (_, p) =>
          `Paragraph ${p + 1}. The tide came in slowly over the sand while my grandmother mended the nets and told us about the winter of the great storm, when the boats stayed in the harbour for three weeks.`,
      ),
    })),
  );

async function writtenBook(request: APIRequestContext, token: string, lng = 'en') {
  const auth = { authorization: `Bearer ${token}`, lng };
  const { id } = await createBook(request, token, {
    book_name: 'Rose of Naples',
    another_story_subject: 'My grandmother Rose, a nurse in Naples during the war.',
  });
  const session = (await (await request.get(`/api/getSession/${id}`, { headers: auth })).json()).success;
  const chapter = session.checkpoint_data.data[0];
  chapter.name = 'Above the bakery';
  chapter.generated_content = Array.from(
    { length: 12 },
    (_, i) => `${i + 1}. She was born in 1921, above a bakery in the Quartieri Spagnoli, and the smell of bread never left her.`,
  ).join('\n\n');
  const saved = await request.post('/api/upSertSession', {
    headers: auth,
    data: { service_session_id: id, checkpoint_data: session.checkpoint_data, version: session.version },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return id;
}

async function fillAddress(
  page: Page,
  labels = {
    name: 'Recipient’s full name',
    street: 'Street address',
    postal: 'Postal code',
    city: 'City',
    country: 'Country',
    phone: 'Phone number',
  },
) {
  await page.getByLabel(labels.name, { exact: true }).fill('Ada Lovelace');
  await page.getByLabel(labels.street, { exact: true }).fill('12 St James’s Square');
  await page.getByLabel(labels.postal, { exact: true }).fill('SW1Y 4LB');
  await page.getByLabel(labels.city, { exact: true }).fill('London');
  await page.getByLabel(labels.country, { exact: true }).selectOption('GB');
  await page.getByLabel(labels.phone, { exact: true }).fill('+44 20 7946 0000');
}

/** The payment forms the page asks for (each a new order to pay), as they are asked. */
function paymentFormsAsked(page: Page) {
  const forms: string[] = [];
  page.on('request', (asked) => {
    if (asked.url().includes('/api/createPrintingPaymentForm')) forms.push(asked.url());
  });
  return forms;
}

/** "Print this book" for a book, the address filled in, then (after `beforePaying`, if given) paid with the sandbox's accepted card. */
async function orderAndPay(page: Page, bookId: number, beforePaying?: () => Promise<void>) {
  await page.goto(`/en/printing?book=${bookId}`);
  await expect(page.getByTestId('print-pages')).toHaveText('32 pages', { timeout: 60_000 });
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await beforePaying?.();
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry date').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

test('upload a .docx, see pages and price, pay with the sandbox card, the order is confirmed and listed', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { token } = await signUp(request, { prefix: 'print' });
  await actAsUser(page, token);
  // The page's own clock, not the test runner's: when the success message first appears and when the
  // app next changes its URL (the test may notice either late on a loaded machine).
  await page.addInitScript(() => {
    const times: { success?: number; left?: number } = {};
    (window as unknown as { __printTimes: typeof times }).__printTimes = times;
    new MutationObserver(() => {
      if (times.success === undefined && document.querySelector('[data-testid="print-success"]')) times.success = performance.now();
    }).observe(document, { childList: true, subtree: true });
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        if (times.success !== undefined && times.left === undefined) times.left = performance.now();
        original(...args);
      };
    }
  });
  await page.goto('/en/printing');
  await expect(page.getByRole('heading', { level: 1, name: 'Printed copies' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Binding: perfect-bound paperback' })).toBeVisible();
  // no document, no address: no submit button
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);

  await page
    .getByTestId('print-file')
    .setInputFiles({ name: 'not-word.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(page.getByRole('alert')).toContainText('Please choose a Word document in .docx format.');

  await page.getByTestId('print-file').setInputFiles({
    name: 'The tides.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: await manuscript(),
  });
  await expect(page.getByTestId('print-pages')).toHaveText(/^\d+ pages$/, { timeout: 60_000 });
  const pages = Number((await page.getByTestId('print-pages').textContent())!.split(' ')[0]);
  expect(pages).toBeGreaterThanOrEqual(32);
  await expect(page.getByTestId('print-price')).toHaveText(/€/);
  const price = (await page.getByTestId('print-price').textContent())!;

  await fillAddress(page);
  const continueButton = page.getByRole('button', { name: 'Continue to payment' });
  await expect(continueButton).toBeEnabled();
  // Another number of copies: submit waits while the new price is computed, then shows it.
  await page.getByLabel('Number of copies').fill('6');
  await expect(continueButton).toBeDisabled();
  await expect(page.getByText('Laying out your book and computing the price…')).toBeVisible();
  await expect(continueButton).toBeEnabled({ timeout: 60_000 });
  await expect(page.getByTestId('print-price')).not.toHaveText(price);
  await page.getByLabel('Number of copies').fill('5');
  await expect(continueButton).toBeDisabled();
  await expect(continueButton).toBeEnabled({ timeout: 60_000 });
  await expect(page.getByTestId('print-price')).toHaveText(price);
  await continueButton.click();
  await expect(page).toHaveURL(/\/en\/printing-payment$/);
  await expect(page.getByText(`5 copies of “The tides”, ${pages} pages, delivered to London.`)).toBeVisible();
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry date').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByTestId('print-success')).toContainText('is confirmed: your books are on their way to the printer.', {
    timeout: 60_000,
  });
  await expect(page).toHaveURL(/\/en\/printing-payment$/);
  const events = await page.evaluate(
    () => (window.dataLayer ?? []) as Array<{ event?: string; ecommerce?: { value: number; items: Array<{ item_category: string }> } }>,
  );
  const purchase = events.find((e) => e.event === 'purchase');
  expect(purchase?.ecommerce?.items[0].item_category).toBe('Printing');
  expect(price).toContain(String(purchase?.ecommerce?.value).replace('.', '.'));
  // home 3 s later (not at once), measured by the page between the message and the navigation
  await expect(page).toHaveURL(/\/en$/, { timeout: 10_000 });
  const times = await page.evaluate(() => (window as unknown as { __printTimes: { success?: number; left?: number } }).__printTimes);
  expect(times.left! - times.success!).toBeGreaterThanOrEqual(2_900);

  await page.goto('/en/printing');
  await expect(page.getByTestId('print-orders')).toContainText('5 printed copies of “The tides”');
  await expect(page.getByTestId('print-orders')).toContainText('Received');
});

test('"print this book" from the workspace prices the book without any upload', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { token } = await signUp(request, { prefix: 'printbook' });
  const id = await writtenBook(request, token);
  await actAsUser(page, token);
  await page.goto(`/en/questions/${id}`);
  await page.getByRole('button', { name: 'Printed book' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/printing\\?book=${id}$`));
  await expect(page.getByRole('heading', { name: 'Your book “Rose of Naples”' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('print-pages')).toHaveText('32 pages', { timeout: 60_000 });
  await expect(page.getByText('blank pages are added at the end', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose a .docx file' })).toHaveCount(0);

  // My Books' print shortcut opens the same page with the same book.
  await page.goto('/en/my-books');
  await page.getByRole('article').filter({ hasText: 'Rose of Naples' }).getByRole('link', { name: 'Print', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/en/printing\\?book=${id}$`));
  await expect(page.getByRole('heading', { name: 'Your book “Rose of Naples”' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('print-pages')).toHaveText('32 pages', { timeout: 60_000 });
});

test('paid, but handing the order to the printer fails: the same order is tried again, never paid twice', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { token } = await signUp(request, { prefix: 'printretry' });
  const id = await writtenBook(request, token);
  await actAsUser(page, token);
  const forms = paymentFormsAsked(page);
  let cut = 0;
  await page.route('**/api/submitDocxForPrinting', (route) => (cut++ === 0 ? route.abort('connectionreset') : route.continue()));

  await orderAndPay(page, id);

  const retry = page.getByRole('button', { name: 'Try again (no new payment)' });
  await expect(retry).toBeVisible({ timeout: 60_000 });
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Your payment went through, but this page lost touch with us before your order was confirmed. We are sending it to the printer and will confirm it by e-mail. Nothing more will be charged: try again to see it confirmed here.',
  );
  await saveScreenshot(page, testInfo, 'printing-retry', 'en');
  await retry.click();
  await expect(page.getByTestId('print-success')).toContainText('your books are on their way to the printer.', { timeout: 60_000 });
  expect(cut).toBe(2);
  expect(forms).toHaveLength(1);
  await page.goto('/en/printing');
  await expect(page.getByTestId('print-orders').getByText('printed copies of “Rose of Naples”')).toHaveCount(1);
});

test('paid, then the page closed before it hands the order over: the server hands it to the printer all the same', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const { token } = await signUp(request, { prefix: 'printclosed' });
  const id = await writtenBook(request, token);
  await actAsUser(page, token);
  const submits: string[] = [];
  page.on('request', (asked) => {
    if (asked.url().includes('/api/submitDocxForPrinting')) submits.push(asked.url());
  });
  // the tab goes the moment the card form says PAID: the page never confirms nor submits
  const closing = new Promise<void>((resolve) =>
    page.route('**/api/printingPaymentStatusCallback/**', async (route) => {
      await route.abort('connectionclosed');
      resolve();
    }),
  );

  await orderAndPay(page, id);
  await closing;
  await page.close();
  expect(submits).toEqual([]);

  // the order reached the print operator (this server's printer) with the address it was paid for
  const printingOrders = async () =>
    (
      (await (await request.get('/api/myOrders', { headers: { authorization: `Bearer ${token}` } })).json()).success as Array<{
        order: string;
        kind: string;
        print_status: string | null;
      }>
    ).filter((order) => order.kind === 'printing');
  await expect.poll(async () => (await printingOrders()).map((order) => order.print_status), { timeout: 30_000 }).toEqual(['received']);
  const later = await context.newPage();
  await later.goto('/en/printing');
  const listed = later.getByTestId('print-orders').getByRole('listitem');
  await expect(listed).toHaveText(['5 printed copies of “Rose of Naples”Received']);

  // refunded by the operator (npm run refund): the list says so
  const [order] = await printingOrders();
  const env = { DATA_DIR: process.env.PLUME_E2E_DATA_DIR!, ...(process.env.DATABASE_URL && { DATABASE_URL: process.env.DATABASE_URL }) };
  expect(await runRefundCommand([order.order], { env, out: () => undefined })).toBe(0);
  await later.reload();
  await expect(listed).toHaveText(['5 printed copies of “Rose of Naples”Refunded']);
});

test('paid for a book deleted meanwhile: the page says the order is refunded, and offers neither a payment nor a retry', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { token } = await signUp(request, { prefix: 'printdeleted' });
  const id = await writtenBook(request, token);
  await actAsUser(page, token);
  const forms = paymentFormsAsked(page);

  await orderAndPay(page, id, async () => {
    const deleted = await request.post('/api/deleteSessionById', { headers: { authorization: `Bearer ${token}` }, data: { id } });
    expect(deleted.status()).toBe(200);
  });

  // refunded by the server already, or about to be: either way it is said, and the order is over
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    /^(This order has been cancelled and your payment refunded in full\. An e-mail confirms it\.|This order cannot be printed: its book was deleted before it reached the printer\. Your payment will be refunded in full, and an e-mail will confirm it\.)$/,
    { timeout: 60_000 },
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Print order cancelled');
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try again (no new payment)' })).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0)); // the sticky header would be drawn where the page was scrolled to
  await saveScreenshot(page, testInfo, 'printing-refunded', 'en');
  await page.getByRole('link', { name: 'Back to printing' }).click();
  await expect(page.getByTestId('print-orders').getByRole('listitem')).toHaveText(['5 printed copies of “Rose of Naples”Refunded']);
  expect(forms).toHaveLength(1);
});

test('a payment setup failure goes back one page with the error text, the address still filled in', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { token } = await signUp(request, { prefix: 'printfail' });
  const id = await writtenBook(request, token);
  await actAsUser(page, token);
  await page.goto(`/en/printing?book=${id}`);
  await expect(page.getByTestId('print-pages')).toHaveText('32 pages', { timeout: 60_000 });
  await fillAddress(page);
  // The server checks the phone number when the payment is set up.
  await page.getByLabel('Phone number', { exact: true }).fill('call me');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('This phone number does not look right. Please check it.')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`/en/printing\\?book=${id}$`));
  await expect(page.getByLabel('Recipient’s full name', { exact: true })).toHaveValue('Ada Lovelace');
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('London');
  await expect(page.locator('input[autocomplete="cc-number"]')).toHaveCount(0);
});

const LABELS = {
  en: {
    name: 'Recipient’s full name',
    street: 'Street address',
    postal: 'Postal code',
    city: 'City',
    country: 'Country',
    phone: 'Phone number',
  },
  fr: {
    name: 'Nom complet du destinataire',
    street: 'Adresse',
    postal: 'Code postal',
    city: 'Ville',
    country: 'Pays',
    phone: 'Numéro de téléphone',
  },
  es: {
    name: 'Nombre completo del destinatario',
    street: 'Dirección',
    postal: 'Código postal',
    city: 'Ciudad',
    country: 'País',
    phone: 'Número de teléfono',
  },
  it: {
    name: 'Nome e cognome del destinatario',
    street: 'Indirizzo',
    postal: 'CAP',
    city: 'Città',
    country: 'Paese',
    phone: 'Numero di telefono',
  },
} as const;

test('screenshots of /printing and /printing-payment at 375 and 1440 px in four languages', async ({ page, request }, testInfo) => {
  test.setTimeout(300_000);
  const { token } = await signUp(request, { prefix: 'printshots' });
  const id = await writtenBook(request, token);
  await actAsUser(page, token);
  for (const lng of JOURNEY_LANGUAGES) {
    for (const width of [WIDTHS.phone, WIDTHS.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/${lng}/printing?book=${id}`);
      await expect(page.getByTestId('print-pages')).toBeVisible({ timeout: 60_000 });
      await fillAddress(page, LABELS[lng]);
      // the sticky header would be drawn where the page was scrolled to
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, testInfo, 'printing', lng);
      await page.locator('aside').getByRole('button').first().click();
      await expect(page.getByLabel(lng === 'en' ? 'Card number' : /.+/).first()).toBeVisible();
      await expect(page.locator('input[autocomplete="cc-number"]')).toBeVisible({ timeout: 30_000 });
      await saveScreenshot(page, testInfo, 'printing-payment', lng);
    }
  }
});
