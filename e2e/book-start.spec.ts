import { expect, test, type Page } from '@playwright/test';
import { actAsUserWithCookie, createBook, signUp } from './helpers/api';
import { WIDTHS, saveScreenshot } from './helpers/screenshots';

/**
 * Starting a book: a French guest writes an autobiography and lands in the workspace with the trial
 * session stored; a signed-in Spanish user starts a self-development book and finds it first in
 * My Books (rename and delete there too). Screenshots of the options screen at 375 and 1440 px.
 */
const DESCRIPTION_FR =
  'Je suis née en 1948 dans un petit port de Bretagne. Mon père réparait les filets, ma mère tenait la boulangerie sur la place du marché.';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

async function trialSession(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('trial_session') ?? 'null'));
}

test('a guest in French starts an autobiography and lands in the workspace', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
  await page.goto('/fr/general-categories-options/1/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Votre nouveau livre' })).toBeVisible();
  await expect(page.getByTestId('step-2')).toHaveCount(0);

  // cover: too big is refused in the browser, a small PNG shows as a preview and waits in local storage
  await page.getByTestId('cover-input').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(307_201, 1) });
  await expect(page.getByTestId('cover-box').locator('..').getByRole('alert')).toHaveText(
    'Cette image est trop lourde : 300 Ko au maximum.',
  );
  await page.getByTestId('cover-input').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByAltText('Aperçu de votre couverture')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('cover_media_photo'))).toMatch(/^data:image\/png;base64,/);

  await page.getByLabel('Titre de votre livre').fill('Les marées de ma vie');
  await page.getByTestId('type-101').click();
  await expect(page.getByTestId('step-2')).toBeVisible();

  // a short description is refused with the spec's message
  await page.getByLabel('Présentez-vous en quelques phrases').fill('Trop court.');
  await page.getByTestId('length-11').click();
  await page.getByRole('button', { name: 'Commencer à écrire' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Votre description doit compter plus de 100 caractères.' }).first()).toBeVisible();

  await page.getByLabel('Présentez-vous en quelques phrases').fill(DESCRIPTION_FR);
  await saveScreenshot(page, testInfo, 'options', 'fr');
  await page.setViewportSize({ width: WIDTHS.phone, height: 800 });
  await saveScreenshot(page, testInfo, 'options', 'fr');
  await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });

  await page.getByRole('button', { name: 'Commencer à écrire' }).click();
  await page.waitForURL(/\/fr\/questions\/\d+$/);
  const id = Number(page.url().split('/').pop());
  const trial = await trialSession(page);
  expect(trial).toMatchObject({ id, book_name: 'Les marées de ma vie', is_payed: false });
  expect(typeof trial.guest_token).toBe('string');
  expect(trial.checkpoint_data).toMatchObject({
    general_category_id: 1,
    language: 'fr',
    category_based_type_ids: [101],
    category_length_type_id: 11,
  });
  expect(trial.checkpoint_data.data[0].questions[0].transcript).toBe(DESCRIPTION_FR);
  // the cover preview moved to the book's own key
  expect(
    await page.evaluate(
      (bookId) => [localStorage.getItem('cover_media_photo'), localStorage.getItem(`cover_media_photo_${bookId}`)?.slice(0, 22)],
      id,
    ),
  ).toEqual([null, 'data:image/png;base64,']);

  // a reload keeps the guest in their book, and no read of it is refused: the served page asks a guest's browser for
  // no early read (it could not carry the guest's token, and the browser may answer the workspace's read with it)
  const refused: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes(`/api/getSession/${id}`) && !response.ok()) refused.push(response.status());
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Les marées de ma vie' })).toBeVisible();
  await expect(page.getByText(DESCRIPTION_FR)).toBeVisible();
  await expect(page.locator('.Toastify__toast--error')).toHaveCount(0);
  expect(await trialSession(page)).toMatchObject({ id, guest_token: trial.guest_token });
  expect(refused).toEqual([]);
});

test('the waiting screen and the existing-book tools', async ({ page }) => {
  await page.goto('/it/general-categories-options/1/2');
  await page.getByText('Ho già iniziato il mio libro').click();
  // the existing-book tools exclude guided writing
  await expect(page.getByRole('radio', { name: /Scrittura guidata/ })).toHaveCount(0);
  await page.getByRole('radio', { name: /Scrivere un solo capitolo/ }).click();
  await page.locator('[data-testid^="type-"]').first().click();
  // a forcing tool hides the length choice
  await expect(page.locator('[data-testid^="length-"]')).toHaveCount(0);
  await expect(page.getByText('Con questo strumento il Suo libro avrà questa lunghezza')).toBeVisible();
  await page.getByLabel('Di chi parla questo libro?').fill('Mia nonna Rosa, sarta a Bologna');
  // hold the answer until the waiting screen and its timer have been seen
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/getGenerateCategoriesWithQuestionsAsGuest', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Inizia a scrivere' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Stiamo dando forma alla grande idea del Suo libro');
  await expect(page.getByTestId('waiting-timer')).toHaveText(/^00:0\d$/);
  release();
  await page.waitForURL(/\/it\/questions\/\d+$/);
  expect((await trialSession(page)).checkpoint_data).toMatchObject({ tool_id: 4, category_length_type_id: 24 });
});

test('a signed-in user in Spanish starts a self-development book and finds it first in My Books', async ({ page, request }, testInfo) => {
  const { token } = await signUp(request, {
    prefix: 'books',
    lng: 'es',
    first_name: 'Lucía',
    last_name: 'García',
    city: 'Sevilla',
    password: 'una clave larga 42',
  });
  // an older book, so the new one has to come first
  await createBook(request, token, { lng: 'es', book_name: 'La abuela Rosa', another_story_subject: 'Mi abuela Rosa' });

  await actAsUserWithCookie(page, token, testInfo.project.use.baseURL!);
  await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
  await page.goto('/es/general-categories-options/1/3');
  await page.getByLabel('Título de tu libro').fill('Treinta años de carpintería');
  await page.getByTestId('type-601').click();
  await page.getByLabel('¿De qué trata tu libro?').fill('Lo que treinta años de carpintería me enseñaron sobre la paciencia');
  await page.getByTestId('length-31').click();
  await page.getByRole('button', { name: 'Empezar a escribir' }).click();
  await page.waitForURL(/\/es\/questions\/\d+$/);
  const id = Number(page.url().split('/').pop());
  expect(await trialSession(page)).toBeNull();

  await page.goto('/es/my-books');
  const cards = page.getByTestId('book-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('Sigue donde lo dejaste');
  await expect(cards.first()).toContainText('Treinta años de carpintería');
  await expect(cards.first()).toContainText('Desarrollo personal');
  await expect(cards.first().getByRole('link', { name: 'Treinta años de carpintería' })).toHaveAttribute('href', `/es/questions/${id}`);
  await expect(cards.nth(1)).toContainText('La historia de un ser querido');
  await saveScreenshot(page, testInfo, 'my-books', 'es');
  await page.setViewportSize({ width: WIDTHS.phone, height: 800 });
  await saveScreenshot(page, testInfo, 'my-books', 'es');
  await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });

  // rename the older book from its menu: it moves first
  await page.getByRole('button', { name: 'Opciones de La abuela Rosa' }).click();
  await page.getByRole('menuitem', { name: 'Cambiar el título' }).click();
  await page.getByLabel('Nuevo título').fill('Rosa, mi abuela');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('El título del libro se ha actualizado correctamente.')).toBeVisible();
  await expect(cards.first()).toContainText('Rosa, mi abuela');

  // delete it after confirming
  await page.getByRole('button', { name: 'Opciones de Rosa, mi abuela' }).click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  await expect(page.getByRole('dialog')).toContainText('¿Eliminar este libro?');
  await page.getByRole('button', { name: 'Eliminar el libro' }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Treinta años de carpintería');
});

test('My Books shows the empty state to a new user', async ({ page, request }, testInfo) => {
  const { token } = await signUp(request, { prefix: 'empty', last_name: 'L', city: 'Rome', password: 'another long secret 7' });
  await actAsUserWithCookie(page, token, testInfo.project.use.baseURL!);
  await page.goto('/it/my-books');
  await expect(page.getByTestId('books-empty')).toContainText('Ancora nessun libro');
  await page.getByRole('link', { name: /Crea un nuovo libro/ }).click();
  await page.waitForURL(/\/it\/general-categories\/1$/);
});
