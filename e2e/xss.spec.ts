import { expect, test, type Page } from '@playwright/test';
import { XSS_CORPUS } from '../server/test/xss-corpus';
import { actAsUser, createBook, signUp } from './helpers/api';

/**
 * Issue 18 item 9: the XSS corpus typed into every field a page shows — the author's names and city,
 * the book's name, a chapter's title, the answers, the chapter text, the introduction and the
 * summary — stays text on My Books, the workspace, the preview and the profile: no script runs,
 * no element of the corpus is created, and the strings are shown as typed.
 */

const corpusText = XSS_CORPUS.join(' ');
// A phone: the preview opens there before the book is paid for.
test.use({
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  viewport: { width: 375, height: 800 },
});
/**
 * Elements that exist only if a corpus string was parsed as markup. The served page's own inline script is the site
 * settings' JSON data block (server/src/http/spa-page.ts), which no browser runs: it is told apart by its id.
 */
const INJECTED =
  'img[src="x"], svg circle[r="1"], iframe[srcdoc], a[href^="javascript:"], b[onmouseover], script:not([src]):not(#site-settings)';

/** Every alert a payload calls, and every dialog the page opens, is recorded instead of shown. */
async function watchForScripts(page: Page): Promise<string[]> {
  const ran: string[] = [];
  page.on('dialog', (dialog) => {
    ran.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.exposeFunction('__recordXss', (message: string) => ran.push(message));
  await page.addInitScript(() => {
    const record = (window as unknown as { __recordXss: (m: string) => void }).__recordXss;
    window.alert = (message?: unknown) => void record(`alert: ${String(message)}`);
  });
  return ran;
}

async function expectInert(page: Page, ran: string[]) {
  await expect(page.locator(INJECTED)).toHaveCount(0);
  expect(ran).toEqual([]);
}

test('the XSS corpus in every field stays text on My Books, the workspace, the preview and the profile', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await signUp(request, { prefix: 'xss', first_name: XSS_CORPUS[1], last_name: XSS_CORPUS[2], city: XSS_CORPUS[6] });
  const auth = { ...user.auth, lng: 'en' };
  const bookName = XSS_CORPUS[4];
  const { id } = await createBook(request, user.token, { book_name: bookName, another_story_subject: corpusText });
  const session = (await (await request.get(`/api/getSession/${id}`, { headers: auth })).json()).success;
  const chapter = session.checkpoint_data.data[0];
  chapter.name = XSS_CORPUS[0];
  chapter.questions.forEach((question: { transcript: string }, i: number) => {
    question.transcript = XSS_CORPUS[i % XSS_CORPUS.length];
  });
  chapter.generated_content = XSS_CORPUS.join('\n\n');
  const saved = await request.post('/api/upSertSession', {
    headers: auth,
    data: { service_session_id: id, checkpoint_data: session.checkpoint_data, version: session.version },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  for (const attribute of ['introduction', 'book_summary']) {
    const response = await request.post('/api/updateBookAttribute', { headers: auth, data: { id, attribute, value: corpusText } });
    expect(response.status(), await response.text()).toBe(200);
  }

  const ran = await watchForScripts(page);
  await actAsUser(page, user.token);

  await page.goto('/en/my-books');
  await expect(page.getByText(bookName, { exact: true }).first()).toBeVisible();
  await expectInert(page, ran);

  await page.goto(`/en/questions/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(bookName);
  await expect(page.getByText(XSS_CORPUS[0], { exact: true }).first()).toBeVisible();
  await expectInert(page, ran);

  await page.getByRole('button', { name: 'Preview', exact: true }).first().click();
  const preview = page.getByRole('dialog', { name: /Preview of your book/ });
  await expect(preview.getByText(XSS_CORPUS[3], { exact: true }).first()).toBeVisible();
  await expectInert(page, ran);
  await page.keyboard.press('Escape');

  await page.goto('/en/profile');
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue(XSS_CORPUS[1]);
  await expect(page.getByLabel('Last name', { exact: true })).toHaveValue(XSS_CORPUS[2]);
  await expectInert(page, ran);
});
