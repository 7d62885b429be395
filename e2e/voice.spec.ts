import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startWhisperStandIn, type WhisperStandIn } from '../server/test/stand-ins/whisper';
import { actAsGuest, actAsUser, createBook, createGuestBook, invitation, signUp } from './helpers/api';
import { ARTIFACTS_DIR } from './helpers/screenshots';

/**
 * Voice answers (issue 7) in Chromium with a fake microphone playing e2e/fixtures/voice/speech-en.wav:
 * record on a question card of a guest book, see the level meter move and the countdown run, pause,
 * resume, stop, and find the whisper stand-in's transcript appended to what was typed.
 * Needs `-c e2e/voice.config.ts` (provider and fake microphone); skipped under the default config.
 */
const WHISPER_PORT = 8191;
const HEARD = 'I was born in a small village by the sea.';

let whisper: WhisperStandIn;

test.skip(!process.env.PLUME_VOICE_E2E, 'run with: npx playwright test -c e2e/voice.config.ts');

test.beforeAll(async () => {
  whisper = await startWhisperStandIn({ port: WHISPER_PORT, apiKey: 'sk-e2e-voice' });
});
test.afterAll(async () => {
  await whisper?.close();
});

/** A guest's book, created through the API and stored as the browser's trial session. */
async function openGuestBook(page: Page, request: APIRequestContext) {
  const book = await createGuestBook(request, {
    book_name: 'Rose',
    another_story_subject: 'My grandmother Rose, a nurse in Lyon during the war',
  });
  await actAsGuest(page, book);
  await page.goto(`/en/questions/${book.id}`);
  const card = page.locator('[data-testid^="question-"]').first();
  await expect(card).toBeVisible({ timeout: 20_000 });
  return { book, card };
}

test('records an answer with the fake microphone and appends the transcript', async ({ page, request }) => {
  whisper.requests.length = 0;
  // note what the page puts in its upload form (Chromium does not expose multipart blob bodies to the test)
  await page.addInitScript(() => {
    const form: Record<string, string> = {};
    (window as unknown as { __voiceForm: Record<string, string> }).__voiceForm = form;
    const append = FormData.prototype.append as (this: FormData, ...args: unknown[]) => void;
    FormData.prototype.append = function (this: FormData, ...args: unknown[]) {
      const [name, value, fileName] = args as [string, string | Blob, string | undefined];
      form[name] = value instanceof Blob ? `${fileName} (${value.type})` : String(value);
      append.apply(this, args);
    };
  });
  const { book, card } = await openGuestBook(page, request);
  const answer = card.locator('textarea');
  await answer.fill('My grandmother grew up in Lyon');

  const uploads: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/getGoogleSpeechToText')) uploads.push(req.headers()['content-type'] ?? '');
  });

  const recorder = card.getByTestId('voice-recorder');
  await card.getByRole('button', { name: 'Record your answer' }).click();
  await expect(recorder).toHaveAttribute('data-state', 'recording');
  await expect(recorder.getByText('Recording')).toBeVisible();
  // the countdown runs down from 2:00
  await expect(recorder.getByTestId('voice-countdown')).toHaveText(/^1:5\d$/, { timeout: 5_000 });
  // the level meter hears the fake microphone
  await expect
    .poll(async () => Number(await recorder.getByTestId('voice-level').getAttribute('aria-valuenow')), { timeout: 5_000 })
    .toBeGreaterThan(0);

  await card.screenshot({ path: `${ARTIFACTS_DIR}/voice-recording-en.png`, animations: 'disabled' });
  await recorder.getByRole('button', { name: 'Pause' }).click();
  await expect(recorder).toHaveAttribute('data-state', 'paused');
  const pausedAt = await recorder.getByTestId('voice-countdown').textContent();
  // paused: the countdown stands still (only time passing can show that)
  await page.waitForTimeout(1_500);
  await expect(recorder.getByTestId('voice-countdown')).toHaveText(pausedAt ?? '');
  await recorder.getByRole('button', { name: 'Resume' }).click();
  await expect(recorder).toHaveAttribute('data-state', 'recording');
  // recording again: the countdown moves on
  await expect(recorder.getByTestId('voice-countdown')).not.toHaveText(pausedAt ?? '', { timeout: 5_000 });
  await recorder.getByRole('button', { name: 'Stop' }).click();

  // transcribed by the stand-in, appended with a comma after what was typed
  await expect(answer).toHaveValue(`My grandmother grew up in Lyon, ${HEARD}`, { timeout: 15_000 });
  await expect(page.getByText('Your recording was added to your answer.')).toBeVisible();
  await expect(recorder).toHaveAttribute('data-state', 'idle');

  // the upload: multipart `audio` named 8 alphanumerics + timestamp + .webm, sent for this book
  expect(uploads).toHaveLength(1);
  expect(uploads[0]).toMatch(/^multipart\/form-data; boundary=/);
  const sent = await page.evaluate(() => (window as unknown as { __voiceForm: Record<string, string> }).__voiceForm);
  expect(sent.audio).toMatch(/^[A-Za-z0-9]{8}\d{13}\.webm \(audio\/webm;codecs=opus\)$/);
  expect(sent.service_session_id).toBe(String(book.id));
  expect(sent.language).toBe('en');
  expect(whisper.requests).toHaveLength(1);
  expect(whisper.requests[0]).toMatchObject({
    model: 'whisper-1',
    language: 'en',
    responseFormat: 'json',
    fileName: 'recording.webm',
    authorization: 'Bearer sk-e2e-voice',
  });
  expect(whisper.requests[0].fileSize).toBeGreaterThan(1_000);
});

test('a relative answers by voice through their link: the same recorder, transcribed in the link’s language (issue 19)', async ({
  page,
  request,
}) => {
  whisper.requests.length = 0;
  const { chapter, path } = await invitation(request, {
    language: 'en',
    author: { prefix: 'voice-family' },
    book: { book_name: 'Rose', another_story_subject: 'My grandmother Rose, a nurse in Lyon' },
  });
  const uploads: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/')) uploads.push(new URL(req.url()).pathname);
  });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(path);
  const answer = page.getByRole('textbox', { name: chapter.questions[0].name });
  await expect(answer).toBeVisible();
  const recorder = page.getByTestId('voice-recorder');
  await page.getByRole('button', { name: 'Record your answer' }).click();
  await expect(recorder).toHaveAttribute('data-state', 'recording');
  await expect(recorder.getByTestId('voice-countdown')).toHaveText(/^1:5\d$/, { timeout: 5_000 });
  await recorder.getByRole('button', { name: 'Stop' }).click();
  await expect(answer).toHaveValue(HEARD, { timeout: 15_000 });
  // through the link's own route, never the author's
  expect(uploads).toContain('/api/contributorSpeechToText');
  expect(uploads).not.toContain('/api/getGoogleSpeechToText');
  expect(whisper.requests).toHaveLength(1);
  expect(whisper.requests[0]).toMatchObject({ language: 'en' });
  await page.getByRole('button', { name: 'Send my memories' }).click();
  await expect(page.getByText('Sent. Jeanne will read it soon.')).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS_DIR}/family-voice-en-375.png`, fullPage: true, animations: 'disabled' });
});

test('a refused microphone shows the warning and typing still works', async ({ page, request }) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  const { card } = await openGuestBook(page, request);
  await card.getByRole('button', { name: 'Record your answer' }).click();
  const warning =
    'We cannot use your microphone. You can still type your answer, or allow the microphone in your browser settings and try again.';
  await expect(card.getByRole('alert').filter({ hasText: warning })).toBeVisible();
  const answer = card.locator('textarea');
  await answer.fill('Typed instead');
  await expect(answer).toHaveValue('Typed instead');
});

test('a failed transcription says so and keeps the typed answer', async ({ page, request }) => {
  whisper.mode = 'server_error';
  try {
    const { card } = await openGuestBook(page, request);
    const answer = card.locator('textarea');
    await answer.fill('Kept as typed');
    await card.getByRole('button', { name: 'Record your answer' }).click();
    await expect(card.getByTestId('voice-recorder')).toHaveAttribute('data-state', 'recording');
    // a second of speech at least: the countdown has left 2:00
    await expect(card.getByTestId('voice-countdown')).toHaveText(/^1:5\d$/, { timeout: 5_000 });
    await card.getByRole('button', { name: 'Stop' }).click();
    await expect(
      page.getByText(/We could not turn your recording into text\. The transcription service is not available right now/),
    ).toBeVisible({ timeout: 15_000 });
    await expect(answer).toHaveValue('Kept as typed');
    // the same recording can be sent again once the service is back
    whisper.mode = 'ok';
    await card.getByRole('button', { name: 'Try this recording again' }).click();
    await expect(answer).toHaveValue(`Kept as typed, ${HEARD}`, { timeout: 15_000 });
  } finally {
    whisper.mode = 'ok';
  }
});

test.describe('with no speech-to-text on the server', () => {
  test.beforeEach(async ({ page }) => {
    await page.route('**/api/speechConfig', (route) =>
      route.fulfill({ json: { success: { provider: 'none', max_seconds: 120, max_bytes: 10_000_000 } } }),
    );
  });

  test("dictates live with the browser's own recognition", async ({ page, request }) => {
    // a stand-in for webkitSpeechRecognition: hears one sentence shortly after it starts
    await page.addInitScript(() => {
      class FakeRecognition {
        lang = '';
        continuous = false;
        interimResults = false;
        onresult: ((event: unknown) => void) | null = null;
        onerror: ((event: unknown) => void) | null = null;
        onend: (() => void) | null = null;
        static heard = false;
        start() {
          (window as unknown as { __dictationLang: string }).__dictationLang = this.lang;
          if (FakeRecognition.heard) return;
          FakeRecognition.heard = true;
          setTimeout(
            () =>
              this.onresult?.({
                resultIndex: 0,
                results: { length: 1, 0: { isFinal: true, length: 1, 0: { transcript: 'she loved the sea' } } },
              }),
            300,
          );
        }
        stop() {}
        abort() {}
      }
      // recent Chromium also ships it unprefixed
      Object.assign(window, { webkitSpeechRecognition: FakeRecognition, SpeechRecognition: FakeRecognition });
    });
    const { card } = await openGuestBook(page, request);
    const answer = card.locator('textarea');
    await answer.fill('Rose was a nurse');
    await card.getByRole('button', { name: 'Dictate your answer' }).click();
    await expect(card.getByTestId('voice-recorder')).toHaveAttribute('data-state', 'recording');
    await expect(answer).toHaveValue('Rose was a nurse, she loved the sea');
    expect(await page.evaluate(() => (window as unknown as { __dictationLang: string }).__dictationLang)).toBe('en-US');
    await card.getByRole('button', { name: 'Stop' }).click();
    await expect(card.getByTestId('voice-recorder')).toHaveAttribute('data-state', 'idle');
    await expect(answer).toHaveValue('Rose was a nurse, she loved the sea');
  });

  test('says in one sentence that voice input is not set up when the browser cannot dictate', async ({ page, request }) => {
    await page.addInitScript(() => {
      delete (window as unknown as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
      delete (window as unknown as { SpeechRecognition?: unknown }).SpeechRecognition;
    });
    const { card } = await openGuestBook(page, request);
    await expect(card.getByTestId('voice-not-set-up')).toHaveText(
      'Voice input is not set up on this server, but you can type your answer.',
    );
    await expect(card.getByRole('button', { name: /Record your answer|Dictate your answer/ })).toHaveCount(0);
  });
});

/** A short written book (one chapter of two sentences): the audiobook stays quick to make. */
async function shortWrittenBook(request: APIRequestContext, user: { token: string; auth: Record<string, string> }) {
  const book = await createBook(request, user.token, {
    book_name: 'Rose',
    another_story_subject: 'My grandmother Rose, a nurse in Lyon during the war',
  });
  const session = (await (await request.get(`/api/getSession/${book.id}`, { headers: user.auth })).json()).success;
  session.checkpoint_data.data[0].generated_content = 'Rose was born in Lyon in 1921. She became a nurse during the war.';
  const saved = await request.post('/api/upSertSession', {
    headers: user.auth,
    data: { service_session_id: book.id, checkpoint_data: session.checkpoint_data, version: session.version },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return book;
}

test('the audiobook journey: voice sample with the fake microphone, sandbox payment, progress, the player plays', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await signUp(request, { prefix: 'voice-sample' });
  const book = await shortWrittenBook(request, user);
  await actAsUser(page, user.token);
  await page.goto(`/en/questions/${book.id}`);
  await page.getByRole('button', { name: 'Audiobook', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Record your voice sample' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Read a page of your book aloud for about a minute');
  // a text to read aloud, in the book's language, and the 30–120 s bounds
  await expect(dialog.getByTestId('voice-sample-text')).toContainText('When I was a child');
  await expect(dialog).toContainText('Read for 30 seconds to 120 seconds');
  const recorder = dialog.getByTestId('voice-recorder');
  await dialog.getByRole('button', { name: 'Record your voice sample' }).click();
  await expect(recorder).toHaveAttribute('data-state', 'recording');
  // about 32 seconds of reading (more than the 30 s minimum): the countdown from 1:58 has reached 1:26 or less
  await expect(recorder.getByTestId('voice-countdown')).toHaveText(/^1:2[0-6]$/, { timeout: 50_000 });
  await recorder.getByRole('button', { name: 'Stop' }).click();

  // listen back, then send
  await expect(dialog.getByTestId('voice-preview')).toBeVisible({ timeout: 10_000 });
  const uploaded = page.waitForResponse((res) => res.url().includes('/api/uploadVoiceSample'));
  await dialog.getByRole('button', { name: 'Send my voice sample' }).click();
  const response = await uploaded;
  expect(response.status(), await response.text()).toBe(200);
  expect(await response.json()).toEqual({ success: true });
  await expect(page.getByText('Your voice sample was saved.')).toBeVisible();
  await dialog.screenshot({ path: `${ARTIFACTS_DIR}/voice-sample-en.png`, animations: 'disabled' });

  // the server keeps it for the book
  const stored = await request.get(`/api/voiceSample/${book.id}`, { headers: user.auth });
  expect(stored.status()).toBe(200);
  const sample = (await stored.json()).success as { exists: boolean; duration_seconds: number | null };
  expect(sample.exists).toBe(true);
  expect(sample.duration_seconds).toBeGreaterThanOrEqual(30);

  // then on to the audiobook, with the state the Audiobook button has always passed
  const modelMade = page.waitForResponse((res) => res.url().includes('/api/createVoiceModel'));
  await dialog.getByRole('button', { name: 'Continue to the audiobook' }).click();
  const model = await modelMade;
  expect(model.status(), await model.text()).toBe(200);
  expect((await model.json()).success.voice).toBe('offline');
  await expect(page).toHaveURL(/\/en\/audiobook-payment$/);
  const quota = (
    await (await request.post('/api/checkAudiobookQuota', { headers: user.auth, data: { service_session_id: book.id } })).json()
  ).success as { characters_needed: number; price: number };
  const state = await page.evaluate(() => (history.state as { usr?: unknown } | null)?.usr);
  expect(state).toEqual({ service_session_id: book.id, price: quota.price });

  // the server's characters and price, then the shared card form with the sandbox's accepted card
  const price = `€${quota.price.toFixed(2)}`;
  await expect(page.getByText(`characters read aloud: ${price}`, { exact: false })).toBeVisible();
  await expect(page.getByText('a voice matched to your pitch and pace', { exact: false })).toBeVisible();
  await page.getByLabel('Card number').fill('4111111111111111');
  await page.getByLabel('Expiry date').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('123');
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Pay ${price}` }).click();

  // the audiobook page opens in a new window, this one thanks
  const player = await opened;
  await expect(page).toHaveURL(/\/en\/thankyou\/purchase\?order=PL/);
  // the purchase event's item category (issue 12 item 9)
  const events = await page.evaluate(
    () => (window.dataLayer ?? []) as Array<{ event?: string; ecommerce?: { items: Array<{ item_category: string }> } }>,
  );
  expect(events.find((e) => e.event === 'purchase')?.ecommerce?.items[0].item_category).toBe('Audiobook');
  await expect(player).toHaveURL(new RegExp(`/en/audiobook/${book.id}$`));
  // progress while it is made (a short book may already be done when the page asks)
  const progress = player.getByRole('progressbar', { name: 'Audiobook progress' });
  const ready = player.getByText('Ready to listen to and download.');
  await expect(progress.or(ready)).toBeVisible();
  await expect(ready).toBeVisible({ timeout: 90_000 });

  // the whole book plays: its data loads and the time moves on
  const whole = player.getByRole('region', { name: 'The whole book' }).locator('audio');
  await expect(whole).toHaveAttribute('src', `/api/audiobookFile/${book.id}/book.mp3`);
  await whole.evaluate(async (audio: HTMLAudioElement) => {
    audio.muted = true;
    await audio.play();
  });
  await expect.poll(() => whole.evaluate((audio: HTMLAudioElement) => audio.readyState)).toBeGreaterThanOrEqual(2);
  await expect.poll(() => whole.evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.2);

  // the chapter list (the title, then the one written chapter) and the downloads
  const chapters = player.getByRole('list', { name: 'Chapters' }).getByRole('listitem');
  await expect(chapters).toHaveCount(2);
  await expect(chapters.nth(0)).toContainText('Rose');
  await expect(chapters.nth(1)).toContainText('Origins');
  await expect(chapters.getByRole('link', { name: 'Download this chapter' })).toHaveCount(2);
  const zip = player.getByRole('link', { name: 'Download every chapter (ZIP)' });
  await expect(zip).toHaveAttribute('href', `/api/audiobookFile/${book.id}/all-chapters.zip`);
  const download = player.waitForEvent('download');
  await player.getByRole('link', { name: 'Download the whole book (MP3)' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.mp3$/);

  // the workspace says where the audiobook stands, from the server: still there after a reload
  await page.goto(`/en/questions/${book.id}`);
  const line = page.getByTestId('workspace-audiobook');
  await expect(line).toHaveAttribute('data-state', 'done');
  await page.reload();
  await expect(line).toHaveAttribute('data-state', 'done');
  await expect(line.getByRole('link', { name: 'Listen to your audiobook' })).toHaveAttribute('href', `/en/audiobook/${book.id}`);
});
