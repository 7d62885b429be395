import { expect, test, type Locator, type Page } from '@playwright/test';
import { actAsGuest, createGuestBook, waitSaved } from './helpers/api';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';
import { JOURNEY_LANGUAGES } from './helpers/languages';

/** Issue 16: what a newcomer met in the workspace — skipped questions, long pastes, the scroll after 'Create chapter'. */

const words = {
  en: {
    create: 'Create chapter',
    recreate: 'Recreate chapter',
    answerFirst: 'Answer at least one question',
    survey: 'Your book’s style',
    shortened: 'shortened at the end of a word',
  },
  fr: {
    create: 'Créer le chapitre',
    recreate: 'Recréer le chapitre',
    answerFirst: 'Répondez à au moins une question',
    survey: 'Le style de votre livre',
    shortened: 'coupé à la fin d’un mot',
  },
  es: {
    create: 'Crear capítulo',
    recreate: 'Volver a crear el capítulo',
    answerFirst: 'Responde al menos a una pregunta',
    survey: 'El estilo de tu libro',
    shortened: 'al final de una palabra',
  },
  it: {
    create: 'Crea il capitolo',
    recreate: 'Ricrea il capitolo',
    answerFirst: 'Risponda ad almeno una domanda',
    survey: 'Lo stile del Suo libro',
    shortened: 'alla fine di una parola',
  },
} as const;

async function chooseAllSurveyAnswers(page: Page, chapter: Locator) {
  const triggers = chapter.locator('[data-testid^="survey-"]');
  for (let i = 0; i < (await triggers.count()); i += 1) {
    await triggers.nth(i).click();
    await page.getByRole('option').first().click();
  }
}

/**
 * The new text (with the note on what only the writing assistant can honour, when there is one) starts
 * just below the sticky header, and the page has come to rest there.
 */
async function expectTextAtTop(chapter: Locator) {
  await expect(chapter.getByTestId('chapter-text')).toBeVisible({ timeout: 60_000 });
  const block = chapter.getByTestId('chapter-text-block');
  const top = () => block.evaluate((el) => Math.round(el.getBoundingClientRect().top));
  await expect.poll(top, { timeout: 5_000 }).toBeGreaterThanOrEqual(72);
  await expect.poll(top, { timeout: 5_000 }).toBeLessThanOrEqual(72 + 40);
}

/** Pastes `text` into a textarea as the browser's clipboard would (a real paste event). */
async function paste(target: Locator, text: string) {
  await target.focus();
  await target.evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

for (const lng of JOURNEY_LANGUAGES) {
  test(`${lng}: a chapter with skipped questions is written, and the page scrolls to its start every time`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(150_000);
    const w = words[lng];
    await page.setViewportSize({ width: lng === 'it' ? WIDTHS.phone : WIDTHS.desktop, height: 900 });
    const book = await createGuestBook(request, {
      lng,
      book_name: 'Rosa',
      another_story_subject: 'Rosa, nurse in Naples, who sang on her way home',
    });
    await actAsGuest(page, book);
    await page.goto(`/${lng}/questions/${book.id}`);
    const chapter = page.getByTestId(`chapter-${book.checkpoint_data.data[0].id}`);
    await expect(chapter.getByRole('button', { name: w.create })).toBeVisible({ timeout: 30_000 });
    await expect(chapter.getByRole('heading', { level: 4, name: w.survey })).toBeVisible();
    await chooseAllSurveyAnswers(page, chapter);

    // Nothing answered: refused, every unanswered question marked, the first one focused.
    const answers = chapter.locator('textarea[id^="answer-"]');
    const total = await answers.count();
    expect(total).toBeGreaterThan(2);
    await chapter.getByRole('button', { name: w.create }).click();
    await expect(chapter.getByText(w.answerFirst)).toBeVisible();
    // the toast saying so too: its container arrives with react-toastify after the first render, and a toast
    // that comes up while axe runs is caught half-transparent (color-contrast)
    await expect(page.locator('#please_answer_a_question')).toBeVisible();
    await expect(chapter.locator('textarea[aria-invalid="true"]')).toHaveCount(total);
    await expect(answers.first()).toBeFocused();
    await saveScreenshot(page, testInfo, 'workspace-unanswered', lng, { fullPage: false });
    if (lng === 'en') await expectNoSeriousA11yViolations(page, 'workspace, generation refused');

    // One answer is enough: the others stay (skipped, not deleted).
    await answers.nth(1).fill('She sang on the way home from the hospital, every evening, whatever the weather.');
    await expect(chapter.locator('textarea[aria-invalid="true"]')).toHaveCount(0);
    if (lng === 'fr') {
      // A paste over the 2 500 characters is cut at a word, and the author is told.
      const long = Array.from({ length: 600 }, (_, i) => `mot${i}`).join(' ');
      await paste(answers.nth(2), long);
      await expect(page.getByText(w.shortened)).toBeVisible();
      const value = await answers.nth(2).inputValue();
      expect(value.length).toBeLessThanOrEqual(2500);
      expect(long.startsWith(value) && long[value.length] === ' ').toBe(true);
    }
    await waitSaved(page);

    await chapter.getByRole('button', { name: w.create }).click();
    await expectTextAtTop(chapter);
    // The questions have folded away above the text.
    await expect(answers).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'workspace-written', lng, { fullPage: false });

    // Again, from the bottom of the page: the same place every time.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await chapter.getByRole('button', { name: w.recreate }).click();
    await expectTextAtTop(chapter);
    // the refusal's toast gone by itself first: caught fading out while axe runs, its text fails color-contrast
    await expect(page.locator('#please_answer_a_question')).toHaveCount(0);
    if (lng === 'en') await expectNoSeriousA11yViolations(page, 'workspace, chapter written');
  });
}

test('the story choice has no serious accessibility issue at 375 and 1440 px, and the language picker is named by what it shows', async ({
  page,
}) => {
  for (const width of [WIDTHS.phone, WIDTHS.desktop]) {
    await page.setViewportSize({ width, height: 900 });
    for (const lng of JOURNEY_LANGUAGES) {
      await page.goto(`/${lng}/general-categories/1`);
      await expect(page.locator('[data-category-id]')).toHaveCount(4);
      await expectNoSeriousA11yViolations(page, `story choice ${lng} ${width}`);
    }
  }
  await page.setViewportSize({ width: WIDTHS.phone, height: 900 });
  await page.goto('/fr/general-categories/1');
  await expect(page.getByRole('button', { name: 'Langue\u00a0: FR' })).toBeVisible();
});
