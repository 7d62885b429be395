import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startOpenAiStandIn, type OpenAiStandIn } from '../server/test/stand-ins/openai';
import { actAsGuest, createGuestBook, waitSaved, type CreatedBook } from './helpers/api';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';
import { JOURNEY_LANGUAGES } from './helpers/languages';
import { OPENAI_STAND_IN_PORT } from './writing.config';

/**
 * The writing assistant in the workspace (issue 15), against the OpenAI-compatible stand-in: the
 * fidelity choice per chapter, the facts found in no answer highlighted, 'Draft it' for the
 * introduction and the summary, and the summary's versions. Needs `-c e2e/writing.config.ts`.
 */
test.skip(!process.env.PLUME_WRITING_E2E, 'run with: npx playwright test -c e2e/writing.config.ts');

let model: OpenAiStandIn;
test.beforeAll(async () => {
  model = await startOpenAiStandIn({ apiKey: 'sk-e2e-writing', port: OPENAI_STAND_IN_PORT });
});
test.afterAll(async () => {
  await model?.close();
});

type GuestBook = CreatedBook & {
  guest_token: string;
  checkpoint_data: CreatedBook['checkpoint_data'] & {
    lookups: { survey_questions: { id: number; survey_answers: { id: number }[] }[] };
  };
};

const ROSA = 'Rosa worked at the Pellegrini hospital in Naples and walked home every evening, singing.';

/** The workspace is open (a loaded shared machine may take a while to answer getSession). */
const opened = (page: Page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });

async function chooseAllSurveyAnswers(page: Page, chapter: ReturnType<Page['getByTestId']>) {
  const triggers = chapter.locator('[data-testid^="survey-"]');
  const count = await triggers.count();
  for (let i = 0; i < count; i += 1) {
    await triggers.nth(i).click();
    await page.getByRole('option').first().click();
  }
}

test('fidelity per chapter, invented facts flagged, and drafts of the introduction and the summary with their versions', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: WIDTHS.desktop, height: 1000 });
  const book = (await createGuestBook(request, {
    book_name: 'Rosa',
    another_story_subject: 'My grandmother Rosa, a nurse in Naples during the war',
  })) as GuestBook;
  const first = book.checkpoint_data.data[0];
  await actAsGuest(page, book);
  await page.goto(`/en/questions/${book.id}`);
  const chapter = page.getByTestId(`chapter-${first.id}`);
  await opened(page);

  // The fidelity is shown for the chapter, changeable, saved with the book and kept after a reload.
  const fidelity = chapter.getByRole('group', { name: 'How this chapter is written' });
  await expect(fidelity.getByRole('radio', { name: /Light edit/ })).toBeChecked();
  await fidelity.getByRole('radio', { name: /Polished/ }).check();
  const answers = chapter.locator('textarea[id^="answer-"]');
  await answers.first().fill(ROSA);
  await answers.first().blur();
  await chooseAllSurveyAnswers(page, chapter);
  await waitSaved(page);
  const saved = await request.get(`/api/getSession/${book.id}`, { headers: { 'x-guest-token': book.guest_token } });
  expect((await saved.json()).success.checkpoint_data.data[0].fidelity).toBe('polished');
  await page.reload();
  await opened(page);
  await expect(fidelity.getByRole('radio', { name: /Polished/ })).toBeChecked();

  // The model writes a name and a year found in no answer: both are highlighted for the author.
  model.requests.length = 0;
  model.enqueue({
    kind: 'stream',
    text: 'Rosa worked at the Pellegrini hospital in Naples.\n\nHer cousin Giuseppe walked her home in 1953, singing.',
  });
  const sent = page.waitForRequest((r) => r.url().includes('/api/getStoryAnswer'));
  await chapter.getByRole('button', { name: 'Create chapter' }).click();
  expect((await sent).postDataJSON().data.fidelity).toBe('polished');
  const text = chapter.getByTestId('chapter-text');
  await expect(text).toContainText('Her cousin Giuseppe', { timeout: 30_000 });
  expect(model.requests[0].body.messages![0].content).toContain('Fidelity: "polished"');
  await expect(text.getByTestId('unsourced-fact')).toHaveText(['Giuseppe', '1953']);
  const flagged = chapter.getByTestId('unsourced-facts');
  await expect(flagged).toContainText('Not found in your answers');
  // The author confirms the name: its mark goes, the year stays flagged, and that is saved.
  await flagged.getByRole('listitem').filter({ hasText: 'Giuseppe' }).getByRole('button', { name: 'It is true' }).click();
  await expect(text.getByTestId('unsourced-fact')).toHaveText(['1953']);
  await waitSaved(page);

  // The summary was assembled from the chapter summary, and says so.
  await page.getByRole('button', { name: /^Summary/ }).click();
  const summaryNote = page.getByTestId('book_summary-origin');
  await expect(summaryNote).toContainText('assembled from the summaries of your chapters');

  // 'Draft it' for the introduction: the writing assistant drafts it from the chapter.
  await page.getByRole('button', { name: /^Introduction/ }).click();
  const introduction = page.getByRole('region', { name: /^Introduction/ });
  await expect(introduction.getByText(/Your introduction is yours to write/)).toBeVisible();
  model.enqueue({ kind: 'stream', text: 'Every evening, Rosa walked home from the Pellegrini hospital, singing.' });
  await introduction.getByRole('button', { name: 'Draft it with the writing assistant' }).click();
  await expect(introduction.getByText('Every evening, Rosa walked home from the Pellegrini hospital, singing.')).toBeVisible();
  await expect(page.getByTestId('introduction-origin')).toContainText('Drafted by the writing assistant');

  // The summary already has a text: drafting asks first, and the assembled text stays among the versions.
  const summary = page.getByRole('region', { name: /^Summary/ });
  const assembled = (await summary.locator('p').first().textContent()) ?? '';
  model.enqueue({ kind: 'stream', text: 'From the hospital to the road home, a life of songs.' });
  await summary.getByRole('button', { name: 'Draft it with the writing assistant' }).click();
  const ask = page.getByRole('dialog', { name: 'Replace this text with a new draft?' });
  await ask.getByRole('button', { name: 'Replace' }).click();
  await expect(summary.getByText('From the hospital to the road home, a life of songs.')).toBeVisible();
  await expect(summaryNote).toContainText('Drafted by the writing assistant');

  // The versions survive a reload: the assembled summary is restored from the list.
  await page.reload();
  await opened(page);
  await page.getByRole('button', { name: /^Summary/ }).click();
  await expect(summary.getByText('From the hospital to the road home, a life of songs.')).toBeVisible();
  await summary.getByRole('button', { name: 'Earlier versions' }).click();
  const versions = summary.getByTestId('text-version');
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText('current text');
  await versions.filter({ hasText: 'Assembled from your chapter summaries' }).getByRole('button', { name: 'Restore this version' }).click();
  await expect(summary.getByText(assembled)).toBeVisible();
  await expect(summaryNote).toContainText('assembled from the summaries of your chapters');
  await page.reload();
  await opened(page);
  await page.getByRole('button', { name: /^Summary/ }).click();
  await expect(summary.getByText(assembled)).toBeVisible();
  await expect(page.getByTestId('book_summary-origin')).toContainText('assembled from the summaries of your chapters');
  // Only the current texts are the book's (what exports print).
  const after = (await (await request.get(`/api/getSession/${book.id}`, { headers: { 'x-guest-token': book.guest_token } })).json())
    .success;
  expect(after.book_summary).toBe(assembled);
  expect(after.introduction).toBe('Every evening, Rosa walked home from the Pellegrini hospital, singing.');
});

/** A guest book in `lng` whose first chapter is written, with a drafted introduction, through the API. */
async function writtenGuestBook(request: APIRequestContext, lng: string, introduction: string) {
  const book = (await createGuestBook(request, { lng, book_name: 'Rosa', another_story_subject: ROSA })) as GuestBook;
  const headers = { lng, 'x-guest-token': book.guest_token };
  const first = book.checkpoint_data.data[0];
  const written = await request.post('/api/getStoryAnswer', {
    headers,
    data: {
      service_session_id: book.id,
      data: { ...first, fidelity: 'own_words', questions: first.questions.map((q) => ({ ...q, transcript: ROSA })) },
      selected_survey_questions: book.checkpoint_data.lookups.survey_questions.map((s) => ({
        survey_question_id: s.id,
        survey_answer_id: s.survey_answers[0].id,
      })),
    },
  });
  expect(written.status(), await written.text()).toBe(200);
  model.enqueue({ kind: 'stream', text: introduction });
  const drafted = await request.post('/api/draftBookText', { headers, data: { service_session_id: book.id, text: 'introduction' } });
  expect(drafted.status(), await drafted.text()).toBe(200);
  return book;
}

const INTRODUCTIONS: Record<string, string> = {
  en: 'Every evening, Rosa walked home from the Pellegrini hospital in Naples, singing.',
  fr: 'Chaque soir, Rosa rentrait de l’hôpital des Pellegrini à Naples en chantant.',
  es: 'Cada tarde, Rosa volvía a casa desde el hospital de los Pellegrini, en Nápoles, cantando.',
  it: 'Ogni sera Rosa tornava a casa dall’ospedale dei Pellegrini, a Napoli, cantando.',
};

/** The workspace's own words in `lng` (locales/{lng}/workspace.json). */
const labels = (lng: string) =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '..', 'locales', lng, 'workspace.json'), 'utf8')) as {
    sections: Record<string, string>;
    versions: Record<string, string>;
  };

for (const lng of JOURNEY_LANGUAGES) {
  test(`the introduction and the summary with their notes and versions (${lng}, 375 and 1440 px)`, async ({ page, request }, testInfo) => {
    const { sections, versions } = labels(lng);
    const book = await writtenGuestBook(request, lng, INTRODUCTIONS[lng]);
    await actAsGuest(page, book);
    for (const width of [WIDTHS.desktop, WIDTHS.phone]) {
      await page.setViewportSize({ width, height: width === WIDTHS.phone ? 1500 : 1100 });
      await page.goto(`/${lng}/questions/${book.id}`);
      await opened(page);
      await page.getByRole('button', { name: sections.introduction, exact: true }).click();
      await page.getByRole('button', { name: sections.summary, exact: true }).click();
      await expect(page.getByRole('region', { name: sections.introduction })).toContainText(INTRODUCTIONS[lng]);
      await expect(page.getByTestId('introduction-origin')).toBeVisible();
      await expect(page.getByTestId('book_summary-origin')).toBeVisible();
      const summary = page.getByRole('region', { name: sections.summary });
      await summary.getByRole('button', { name: versions.open }).click();
      await expect(summary.getByTestId('text-version')).toHaveCount(1);
      // The two sections in view, from the introduction down (below the sticky header).
      await page.getByRole('button', { name: sections.introduction, exact: true }).evaluate((el) => {
        window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 90);
      });
      await saveScreenshot(page, testInfo, 'workspace-book-texts', lng, { fullPage: false });
    }
  });
}
