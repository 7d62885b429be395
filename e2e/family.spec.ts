import { expect, test, type APIRequestContext } from '@playwright/test';
import { actAsUser, createBook, signUp } from './helpers/api';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';

/**
 * Issue 19 item 2: a relative opens the author's link on a phone, without an account, in their
 * own language; answers, comes back through the same link and finds the answer; a withdrawn link
 * says so. (The author's screens come with the workspace.)
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

async function invitation(request: APIRequestContext, language: string, extra: Record<string, unknown> = {}) {
  const author = await signUp(request, { prefix: 'family-author', first_name: 'Jeanne' });
  const book = await createBook(request, author.token, {
    lng: language,
    book_name: 'Une vie au bord de la Loire',
    another_story_subject: 'My mother, her bakery by the river and the flood of 1953',
  });
  const chapter = book.checkpoint_data.data[0];
  const created = await request.post('/api/createFamilyInvitation', {
    headers: author.auth,
    data: {
      service_session_id: book.id,
      contributor_name: 'Marie',
      relation: 'my sister',
      language,
      message: 'Do you remember the winter the river froze? Tell it your way.',
      permission: 'answer',
      chapter_id: chapter.id,
      question_ids: chapter.questions.slice(0, 2).map((q) => q.id),
      ...extra,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { url, id } = (await created.json()).success as { url: string; id: number };
  return { author, book, id, path: new URL(url).pathname + new URL(url).hash, questions: chapter.questions.slice(0, 2) };
}

test('a relative answers by link on a phone, without an account, and finds the answer again through the same link', async ({
  page,
  request,
}) => {
  const { path, questions } = await invitation(request, 'fr');
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
  const { author, book, id, path } = await invitation(request, 'es');
  const revoked = await request.post('/api/revokeFamilyInvitation', {
    headers: author.auth,
    data: { service_session_id: book.id, invitation_id: id },
  });
  expect(revoked.status()).toBe(200);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Este enlace ya no funciona');
});

test('screenshots of the relative’s page at 375 and 1440 px in four languages', async ({ page, request }, testInfo) => {
  for (const lng of ['en', 'fr', 'es', 'it']) {
    const { path } = await invitation(request, lng);
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
  expect((await written.json()).success.content).toContain(
    'Comme s’en souvient Marie, ma sœur\u00a0: «\u00a0L’acqua arrivava alla porta del forno.\u00a0»',
  );
});
