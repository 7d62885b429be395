import { expect, test, type APIRequestContext, type Download } from '@playwright/test';
import { makePng } from '../server/test/sample-books';
import { actAsUser, createBook, signUp } from './helpers/api';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** A signed-in author's book with a written first chapter (hostile markup included), intro, summary and photos. */
async function writtenBook(request: APIRequestContext, token: string) {
  const auth = { authorization: `Bearer ${token}`, lng: 'en' };
  const { id } = await createBook(request, token, {
    book_name: 'Rose of Naples',
    another_story_subject: 'My grandmother Rose, a nurse in Naples during the war.',
  });
  const session = (await (await request.get(`/api/getSession/${id}`, { headers: auth })).json()).success;
  const chapter = session.checkpoint_data.data[0];
  chapter.name = 'Above the bakery';
  chapter.generated_content = [
    'She was born in 1921, above a bakery in the Quartieri Spagnoli, and the smell of bread never left her.',
    'Her brother wrote <script>alert("x")</script> on the cellar door — she laughed about it for sixty years.',
    'When the war came she learned to dress wounds by candlelight, and she never once complained of the cold.',
  ].join('\n\n');
  const saved = await request.post('/api/upSertSession', {
    headers: auth,
    data: { service_session_id: id, checkpoint_data: session.checkpoint_data, version: session.version },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  for (const [attribute, value] of [
    ['introduction', 'This is the story of my grandmother Rose.'],
    ['book_summary', 'Rose taught us that kindness is a kind of courage.'],
  ]) {
    const response = await request.post('/api/updateBookAttribute', { headers: auth, data: { id, attribute, value } });
    expect(response.status(), await response.text()).toBe(200);
  }
  for (const [key, png] of [
    ['cover_media_photo', makePng(300, 400, 3)],
    [`chap_${chapter.id}_media_0`, makePng(480, 320, 5)],
  ] as const) {
    const upload = await request.post('/api/uploadSessionImage', {
      headers: auth,
      multipart: { service_session_id: String(id), key, file: { name: `${key}.png`, mimeType: 'image/png', buffer: png } },
    });
    expect(upload.status(), await upload.text()).toBe(200);
  }
  return { id, chapterId: chapter.id as number, chapterCount: session.checkpoint_data.data.length as number };
}

test('the author previews the whole book, follows its navigation, and downloads the PDF, the EPUB and the Word file', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { token } = await signUp(request, { prefix: 'export', password: 'Correct-Horse-Battery-9' });
  const book = await writtenBook(request, token);

  // A phone (the preview is open on phones even before payment), then a wide screen.
  const context = await browser.newContext({ userAgent: IPHONE_UA, viewport: { width: WIDTHS.phone, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  await actAsUser(page, token);
  await page.goto(`/en/questions/${book.id}`);
  // the context's first page: its scripts load while the other CI worker may be typesetting a book
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rose of Naples', { timeout: 30_000 });

  await page.getByRole('button', { name: 'Preview', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: /Preview of your book/ });
  await expect(dialog).toBeVisible();
  const nav = dialog.getByRole('navigation', { name: 'Sections of the book' });
  await expect(nav.getByRole('button')).toHaveCount(4 + book.chapterCount);
  await expect(nav.getByRole('button', { name: 'Cover' })).toHaveAttribute('aria-current', 'location');
  // Author text is shown as text, never run.
  await expect(dialog.getByText('<script>alert("x")</script>', { exact: false })).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Cover photo' })).toBeVisible();
  await saveScreenshot(page, testInfo, 'preview-dialog', 'en', { fullPage: false });

  await nav.getByRole('button', { name: 'Summary' }).click();
  await expect(dialog.getByText('Rose taught us that kindness is a kind of courage.')).toBeInViewport();
  await expect(nav.getByRole('button', { name: 'Summary' })).toHaveAttribute('aria-current', 'location');
  await nav.getByRole('button', { name: 'Above the bakery' }).click();
  await expect(dialog.getByRole('heading', { name: /Above the bakery/ })).toBeInViewport();
  await expect(nav.getByRole('button', { name: 'Above the bakery' })).toHaveAttribute('aria-current', 'location');
  // Scrolling by hand moves the highlight too (IntersectionObserver). First let the smooth scroll to the
  // chapter come to rest: a programmatic scroll made during it would be carried on past.
  await dialog.locator('#preview-introduction').evaluate(async (section) => {
    let scroller = section.parentElement;
    while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
    let last = -1;
    while (scroller && scroller.scrollTop !== last) {
      last = scroller.scrollTop;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    section.scrollIntoView({ block: 'start' });
  });
  await expect(nav.getByRole('button', { name: 'Introduction' })).toHaveAttribute('aria-current', 'location');
  await saveScreenshot(page, testInfo, 'preview-dialog-introduction', 'en', { fullPage: false });

  await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
  await nav.getByRole('button', { name: 'Above the bakery' }).click();
  await expect(nav.getByRole('button', { name: 'Above the bakery' })).toHaveAttribute('aria-current', 'location');
  await saveScreenshot(page, testInfo, 'preview-dialog', 'en', { fullPage: false });
  await dialog.getByRole('button', { name: 'Close the preview' }).click();
  await expect(dialog).toBeHidden();

  // Download offers the PDF, the EPUB and the Word file; each asks about unsubmitted chapters, then arrives.
  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));
  for (const [format, count] of [
    ['PDF', 1],
    ['EPUB', 2],
    ['Word', 3],
  ] as const) {
    await page.getByRole('button', { name: 'Download' }).first().click();
    await expect(page.getByRole('menuitem')).toHaveText([/^PDF/, /^EPUB/, /^Word \(\.docx\)/]);
    await page.getByRole('menuitem', { name: new RegExp(`^${format}`) }).click();
    const ask = page.getByRole('dialog', { name: /unsubmitted chapters/ });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => downloads.length, { timeout: 60_000 }).toBe(count);
  }
  const names = downloads.map((d) => d.suggestedFilename()).sort();
  expect(names).toEqual(['Rose-of-Naples.docx', 'Rose-of-Naples.epub', 'Rose-of-Naples.pdf']);
  const pdf = await downloads.find((d) => d.suggestedFilename().endsWith('.pdf'))!.path();
  expect(pdf).toBeTruthy();
  await expect(page.getByText(/Your book is ready: \d+ pages/)).toBeVisible();
  await context.close();
});
