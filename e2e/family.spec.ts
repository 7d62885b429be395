import { expect, test, type APIRequestContext } from '@playwright/test';
import { actAsUser, createBook, invitation, signUp } from './helpers/api';
import { unlockBookWithCoupon } from './helpers/coupons';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';
import { JOURNEY_LANGUAGES } from './helpers/languages';

/**
 * Issue 19 item 2: a relative opens the author's link on a phone, without an account, in their
 * own language; answers, comes back through the same link and finds the answer; a withdrawn link
 * says so. The author's side: the family page, the workspace's memories under each question, the
 * passage and the credit in the preview (issue 19 items 3, 4 and 6).
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

/** Marie is asked the first chapter's first two questions, with a message. */
const ASKED = { questions: 2, message: 'Do you remember the winter the river froze? Tell it your way.' };

test('a relative answers by link on a phone, without an account, and finds the answer again through the same link', async ({
  page,
  request,
}) => {
  const { path, questions } = await invitation(request, { language: 'fr', ...ASKED });
  expect(path).toMatch(/^\/fr\/contribute#/);
  await page.setViewportSize({ width: WIDTHS.phone, height: 800 });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jeanne aimerait beaucoup vos souvenirs');
  await expect(page.getByText('Do you remember the winter the river froze?')).toBeVisible();
  const first = page.getByRole('textbox', { name: questions[0].name });
  await page.getByRole('button', { name: 'Envoyer mes souvenirs' }).first().click();
  await expect(page.getByText('Écrivez d’abord quelques mots.')).toBeVisible();
  await first.fill('La Loire avait gelé, nous traversions à pied pour aller à l’école.');
  await page.getByLabel('Ajouter une photo').first().setInputFiles({ name: 'loire.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Choisie : loire.png')).toBeVisible();
  await page.getByRole('button', { name: 'Envoyer mes souvenirs' }).first().click();
  await expect(page.getByText('Envoyé. Jeanne le lira bientôt.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Votre photo' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: questions[0].name })).toHaveValue(
    'La Loire avait gelé, nous traversions à pied pour aller à l’école.',
  );
  await expect(page.getByRole('button', { name: 'Modifier ma réponse' })).toBeVisible();
  // nothing of the book but the chapter's title and the two questions chosen for her
  await expect(page.locator('textarea')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, 'contribute fr 375');
});

test('a withdrawn link says it no longer works', async ({ page, request }) => {
  const { author, book, id, path } = await invitation(request, { language: 'es', ...ASKED });
  const revoked = await request.post('/api/revokeFamilyInvitation', {
    headers: author.auth,
    data: { service_session_id: book.id, invitation_id: id },
  });
  expect(revoked.status()).toBe(200);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Este enlace ya no funciona');
});

test('screenshots of the relative’s page at 375 and 1440 px in four languages', async ({ page, request }, testInfo) => {
  for (const lng of JOURNEY_LANGUAGES) {
    const { path } = await invitation(request, { language: lng, ...ASKED });
    for (const width of [WIDTHS.phone, WIDTHS.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.locator('textarea')).toHaveCount(2);
      await expect(page.locator('main')).not.toContainText('{{');
      await saveScreenshot(page, testInfo, 'family-contribute', lng);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${lng} ${width}`).toBeLessThanOrEqual(0);
    }
  }
});

test('the author invites from the family page, the relative answers on a phone in another language, the author quotes it and the chapter keeps it', async ({
  browser,
  page,
  request,
}, testInfo) => {
  const author = await signUp(request, { prefix: 'family-page', first_name: 'Jeanne', lng: 'fr' });
  const book = await createBook(request, author.token, {
    lng: 'fr',
    book_name: 'Une vie au bord de la Loire',
    another_story_subject: 'Ma mère, sa boulangerie au bord du fleuve et la crue de 1953',
  });
  const chapter = book.checkpoint_data.data[0];
  await actAsUser(page, author.token);
  await page.goto(`/fr/questions/${book.id}`);
  await page.getByRole('button', { name: 'Souvenirs de famille' }).click();
  await expect(page).toHaveURL(new RegExp(`/fr/family/${book.id}$`));
  await expect(page.getByText('Pas encore de souvenirs. Invitez quelqu’un ci-dessous.')).toBeVisible();
  await page.getByRole('button', { name: 'Créer l’invitation' }).click();
  await expect(page.getByText('Merci de remplir ce champ.').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Son prénom', exact: true }).fill('Marie');
  await page.getByRole('textbox', { name: 'Qui est-ce pour vous ?', exact: true }).fill('ma sœur');
  await page.getByLabel('Langue de sa page').selectOption('it');
  await page.getByLabel('Un message personnel').fill('Ti ricordi della piena?');
  await page.getByRole('checkbox', { name: chapter.questions[0].name }).check();
  await page.getByRole('button', { name: 'Créer l’invitation' }).click();
  const link = (await page.locator('code').textContent())!;
  expect(link).toMatch(/\/it\/contribute#/);
  await expect(page.getByText('Valable jusqu’au')).toBeVisible();

  const phone = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const relative = await phone.newPage();
  await relative.goto(new URL(link).pathname + new URL(link).hash);
  await expect(relative.getByRole('heading', { level: 1 })).toHaveText('Jeanne vorrebbe tanto i Suoi ricordi');
  await expect(relative.locator('textarea')).toHaveCount(1);
  await relative.getByRole('textbox', { name: chapter.questions[0].name }).fill("L'acqua arrivava alla porta del forno.");
  await relative.getByRole('button', { name: 'Inviare i miei ricordi' }).click();
  await expect(relative.getByText('Inviato. Jeanne lo leggerà presto.')).toBeVisible();
  await phone.close();

  await page.reload();
  await expect(page.getByText('Comme s’en souvient Marie, ma sœur')).toBeVisible();
  await expect(page.getByText("L'acqua arrivava alla porta del forno.")).toBeVisible();
  await page.getByRole('button', { name: 'Citer dans le chapitre' }).click();
  await expect(page.getByText('Cité : gardé mot pour mot dans le chapitre.')).toBeVisible();
  for (const width of [WIDTHS.phone, WIDTHS.desktop]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(page, testInfo, 'family-author', 'fr');
  }

  const data = {
    ...chapter,
    questions: chapter.questions.map((q) => ({ ...q, transcript: 'La crue de 1953 a tout emporté dans notre rue.' })),
  };
  const stored = (await (await request.get(`/api/getSession/${book.id}`, { headers: author.auth })).json()).success;
  const survey = (stored.checkpoint_data.lookups.survey_questions as { id: number; survey_answers: { id: number }[] }[]).map((q) => ({
    survey_question_id: q.id,
    survey_answer_id: q.survey_answers[0].id,
  }));
  const written = await request.post('/api/getStoryAnswer', {
    headers: { ...author.auth, lng: 'fr' },
    data: { data, service_session_id: book.id, selected_survey_questions: survey, index: 0, isPayed: false, user: null },
  });
  expect(written.status(), await written.text()).toBe(200);
  const passage = 'Comme s’en souvient Marie, ma sœur\u00a0: «\u00a0L’acqua arrivava alla porta del forno.\u00a0»';
  expect((await written.json()).success.content).toContain(passage);

  // issue 19 item 6: the author sees the passage and the credit in the preview (a paid book's, on a computer)
  await unlockBookWithCoupon(request, author.auth, book.id);
  await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
  await page.goto(`/fr/questions/${book.id}`);
  await page.getByRole('button', { name: 'Aperçu' }).click();
  const preview = page.getByTestId('book-preview');
  await expect(preview.getByText(passage)).toBeVisible();
  const credit = preview.locator('#preview-contributors');
  await expect(credit.getByRole('heading', { name: 'Avec les souvenirs de' })).toBeVisible();
  await expect(credit.getByText('Marie, ma sœur')).toBeVisible();
  await credit.scrollIntoViewIfNeeded();
  await saveScreenshot(page, testInfo, 'family-preview-credit', 'fr', { fullPage: false });
});

/** A signed-in author's book in `lng` with one memory from Marie waiting under the first question. */
async function bookWithMemory(request: APIRequestContext, lng: string) {
  const relation = { en: 'my sister', fr: 'ma sœur', es: 'mi hermana', it: 'mia sorella' }[lng]!;
  const text = {
    en: 'The water came up to the bakery door; Father carried us out on his shoulders.',
    fr: 'L’eau montait jusqu’à la porte de la boulangerie ; Papa nous a portés sur ses épaules.',
    es: 'El agua llegaba a la puerta de la panadería; papá nos sacó a hombros.',
    it: 'L’acqua arrivava alla porta del forno; il papà ci portò fuori sulle spalle.',
  }[lng]!;
  const { author, book, chapter, url } = await invitation(request, {
    language: lng,
    author: { prefix: `family-shots-${lng}`, lng },
    relation,
  });
  const saved = await request.post('/api/saveFamilyContribution', {
    headers: { 'x-invitation-token': url.slice(url.indexOf('#') + 1), lng },
    multipart: { question_id: String(chapter.questions[0].id), text },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return { author, book, chapter, relation, text };
}

test('the workspace shows what relatives remember under the question, with the family page’s decisions (issue 19 item 3)', async ({
  page,
  request,
}) => {
  const { author, book, chapter, text } = await bookWithMemory(request, 'fr');
  await actAsUser(page, author.token);
  await page.goto(`/fr/questions/${book.id}`);
  const card = page.getByTestId(`question-${chapter.questions[0].id}`);
  await expect(card.getByText('Comme s’en souvient Marie, ma sœur')).toBeVisible();
  await expect(card.getByText(text)).toBeVisible();
  // the other questions hold only the author's answers
  await expect(page.getByTestId(`question-${chapter.questions[1].id}`).getByText('Comme s’en souvient')).toHaveCount(0);
  await card.getByRole('button', { name: 'Accepter' }).click();
  await expect(card.getByText('Accepté : la prochaine écriture du chapitre l’utilise.')).toBeVisible();
  await card.getByRole('button', { name: 'Revenir sur ce choix' }).click();
  await card.getByRole('button', { name: 'Mettre de côté' }).click();
  // set aside: it leaves the workspace, the family page keeps it
  await expect(card.getByText(text)).toHaveCount(0);
  await page.goto(`/fr/family/${book.id}`);
  await expect(page.getByText('Mis de côté.')).toBeVisible();
  // the author may leave Marie off the book's contributors' page; the choice is kept
  const named = page.getByRole('checkbox', { name: 'Nommer Marie sur la page « Avec les souvenirs de » du livre' });
  await expect(named).toBeChecked();
  await named.uncheck();
  await expect(named).not.toBeChecked();
  await page.reload();
  await expect(named).not.toBeChecked();
});

test('screenshots of the author’s family page and the workspace’s memories at 375 and 1440 px in four languages', async ({
  page,
  request,
}, testInfo) => {
  // four books and sixteen page loads
  test.setTimeout(180_000);
  for (const lng of JOURNEY_LANGUAGES) {
    const { author, book, chapter, text } = await bookWithMemory(request, lng);
    await actAsUser(page, author.token);
    for (const width of [WIDTHS.phone, WIDTHS.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/${lng}/family/${book.id}`);
      await expect(page.getByText(text)).toBeVisible();
      await expect(page.locator('main')).not.toContainText('{{');
      await saveScreenshot(page, testInfo, 'family-author', lng);
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow(), `family page ${lng} ${width}`).toBeLessThanOrEqual(0);

      await page.goto(`/${lng}/questions/${book.id}`);
      const card = page.getByTestId(`question-${chapter.questions[0].id}`);
      await expect(card.getByText(text)).toBeVisible();
      await expect(card).not.toContainText('{{');
      await card.scrollIntoViewIfNeeded();
      await saveScreenshot(page, testInfo, 'family-workspace', lng, { fullPage: false });
      expect(await overflow(), `workspace ${lng} ${width}`).toBeLessThanOrEqual(0);
    }
  }
});
