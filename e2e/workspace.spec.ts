import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { actAsGuest, actAsUser, createBook, createGuestBook, signUp, waitSaved } from './helpers/api';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';

/** A guest's book about an Italian grandmother (its page language set by `lng`). */
const italianGuestBook = (request: APIRequestContext, lng: string, name: string) =>
  createGuestBook(request, { lng, book_name: name, another_story_subject: 'Mia nonna Rosa, infermiera a Napoli durante la guerra' });

/** Opens the book as the guest who created it: the trial session sits in this browser's storage. */
async function openAsGuest(page: Page, book: object & { id: number }, lng = 'it') {
  await actAsGuest(page, book);
  await page.goto(`/${lng}/questions/${book.id}`);
}

async function chooseAllSurveyAnswers(page: Page, chapter: ReturnType<Page['getByTestId']>) {
  const triggers = chapter.locator('[data-testid^="survey-"]');
  const count = await triggers.count();
  for (let i = 0; i < count; i += 1) {
    await triggers.nth(i).click();
    await page.getByRole('option').first().click();
  }
}

test('a guest answers the first chapter in Italian, generates it, edits the text, reloads and finds everything', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: WIDTHS.desktop, height: 1000 });
  const book = await italianGuestBook(request, 'it', 'Rosa');
  const first = book.checkpoint_data.data[0];
  await openAsGuest(page, book);

  await expect(page.getByRole('heading', { level: 1, name: 'Rosa' })).toBeVisible();
  await expect(page.getByText('Il primo capitolo è gratuito', { exact: true })).toBeVisible();
  const chapter = page.getByTestId(`chapter-${first.id}`);
  await expect(chapter.getByRole('button', { name: 'Crea il capitolo' })).toBeVisible();

  // Generating before everything is chosen is refused with the spec's message.
  await chapter.getByRole('button', { name: 'Crea il capitolo' }).click();
  await expect(page.getByText(/Compili le caselle obbligatorie|Risponda a tutte le domande/).first()).toBeVisible();

  const answers = chapter.locator('textarea[id^="answer-"]');
  const total = await answers.count();
  expect(total).toBeGreaterThan(0);
  for (let i = 0; i < total; i += 1) {
    await answers.nth(i).fill(`Risposta ${i + 1}: Rosa lavorava all'ospedale dei Pellegrini e tornava a casa a piedi, cantando.   `);
    await answers.nth(i).blur();
  }
  await expect(answers.first()).toHaveValue("Risposta 1: Rosa lavorava all'ospedale dei Pellegrini e tornava a casa a piedi, cantando.");
  await chooseAllSurveyAnswers(page, chapter);
  await waitSaved(page);

  await chapter.getByRole('button', { name: 'Crea il capitolo' }).click();
  const text = chapter.getByTestId('chapter-text');
  await expect(text).toBeVisible({ timeout: 60_000 });
  await expect(chapter.getByRole('button', { name: 'Ricrea il capitolo' })).toBeVisible();
  // The book's own progress bar (by name: a toast on screen has a progress bar too).
  await expect(page.getByRole('progressbar', { name: 'Avanzamento del Suo libro' })).not.toHaveAttribute('aria-valuenow', '0');
  // The questions fold away once the chapter has its text.
  await expect(answers).toHaveCount(0);

  await chapter.getByRole('button', { name: 'Modifica il testo' }).click();
  const editor = chapter.locator('textarea[id^="text-"]');
  await editor.fill(`${await editor.inputValue()}\n\nUna frase aggiunta a mano da sua nipote.`);
  await chapter.getByRole('button', { name: 'Salva' }).click();
  await expect(text).toContainText('Una frase aggiunta a mano da sua nipote.');
  await waitSaved(page);
  await saveScreenshot(page, testInfo, 'workspace-guest', 'it');

  // A locked chapter opens 'Finish your book' with a login prompt for visitors.
  const second = book.checkpoint_data.data[1];
  if (second) {
    await page.getByTestId(`chapter-${second.id}`).getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'Completi il Suo libro' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Accedi' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'workspace-plan-modal', 'it', { fullPage: false });
    await page.keyboard.press('Escape');
  }

  await page.reload();
  await expect(page.getByTestId(`chapter-${first.id}`).getByTestId('chapter-text')).toContainText('Una frase aggiunta a mano da sua nipote.');
  await page.getByTestId(`chapter-${first.id}`).getByRole('button', { name: /domand/ }).first().click();
  await expect(page.getByTestId(`chapter-${first.id}`).locator('textarea[id^="answer-"]').first()).toHaveValue(/Rosa lavorava all'ospedale dei Pellegrini/);

  // The server copy holds it too (not only this browser).
  const server = await request.get(`/api/getSession/${book.id}`, { headers: { 'x-guest-token': book.guest_token } });
  const session = (await server.json()).success;
  expect(session.checkpoint_data.data[0].generated_content).toContain('Una frase aggiunta a mano da sua nipote.');

  await page.setViewportSize({ width: WIDTHS.phone, height: 900 });
  await saveScreenshot(page, testInfo, 'workspace-guest', 'it');
  // What a phone shows: the header, then the first chapter.
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, testInfo, 'workspace-guest-top', 'it', { fullPage: false });
  await page.getByTestId(`chapter-${first.id}`).scrollIntoViewIfNeeded();
  await saveScreenshot(page, testInfo, 'workspace-guest-chapter', 'it', { fullPage: false });
});

async function guestContext(browser: Browser, book: object & { id: number }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openAsGuest(page, book);
  return { context, page };
}

test('two screens edit the same book at once and both edits survive', async ({ browser, request }) => {
  const book = await italianGuestBook(request, 'it', 'Due schermi');
  const chapter = book.checkpoint_data.data[0];
  expect(chapter.questions.length).toBeGreaterThan(1);
  const a = await guestContext(browser, book);
  const b = await guestContext(browser, book);
  const answer = (page: Page, n: number) => page.getByTestId(`chapter-${chapter.id}`).locator('textarea[id^="answer-"]').nth(n);
  const answerA = answer(a.page, 0);
  const answerB = answer(b.page, 1);
  await expect(answerA).toBeVisible({ timeout: 20_000 });
  await expect(answerB).toBeVisible({ timeout: 20_000 });
  // Typed at the same time: one save lands first, the other is merged chapter by chapter.
  await Promise.all([answerA.fill('Scritto sul primo schermo.'), answerB.fill('Scritto sul secondo schermo.')]);
  await Promise.all([waitSaved(a.page), waitSaved(b.page)]);
  for (const { page } of [a, b]) {
    await page.reload();
    await expect(answer(page, 0)).toHaveValue('Scritto sul primo schermo.');
    await expect(answer(page, 1)).toHaveValue('Scritto sul secondo schermo.');
  }
  await a.context.close();
  await b.context.close();
});

test('an unknown or foreign book shows a clear error and nothing else', async ({ page, request }) => {
  await page.goto('/fr/questions/999999');
  await expect(page.getByTestId('workspace-error')).toContainText('Ce livre est introuvable');
  const book = await italianGuestBook(request, 'fr', 'Pas à moi');
  await page.goto(`/fr/questions/${book.id}`);
  await expect(page.getByTestId('workspace-error')).toContainText("Ce livre n'est pas accessible");
  await expect(page.getByRole('textbox')).toHaveCount(0);
});

test('a signed-in author saves to the server, and download asks about unsubmitted chapters', async ({ page, request }, testInfo) => {
  const { token, auth } = await signUp(request, { prefix: 'workspace' });
  const book = await createBook(request, token, { book_name: 'Grandma Rose', another_story_subject: 'My grandmother Rose, a nurse in Naples' });
  await actAsUser(page, token);
  await page.setViewportSize({ width: WIDTHS.desktop, height: 1000 });
  await page.goto(`/en/questions/${book.id}`);

  const chapter = page.getByTestId(`chapter-${book.checkpoint_data.data[0].id}`);
  const answer = chapter.locator('textarea[id^="answer-"]').first();
  await answer.fill('She was born in 1921, above a bakery.');
  await waitSaved(page);
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved');

  // The title: trimmed and saved with the spec's toast; an empty title reverts.
  await page.getByRole('button', { name: 'Edit the book title' }).click();
  await page.getByRole('textbox', { name: 'Book title' }).fill('  Rose of Naples  ');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Book name updated successfully.')).toBeVisible();
  await page.getByRole('button', { name: 'Edit the book title' }).click();
  await page.getByRole('textbox', { name: 'Book title' }).fill('   ');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rose of Naples');

  // The introduction, saved with updateBookAttribute and its toast.
  await page.getByRole('button', { name: 'Introduction' }).click();
  await page.getByRole('button', { name: 'Edit the Introduction' }).click();
  await page.getByRole('textbox', { name: 'Introduction' }).fill('This is the story of my grandmother.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Introduction updated successfully.')).toBeVisible();

  await page.getByRole('button', { name: 'Download' }).first().click();
  const ask = page.getByRole('dialog', { name: 'You still have unsubmitted chapters. Download anyway?' });
  await expect(ask).toBeVisible();
  await saveScreenshot(page, testInfo, 'workspace-unsubmitted', 'en', { fullPage: false });
  await ask.getByRole('button', { name: 'No' }).click();
  await expect(ask).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rose of Naples');
  await expect(chapter.locator('textarea[id^="answer-"]').first()).toHaveValue('She was born in 1921, above a bakery.');
  const server = (await (await request.get(`/api/getSession/${book.id}`, { headers: auth })).json()).success;
  expect(server.introduction).toBe('This is the story of my grandmother.');
  // Someone else's token sees nothing.
  const stranger = await signUp(request, { prefix: 'workspace' });
  expect((await request.get(`/api/getSession/${book.id}`, { headers: stranger.auth })).status()).toBe(403);
});

/** Creates a coupon the way an operator does (`npm run coupon -- create …`), on the e2e server's database. */
async function createCouponWithCommand(code: string, uses: number) {
  const root = path.resolve(import.meta.dirname, '..');
  const dataDir = process.env.PLUME_E2E_DATA_DIR;
  expect(dataDir, 'playwright.config.ts exports the server DATA_DIR as PLUME_E2E_DATA_DIR').toBeTruthy();
  const { stdout } = await promisify(execFile)('npx', ['tsx', 'scripts/coupon.ts', 'create', '--code', code, '--uses', String(uses), '--expires', '2099-01-01'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) },
  });
  expect(stdout).toContain(`Created coupon ${code}`);
}

/** The chapters' ids in the order the page shows them. */
const chapterOrder = (page: Page) =>
  page.locator('[data-testid^="chapter-"]').evaluateAll((items) => items.map((item) => item.getAttribute('data-testid') ?? '').filter((id) => /^chapter-\d+$/.test(id)).map((id) => Number(id.slice(8))));

test('a paid user adds a chapter, drags it to first place, deletes a question, reloads', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const { token, auth } = await signUp(request, { prefix: 'workspace' });
  const book = await createBook(request, token, { book_name: 'Letters from Lisbon', another_story_subject: 'My uncle Tomás, a sailor who wrote home every week' });
  expect(book.is_payed).toBe(false);
  const initialIds = book.checkpoint_data.data.map((c) => c.id);
  expect(initialIds.length).toBeGreaterThan(1);

  const code = `SPRING${Date.now()}`;
  await createCouponWithCommand(code, 1);

  await actAsUser(page, token);
  await page.setViewportSize({ width: WIDTHS.desktop, height: 1000 });
  await page.goto(`/en/questions/${book.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Letters from Lisbon' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add a chapter' })).toHaveCount(0);

  // Unpaid: 'Finish your book' has the coupon box; the code is matched whatever its case.
  await page.getByRole('button', { name: 'Unlock all chapters' }).first().click();
  const plans = page.getByRole('dialog', { name: 'Finish your book' });
  await expect(plans).toBeVisible();
  await plans.getByLabel('Coupon code').fill(code.toLowerCase());
  await plans.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Coupon applied successfully.')).toBeVisible();
  await expect(plans).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add a chapter' })).toBeVisible();
  await expect(page.getByText('The first chapter is free. Unlock the whole book to write every chapter.')).toHaveCount(0);
  // The single use is taken: the same code no longer unlocks another book.
  const otherId = (await createBook(request, token, { book_name: 'Second book', another_story_subject: 'My aunt Inês and her bakery' })).id;
  const reused = await request.post('/api/checkCouponForPayment', { headers: { lng: 'en', ...auth }, data: { plan_id: 1, service_session_id: otherId, code } });
  expect(reused.status()).toBe(400);
  expect((await reused.json()).code).toBe('coupons.used_up');

  // Add a chapter: a title and two questions.
  await page.getByRole('button', { name: 'Add a chapter' }).click();
  const modal = page.getByRole('dialog', { name: 'Add a chapter' });
  await modal.getByRole('textbox', { name: 'Chapter title' }).fill('The harbour years');
  await modal.getByRole('textbox', { name: 'Question 1', exact: true }).fill('Which ship did he sail on first?');
  await modal.getByRole('button', { name: 'Add a question' }).click();
  await modal.getByRole('textbox', { name: 'Question 2', exact: true }).fill('What did he bring back for the family?');
  await modal.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(modal).toBeHidden();
  await expect.poll(() => chapterOrder(page)).toHaveLength(initialIds.length + 1);
  const order = await chapterOrder(page);
  const added = order[order.length - 1];
  expect(initialIds).not.toContain(added);
  await waitSaved(page);

  // Drag it to first place with the keyboard (dnd-kit): focus the handle, Space, ArrowUp…, Space.
  const handle = page.getByRole('button', { name: 'Move the chapter “The harbour years”' });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(new RegExp(`^(Picked up draggable item|Draggable item) ${added}`))).toHaveCount(1);
  // One step up per key press: wait for dnd-kit's live region to announce each move; stop once over the first chapter.
  const liveRegion = page.locator('[id^="DndLiveRegion"]').filter({ hasText: `item ${added}` });
  const overFirst = page.getByText(`Draggable item ${added} was moved over droppable area ${initialIds[0]}.`);
  for (let i = 0; i < initialIds.length + 3 && (await overFirst.count()) === 0; i += 1) {
    const before = (await liveRegion.textContent()) ?? '';
    await page.keyboard.press('ArrowUp');
    await expect(liveRegion).not.toHaveText(before);
  }
  await expect(overFirst).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect.poll(() => chapterOrder(page)).toEqual([added, ...initialIds]);
  await waitSaved(page);

  // Delete one of its questions (confirmed in a dialog).
  const chapter = page.getByTestId(`chapter-${added}`);
  await chapter.getByRole('button', { name: 'Chapter 1 The harbour years' }).click();
  await expect(chapter.getByRole('button', { name: 'Chapter 1 The harbour years' })).toHaveAttribute('aria-expanded', 'true');
  await chapter.getByRole('button', { name: 'Delete the question “Which ship did he sail on first?”' }).click();
  const ask = page.getByRole('dialog', { name: 'Delete this question?' });
  await ask.getByRole('button', { name: 'Delete' }).click();
  await expect(ask).toBeHidden();
  await expect(chapter.getByText('Which ship did he sail on first?', { exact: true })).toHaveCount(0);
  await expect(chapter.getByText('What did he bring back for the family?', { exact: true })).toBeVisible();
  await waitSaved(page);
  await saveScreenshot(page, testInfo, 'workspace-paid', 'en', { fullPage: false });

  await page.reload();
  await expect(page.getByRole('button', { name: 'Add a chapter' })).toBeVisible();
  await expect.poll(() => chapterOrder(page)).toEqual([added, ...initialIds]);
  const reloaded = page.getByTestId(`chapter-${added}`);
  // Now the first chapter, it opens by itself.
  await expect(reloaded.getByRole('button', { name: 'Chapter 1 The harbour years' })).toHaveAttribute('aria-expanded', 'true');
  await expect(reloaded.getByText('What did he bring back for the family?', { exact: true })).toBeVisible();
  await expect(reloaded.getByText('Which ship did he sail on first?', { exact: true })).toHaveCount(0);

  // The server copy agrees.
  const server = (await (await request.get(`/api/getSession/${book.id}`, { headers: auth })).json()).success;
  expect(server.is_payed).toBe(true);
  expect(server.checkpoint_data.data.map((c: { id: number }) => c.id)).toEqual([added, ...initialIds]);
  expect(server.checkpoint_data.data[0]).toMatchObject({ name: 'The harbour years', questions: [expect.objectContaining({ name: 'What did he bring back for the family?' })] });
  expect(server.checkpoint_data.data[0].questions).toHaveLength(1);
});
