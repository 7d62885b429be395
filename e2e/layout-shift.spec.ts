import { expect, test, type Page } from '@playwright/test';
import { actAsUser, createBook, signUp } from './helpers/api';

/**
 * Issue 17 item 2: the workspace reserves its space, so nothing shifts while a book opens (the footer
 * used to jump when the book arrived: CLS 0.435 in Lighthouse). The page is opened as a phone on a slow
 * network would (Lighthouse's mobile throttling through the DevTools protocol: 150 ms latency, 1.6 Mbit/s,
 * CPU 4× slower), so each stage — the page's chunk, the book, the fonts — is painted on its own.
 * Every layout shift without recent input is added up (at least Lighthouse's CLS, which keeps the worst
 * 5-second window).
 */

async function throttleLikeAPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Records every layout shift from the first paint on, with the elements that moved. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: Array<{ value: number; sources: string[] }> = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }
      >) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((s) => {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          return el
            ? `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''}.${String(el.className).slice(0, 40)}`
            : '?';
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

for (const viewport of [
  { name: 'phone', width: 412, height: 823 },
  { name: 'desktop', width: 1350, height: 940 },
]) {
  test(`the workspace of a real book opens without layout shift (CLS ≤ 0.02), ${viewport.name}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const user = await signUp(request, { prefix: 'cls' });
    const book = await createBook(request, user.token, { book_name: 'Rosa', another_story_subject: 'Rosa, nurse in Naples' });
    await actAsUser(page, user.token);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await recordLayoutShifts(page);
    await throttleLikeAPhone(page);

    await page.goto(`/en/questions/${book.id}`);
    const chapter = page.getByTestId(`chapter-${book.checkpoint_data.data[0].id}`);
    await expect(chapter.locator('textarea[id^="answer-"]').first()).toBeVisible({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    // one more frame, so a shift of the last paint is reported too
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

    const shifts = await page.evaluate(() => (window as unknown as { __shifts: Array<{ value: number; sources: string[] }> }).__shifts);
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    console.log(`workspace ${viewport.name}: layout shift ${total.toFixed(4)}`, JSON.stringify(shifts));
    expect(total, JSON.stringify(shifts, null, 1)).toBeLessThanOrEqual(0.02);
  });
}
