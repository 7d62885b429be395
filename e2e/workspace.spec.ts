import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { COVER_IMAGE_KEY, chapterPhotoKey } from '../common/image-keys';
import { makePng } from '../server/test/sample-books';
import { actAsGuest, actAsUser, createBook, createGuestBook, signUp, waitSaved } from './helpers/api';
import { createCoupon, uniqueCouponCode, unlockBookWithCoupon } from './helpers/coupons';
import { recordScripts } from './helpers/downloads';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';

/** The workspace's saves: one chapter (upSertChapter) when only it changed, the whole book (upSertSession) otherwise. */
const isSave = (url: string | URL) => ['/api/upSertChapter', '/api/upSertSession'].includes(new URL(url).pathname);

/** A guest's book about an Italian grandmother (its page language set by `lng`). */
const italianGuestBook = (request: APIRequestContext, lng: string, name: string) =>
  createGuestBook(request, { lng, book_name: name, another_story_subject: 'Mia nonna Rosa, infermiera a Napoli durante la guerra' });

/** Opens the book as the guest who created it: the trial session sits in this browser's storage. */
/** A new author and their book about their grandmother (another person's story, nothing written yet). */
async function grandmaRoseBook(request: APIRequestContext) {
  const author = await signUp(request, { prefix: 'workspace' });
  const book = await createBook(request, author.token, {
    book_name: 'Grandma Rose',
    another_story_subject: 'My grandmother Rose, a nurse in Naples',
  });
  return { ...author, book };
}

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

test('a guest answers the first chapter in Italian, generates it, edits the text, reloads and finds everything', async ({
  page,
  request,
}, testInfo) => {
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

  const saves: number[] = [];
  page.on('response', (response) => {
    if (isSave(response.url())) saves.push(response.status());
  });
  await chapter.getByRole('button', { name: 'Crea il capitolo' }).click();
  const text = chapter.getByTestId('chapter-text');
  await expect(text).toBeVisible({ timeout: 60_000 });
  // Offline, the choices the composer cannot honour are named (the style needs the writing assistant).
  await expect(chapter.getByTestId('needs-assistant')).toContainText('Stile di scrittura');
  // The conclusion the server assembled from the chapter summary shows at once, without a reload, and
  // says what it is (offline there is no writing assistant: no 'Draft it' for the introduction).
  await page.getByRole('button', { name: /Conclusione/ }).click();
  await expect(page.getByTestId('book_summary-origin')).toContainText('composta dai riassunti dei Suoi capitoli');
  await expect(page.getByRole('button', { name: 'Componga una bozza dai miei capitoli' })).toBeVisible();
  await page.getByRole('button', { name: /Introduzione/ }).click();
  await expect(page.getByText(/L’introduzione spetta a Lei/)).toBeVisible();
  await expect(page.getByRole('button', { name: /assistente di scrittura/ })).toHaveCount(0);
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
  // The save after the generation was accepted on the version the generation returned: no conflict.
  expect(saves.length).toBeGreaterThan(0);
  expect(saves).not.toContain(409);
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
  await expect(page.getByTestId(`chapter-${first.id}`).getByTestId('chapter-text')).toContainText(
    'Una frase aggiunta a mano da sua nipote.',
  );
  await page
    .getByTestId(`chapter-${first.id}`)
    .getByRole('button', { name: /domand/ })
    .first()
    .click();
  await expect(page.getByTestId(`chapter-${first.id}`).locator('textarea[id^="answer-"]').first()).toHaveValue(
    /Rosa lavorava all'ospedale dei Pellegrini/,
  );

  // The server copy holds it too (not only this browser).
  const server = await request.get(`/api/getSession/${book.id}`, { headers: { 'x-guest-token': book.guest_token } });
  const session = (await server.json()).success;
  expect(session.checkpoint_data.data[0].generated_content).toContain('Una frase aggiunta a mano da sua nipote.');

  // Recreating an edited chapter asks first; the edited text stays in the versions and comes back after a reload.
  const reloaded = page.getByTestId(`chapter-${first.id}`);
  await reloaded.getByRole('button', { name: 'Ricrea il capitolo' }).click();
  const ask = page.getByRole('dialog', { name: 'Ricreare questo capitolo?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Ricrea' }).click();
  await expect(reloaded.getByTestId('chapter-text')).not.toContainText('Una frase aggiunta a mano da sua nipote.', { timeout: 60_000 });
  await waitSaved(page);
  await page.reload();
  await page.getByTestId(`chapter-${first.id}`).getByRole('button', { name: 'Versioni precedenti' }).click();
  const edited = page.getByTestId('text-version').filter({ hasText: 'Modificata da Lei' });
  await expect(edited).toHaveCount(1);
  await edited.getByRole('button', { name: 'Ripristini questa versione' }).click();
  await expect(page.getByTestId(`chapter-${first.id}`).getByTestId('chapter-text')).toContainText(
    'Una frase aggiunta a mano da sua nipote.',
  );
  await waitSaved(page);
  await page.reload();
  await expect(page.getByTestId(`chapter-${first.id}`).getByTestId('chapter-text')).toContainText(
    'Una frase aggiunta a mano da sua nipote.',
  );

  await page.setViewportSize({ width: WIDTHS.phone, height: 900 });
  await saveScreenshot(page, testInfo, 'workspace-guest', 'it');
  // What a phone shows: the header, then the first chapter.
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, testInfo, 'workspace-guest-top', 'it', { fullPage: false });
  await page.getByTestId(`chapter-${first.id}`).scrollIntoViewIfNeeded();
  await saveScreenshot(page, testInfo, 'workspace-guest-chapter', 'it', { fullPage: false });
});

/**
 * Another screen of the same signed-in author: its own browser context (own storage, own tab), signed in
 * with the same token. Its saves are held until `released` resolves (routes set before the page loads).
 */
async function authorScreen(browser: Browser, token: string, bookId: number, released: Promise<void>, saves: string[]) {
  const context = await browser.newContext();
  await context.route(isSave, async (route) => {
    await released;
    await route.continue();
  });
  const page = await context.newPage();
  page.on('response', (response) => {
    if (isSave(response.url())) saves.push(`${new URL(response.url()).pathname} ${response.status()}`);
  });
  await actAsUser(page, token);
  await page.goto(`/en/questions/${bookId}`);
  return { context, page };
}

test('two screens of one author edit different chapters of a paid book at once and both edits survive', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { token, auth } = await signUp(request, { prefix: 'two-screens' });
  const book = await createBook(request, token, {
    book_name: 'Two screens',
    another_story_subject: 'My grandfather Piet, a lighthouse keeper in Zeeland',
  });
  await unlockBookWithCoupon(request, auth, book.id);
  const [first, second] = book.checkpoint_data.data;
  expect(second, 'the book has a second chapter').toBeDefined();
  const textA = 'Written on the first screen: he climbed the 231 steps every evening.';
  const textB = 'Written on the second screen: the storm of 1953 kept him awake three nights.';

  // Both screens' saves wait until both have typed: each is then based on the same version, so one
  // lands first and the other is refused as stale (409) and merged chapter by chapter.
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const saves: string[] = [];
  const a = await authorScreen(browser, token, book.id, released, saves);
  const b = await authorScreen(browser, token, book.id, released, saves);
  const chapterOf = (page: Page, chapter: typeof first) => page.getByTestId(`chapter-${chapter.id}`);
  const answerOf = (page: Page, chapter: typeof first) =>
    chapterOf(page, chapter).locator(`#answer-${chapter.id}-${chapter.questions[0].id}`);
  /** Opens a chapter's accordion (only the first one opens by itself). */
  const open = async (page: Page, chapter: typeof first, n: number) => {
    const trigger = chapterOf(page, chapter).getByRole('button', { name: `Chapter ${n} ${chapter.name}` });
    if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  };

  for (const { page } of [a, b]) {
    // Paid: every chapter is open to writing, none is locked.
    await expect(page.getByRole('button', { name: 'Add a chapter' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  }
  await open(a.page, first, 1);
  await open(b.page, second, 2);
  await expect(answerOf(a.page, first)).toBeEditable();
  await expect(answerOf(b.page, second)).toBeEditable();

  await Promise.all([answerOf(a.page, first).fill(textA), answerOf(b.page, second).fill(textB)]);
  // Both edits are typed and neither save has landed yet.
  await expect(a.page.getByTestId('save-status')).toHaveAttribute('data-status', 'saving');
  await expect(b.page.getByTestId('save-status')).toHaveAttribute('data-status', 'saving');
  expect(saves).toEqual([]);
  release();
  await Promise.all([waitSaved(a.page), waitSaved(b.page)]);
  // One save landed, the other was stale, merged and sent again.
  await expect.poll(() => saves.map((save) => Number(save.split(' ')[1])).sort()).toEqual([200, 200, 409]);
  // Each screen changed one chapter: that chapter alone was sent.
  expect(saves.slice(0, 2).sort()).toEqual(['/api/upSertChapter 200', '/api/upSertChapter 409']);
  for (const { page } of [a, b]) await expect(page.getByRole('dialog')).toHaveCount(0);

  for (const { page } of [a, b]) {
    await page.reload();
    await open(page, first, 1);
    await open(page, second, 2);
    await expect(answerOf(page, first)).toHaveValue(textA);
    await expect(answerOf(page, second)).toHaveValue(textB);
  }

  // The server copy holds both.
  const server = (await (await request.get(`/api/getSession/${book.id}`, { headers: auth })).json()).success;
  expect(server.is_payed).toBe(true);
  const stored = (id: number) => server.checkpoint_data.data.find((c: { id: number }) => c.id === id);
  expect(stored(first.id).questions[0]).toMatchObject({ id: first.questions[0].id, transcript: textA });
  expect(stored(second.id).questions[0]).toMatchObject({ id: second.questions[0].id, transcript: textB });
  await a.context.close();
  await b.context.close();
});

test('an unknown or foreign book shows a visitor the same clear error (ids are not probed), and nothing else', async ({
  page,
  request,
}) => {
  await page.goto('/fr/questions/999999');
  await expect(page.getByTestId('workspace-error')).toContainText('Ce livre n’est pas accessible');
  const unknown = await page.getByTestId('workspace-error').textContent();
  const book = await italianGuestBook(request, 'fr', 'Pas à moi');
  await page.goto(`/fr/questions/${book.id}`);
  await expect(page.getByTestId('workspace-error')).toHaveText(unknown ?? '');
  await expect(page.getByRole('textbox')).toHaveCount(0);
});

test('a first visit asks for the workspace’s texts and the book with its chunk, not once the page has rendered', async ({
  page,
  request,
}) => {
  const { token, book } = await grandmaRoseBook(request);
  await actAsUser(page, token);
  // the route's chunk is held until its texts and the book have been asked for: the page can show only if they were
  let textsAsked!: () => void;
  let bookAsked!: () => void;
  const asked = Promise.all([
    new Promise<void>((resolve) => (textsAsked = resolve)),
    new Promise<void>((resolve) => (bookAsked = resolve)),
  ]);
  let reads = 0;
  page.on('request', (r) => {
    if (/\/locales\/bundle\/en\/common\+errors\+workspace\+[\w+]+\.json$/.test(r.url())) textsAsked();
    if (r.url().endsWith(`/api/getSession/${book.id}`)) {
      reads += 1;
      bookAsked();
    }
  });
  await page.route(/\/assets\/workspace-route-[\w-]+\.js$/, async (route) => {
    await asked;
    await route.continue();
  });
  await page.goto(`/en/questions/${book.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grandma Rose');
  // the page took the early read: the book is read once
  expect(reads).toBe(1);
});

test('the served page asks for the book itself, and the workspace takes that answer: the book is read once', async ({ page, request }) => {
  const { token, book } = await grandmaRoseBook(request);
  await actAsUser(page, token);
  // the entry script is held until the book has been asked for: only the HTML can ask for it then
  let bookAsked!: () => void;
  const asked = new Promise<void>((resolve) => (bookAsked = resolve));
  let reads = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === `/api/getSession/${book.id}`) {
      reads += 1;
      bookAsked();
    }
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await asked;
    await route.continue();
  });
  await page.goto(`/en/questions/${book.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grandma Rose');
  await expect(page.getByTestId(`chapter-${book.checkpoint_data.data[0].id}`)).toBeVisible();
  // the client's read is the preload's request (same URL, mode and credentials; Chromium takes it despite the client's
  // `lng` header): the book is fetched once
  expect(reads).toBe(1);
  const fetched = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.startsWith('/api/getSession/'))
      .map((e) => (e as PerformanceResourceTiming).initiatorType),
  );
  expect(fetched).toEqual(['link']);
});

test('the workspace paints its header (the title, its largest text) before it renders the chapter list', async ({ page, request }) => {
  const { token, book } = await grandmaRoseBook(request);
  await actAsUser(page, token);
  // the frame in which the title, then the first chapter, are first in the document
  await page.addInitScript(() => {
    const seen: { frame: number; title?: number; titleWithChapters?: boolean; chapters?: number } = { frame: 0 };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    const tick = () => {
      seen.frame += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    new MutationObserver(() => {
      const chapters = [...document.querySelectorAll('[data-testid]')].some((e) => /^chapter-\d+$/.test(e.getAttribute('data-testid')!));
      if (seen.title === undefined && document.querySelector('main h1')) {
        seen.title = seen.frame;
        seen.titleWithChapters = chapters;
      }
      if (seen.chapters === undefined && chapters) seen.chapters = seen.frame;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`/en/questions/${book.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grandma Rose');
  await expect(page.getByTestId(`chapter-${book.checkpoint_data.data[0].id}`)).toBeVisible();
  const seen = await page.evaluate(
    () => (window as unknown as { __seen: { title: number; titleWithChapters: boolean; chapters: number } }).__seen,
  );
  expect(seen.titleWithChapters).toBe(false);
  // at least one frame between them: the browser could paint the header alone
  expect(seen.chapters).toBeGreaterThan(seen.title);
});

test('the chapter list’s code, the startup refresh and the audiobook line’s read are asked for once the title is on screen, not with the page', async ({
  page,
  request,
}) => {
  const { token, auth, book } = await grandmaRoseBook(request);
  // paid, as Lighthouse's book (bench/lighthouse.ts): the title is then the largest text of a phone's screen
  await unlockBookWithCoupon(request, auth, book.id);
  await actAsUser(page, token);
  // when the title was put on screen: its largest-contentful-paint entry
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript(() => {
    const seen: { title?: number } = {};
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { element: Element | null }>)
        if (entry.element?.matches('main h1')) seen.title = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(`/en/questions/${book.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grandma Rose');
  await expect(page.getByTestId(`chapter-${book.checkpoint_data.data[0].id}`)).toBeVisible();
  // not named by the served page (only the route's static imports are)
  const html = await (await request.get(`/en/questions/${book.id}`)).text();
  expect(html).toContain('workspace-route-');
  expect(html).not.toContain('chapter-list-');
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName(`${location.origin}/api/refreshToken`).length)).toBe(1);
  const { seen, asked } = await page.evaluate(() => ({
    seen: (window as unknown as { __seen: { title?: number } }).__seen,
    asked: Object.fromEntries(
      [/^\/assets\/chapter-list-[\w-]+\.js$/, /^\/api\/refreshToken$/, /^\/api\/audiobookStatus\/\d+$/].map((pattern) => [
        String(pattern),
        performance
          .getEntriesByType('resource')
          .filter((e) => pattern.test(new URL(e.name).pathname))
          .map((e) => e.startTime),
      ]),
    ),
  }));
  expect(seen.title).toBeDefined();
  expect(Object.keys(asked)).toHaveLength(3);
  // each asked for once, after the title was on screen
  for (const [what, times] of Object.entries(asked)) {
    expect(times, what).toHaveLength(1);
    expect(times[0], what).toBeGreaterThanOrEqual(seen.title!);
  }
});

test('a first visit downloads none of the code the workspace shows only on demand: dialogs, menus, the recorder, toasts, zod', async ({
  page,
  request,
}) => {
  const { token, book } = await grandmaRoseBook(request);
  await actAsUser(page, token);
  const { chunks, withZod } = recordScripts(page);
  // the recorder's code is held until the page has shown: it comes after the page's, not with it
  let shown!: () => void;
  const pageShown = new Promise<void>((resolve) => (shown = resolve));
  await page.route(/\/assets\/voice-recorder-[\w-]+\.js$/, async (route) => {
    await pageShown;
    await route.continue();
  });
  await page.goto(`/en/questions/${book.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grandma Rose');
  await expect(page.getByTestId('voice-recorder').first()).toHaveAttribute('data-state', 'loading');
  shown();
  await page.waitForLoadState('networkidle');
  expect(chunks).toContain('workspace-route');
  // Radix's dialog (modal), dropdown (download-dropdown, the header's menus) and radio group (plan-modal), the
  // chapter form, the recorder and react-toastify: each comes with its first use
  const onDemand = ['modal', 'chapter-modal', 'plan-modal', 'download-dropdown', 'language-picker', 'profile-menu', 'mobile-menu'];
  expect(chunks.filter((chunk) => onDemand.includes(chunk) || chunk === 'toasts')).toEqual([]);
  await expect(page.getByTestId('voice-recorder').first()).not.toHaveAttribute('data-state', 'loading');
  // zod (~39 KB gzip): the first reads' declarations come as views without schemas (web/api-views.ts), whatever
  // chunk zod would land in — its core defines `$ZodType` once
  expect(chunks.filter((chunk) => ['zod', 'coerce'].includes(chunk))).toEqual([]);
  expect(await withZod()).toEqual([]);
});

test('a book’s photos are downloaded as they come near the screen, not with the page; the cover at once, all of them for the preview', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const { token, auth, book } = await grandmaRoseBook(request);
  await unlockBookWithCoupon(request, auth, book.id);
  const [first, second] = book.checkpoint_data.data;
  const photos = [chapterPhotoKey(first.id, 0), chapterPhotoKey(first.id, 1), chapterPhotoKey(second.id, 0)];
  for (const [index, key] of [COVER_IMAGE_KEY, ...photos].entries()) {
    const upload = await request.post('/api/uploadSessionImage', {
      headers: auth,
      multipart: {
        service_session_id: String(book.id),
        key,
        file: { name: `${key}.png`, mimeType: 'image/png', buffer: makePng(480, 360, index) },
      },
    });
    expect(upload.status(), await upload.text()).toBe(200);
  }
  const fetched: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith(`/api/sessionImage/${book.id}/`)) fetched.push(`${path.split('/').pop()!}${new URL(r.url()).search}`);
  });
  await actAsUser(page, token);
  await page.setViewportSize({ width: WIDTHS.phone, height: 800 });
  await page.goto(`/en/questions/${book.id}`);

  // the cover's thumbnail, and the open first chapter's photos (just below its title): the closed second chapter's are not asked for
  await expect(page.getByRole('img', { name: 'Cover of the book' })).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  const firstChapter = page.getByTestId(`chapter-${first.id}`);
  await expect(firstChapter.getByRole('img', { name: 'Photo 2 of the chapter' })).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await expect(firstChapter.getByRole('button', { name: '2 photos added' })).toBeDisabled();
  const coverThumbnail = `${COVER_IMAGE_KEY}?size=thumbnail`;
  expect(fetched.sort()).toEqual([coverThumbnail, photos[0], photos[1]].sort());

  // opened, the second chapter shows its photo: one slot used, one free
  const secondChapter = page.getByTestId(`chapter-${second.id}`);
  await secondChapter.getByRole('button', { name: `Chapter 2 ${second.name}` }).click();
  await expect(secondChapter.getByRole('img', { name: 'Photo 1 of the chapter' })).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await expect(secondChapter.getByRole('button', { name: 'Add a photo (1/2)' })).toBeEnabled();
  expect(fetched).toHaveLength(4);
  await saveScreenshot(page, testInfo, 'workspace-photos', 'en', { fullPage: false });

  // kept in the browser (spec: previews cached in local storage): a reload asks for none of them again, only the cover's thumbnail
  fetched.length = 0;
  await page.reload();
  await expect(firstChapter.getByRole('img', { name: 'Photo 2 of the chapter' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([coverThumbnail]);

  // the preview shows every photo, those not seen yet on the page too
  await page.evaluate((key) => localStorage.removeItem(key), photos[2]);
  fetched.length = 0;
  await page.reload();
  await expect(page.getByRole('img', { name: 'Cover of the book' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([coverThumbnail]);
  await page.getByRole('button', { name: 'Preview', exact: true }).first().click();
  const preview = page.getByRole('dialog', { name: /Preview of your book/ });
  await expect(preview.getByRole('img', { name: `Photo from the chapter “${second.name}”` })).toHaveAttribute(
    'src',
    /^data:image\/jpeg;base64,/,
  );
  await expect(preview.getByRole('img', { name: 'Cover photo' })).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await expect.poll(() => fetched.slice(1).sort()).toEqual([COVER_IMAGE_KEY, photos[2]].sort());
});

test('a signed-in author saves to the server, and download asks about unsubmitted chapters', async ({ page, request }, testInfo) => {
  const { token, auth, book } = await grandmaRoseBook(request);
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
  await page.getByRole('menuitem', { name: /^PDF/ }).click();
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
  expect((await request.get(`/api/getSession/${book.id}`, { headers: stranger.auth })).status()).toBe(404);
});

/** The chapters' ids in the order the page shows them. */
const chapterOrder = (page: Page) =>
  page.locator('[data-testid^="chapter-"]').evaluateAll((items) =>
    items
      .map((item) => item.getAttribute('data-testid') ?? '')
      .filter((id) => /^chapter-\d+$/.test(id))
      .map((id) => Number(id.slice(8))),
  );

test('a paid user adds a chapter, drags it to first place, deletes a question, reloads', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const { token, auth } = await signUp(request, { prefix: 'workspace' });
  const book = await createBook(request, token, {
    book_name: 'Letters from Lisbon',
    another_story_subject: 'My uncle Tomás, a sailor who wrote home every week',
  });
  expect(book.is_payed).toBe(false);
  const initialIds = book.checkpoint_data.data.map((c) => c.id);
  expect(initialIds.length).toBeGreaterThan(1);

  const code = await createCoupon(uniqueCouponCode('SPRING'), 1);

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
  const reused = await request.post('/api/checkCouponForPayment', {
    headers: { lng: 'en', ...auth },
    data: { plan_id: 1, service_session_id: otherId, code },
  });
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
  expect(server.checkpoint_data.data[0]).toMatchObject({
    name: 'The harbour years',
    questions: [expect.objectContaining({ name: 'What did he bring back for the family?' })],
  });
  expect(server.checkpoint_data.data[0].questions).toHaveLength(1);
});
