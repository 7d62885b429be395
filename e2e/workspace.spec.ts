import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';

/** A guest book created through the creation API (the guest variant), as the options screen does. */
async function createGuestBook(request: APIRequestContext, lng: string, name: string) {
  const response = await request.post('/api/getGenerateCategoriesWithQuestionsAsGuest', {
    headers: { lng },
    multipart: {
      service_id: '1',
      general_category_id: '2',
      category_based_type_ids: '[301]',
      category_length_type_id: '21',
      toolId: '1',
      book_name: name,
      another_story_subject: 'Mia nonna Rosa, infermiera a Napoli durante la guerra',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).success as { id: number; guest_token: string; checkpoint_data: { data: Array<{ id: number; questions: Array<{ id: number }> }> } };
}

/** Opens the book as the guest who created it: the trial session sits in this browser's storage. */
async function openAsGuest(page: Page, book: object & { id: number }, lng = 'it') {
  await page.addInitScript((trial) => {
    if (!localStorage.getItem('trial_session')) localStorage.setItem('trial_session', trial);
  }, JSON.stringify(book));
  await page.goto(`/${lng}/questions/${book.id}`);
}

async function waitSaved(page: Page) {
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });
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
  const book = await createGuestBook(request, 'it', 'Rosa');
  const first = book.checkpoint_data.data[0];
  await openAsGuest(page, book);

  await expect(page.getByRole('heading', { level: 1, name: 'Rosa' })).toBeVisible();
  await expect(page.getByText('Il primo capitolo è gratuito', { exact: true })).toBeVisible();
  const chapter = page.getByTestId(`chapter-${first.id}`);
  await expect(chapter.getByRole('button', { name: 'Crea il capitolo' })).toBeVisible();

  // Generating before everything is chosen is refused with the spec's message.
  await chapter.getByRole('button', { name: 'Crea il capitolo' }).click();
  await expect(page.getByText(/Compila le caselle obbligatorie|Rispondi a tutte le domande/).first()).toBeVisible();

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
  await expect(page.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow', '0');
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
    const dialog = page.getByRole('dialog', { name: 'Completa il tuo libro' });
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
  const book = await createGuestBook(request, 'it', 'Due schermi');
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
  const book = await createGuestBook(request, 'fr', 'Pas à moi');
  await page.goto(`/fr/questions/${book.id}`);
  await expect(page.getByTestId('workspace-error')).toContainText("Ce livre n'est pas accessible");
  await expect(page.getByRole('textbox')).toHaveCount(0);
});

/** A verified account through the accounts API (register, then the automatic verification), as the register page does. */
async function signUp(request: APIRequestContext) {
  const email = `workspace-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'Correct-horse-42';
  const registered = await request.post('/api/register', {
    headers: { lng: 'en' },
    data: { first_name: 'Ada', last_name: 'Byron', email, city: 'London', password, confirm_password: password },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const { registration_ticket } = (await registered.json()).success;
  const verified = await request.post('/api/verifyRegistrationWithoutOtp', { headers: { lng: 'en' }, data: { email, registration_ticket } });
  expect(verified.status(), await verified.text()).toBe(200);
  return (await verified.json()).success.token as string;
}

test('a signed-in author saves to the server, and download asks about unsubmitted chapters', async ({ page, request }, testInfo) => {
  const token = await signUp(request);
  const created = await request.post('/api/getGenerateCategoriesWithQuestions', {
    headers: { lng: 'en', authorization: `Bearer ${token}` },
    multipart: { service_id: '1', general_category_id: '2', category_based_type_ids: '[301]', category_length_type_id: '21', toolId: '1', book_name: 'Grandma Rose', another_story_subject: 'My grandmother Rose, a nurse in Naples' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const book = (await created.json()).success as { id: number; checkpoint_data: { data: Array<{ id: number }> } };
  await page.addInitScript((value) => sessionStorage.setItem('token', value), token);
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
  const server = (await (await request.get(`/api/getSession/${book.id}`, { headers: { authorization: `Bearer ${token}` } })).json()).success;
  expect(server.introduction).toBe('This is the story of my grandmother.');
  // Someone else's token sees nothing.
  const stranger = await signUp(request);
  expect((await request.get(`/api/getSession/${book.id}`, { headers: { authorization: `Bearer ${stranger}` } })).status()).toBe(403);
});
