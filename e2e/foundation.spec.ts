import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { actAsUserWithCookie, signUp } from './helpers/api';
import { collectConsoleErrors } from './helpers/console-errors';
import { recordScripts } from './helpers/downloads';
import { saveScreenshot, WIDTHS } from './helpers/screenshots';

/**
 * Foundation journeys (issue 2): routing and languages, the header and footer, the story choice,
 * toasts. Logged-in header states are real: an account signed up through the API, its subscription
 * (none, active, or cancelled to the end of its period) bought from the payment sandbox.
 */

const titles = {
  fr: 'Sur quoi voulez-vous écrire\u00a0?',
  en: 'What do you want to write about?',
  es: '¿Sobre qué quieres escribir?',
  it: 'Di che cosa desidera scrivere?',
} as const;
const ROOT = '/fr/general-categories/1';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('routing, languages and the story choice', () => {
  test.use({ locale: 'fr-FR' });

  test('from / in French to English, then into an active category, without console errors', async ({ page, context }) => {
    const consoleErrors = collectConsoleErrors(page);

    await page.goto('/');
    await expect(page).toHaveURL(ROOT);
    await expect(heading(page)).toHaveText(titles.fr);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('link', { name: /L’histoire de ma vie/ })).toBeVisible();
    // the logged-out header: gift card, sign up, log in, in French
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(nav.getByRole('link', { name: 'Carte cadeau' })).toHaveAttribute('href', '/fr/gift-card');
    await expect(nav.getByRole('link', { name: 'Créer un compte' })).toHaveAttribute('href', '/fr/register');
    await expect(nav.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/fr/login');
    // footer: the site's own pages in the page's language, the one social account configured, no phone line for visitors
    const footer = page.getByTestId('site-footer');
    await expect(footer.getByRole('link', { name: 'Mentions légales' })).toHaveAttribute('href', '/fr/legal-notice');
    await expect(footer.getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', 'https://www.instagram.com/plume.example');
    await expect(footer.getByRole('link', { name: /Instagram/ })).toHaveAttribute('target', '_blank');
    await expect(footer.getByRole('link', { name: /Facebook|YouTube|LinkedIn/ })).toHaveCount(0);
    await expect(footer.getByTestId('footer-phone')).toHaveCount(0);

    // the picker lists the three other languages by their own names
    await page.getByRole('button', { name: 'Langue\u00a0: Français' }).click();
    const items = page.getByRole('menuitem');
    await expect(items).toHaveText(['English', 'Español', 'Italiano']);
    await Promise.all([page.waitForURL('/en/general-categories/1'), page.getByRole('menuitem', { name: 'English' }).click()]);

    await expect(heading(page)).toHaveText(titles.en);
    await expect(page.getByRole('link', { name: /My life story/ })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const lngCookie = (await context.cookies()).find((cookie) => cookie.name === 'lng');
    expect(lngCookie?.value).toBe('en');
    expect(lngCookie?.path).toBe('/');
    // 30 days, give or take the test's own duration
    const days = ((lngCookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect(await page.evaluate(() => localStorage.getItem('lng'))).toBe('en');

    // an active category opens the options of a new book
    await page.getByRole('link', { name: /My life story/ }).click();
    await expect(page).toHaveURL('/en/general-categories-options/1/1');

    expect(consoleErrors.errors).toEqual([]);
  });

  test('the face every page shows above the fold is preloaded, and no page preloads a face it does not use', async ({ page }) => {
    // the header's brand name (600) is on every page, and the headings are in it too (the story choice's title
    // in 500); a preloaded face a page does not use is a download it waits beside
    for (const [path, title] of [
      ['/en/general-categories/1', titles.en],
      ['/en/general-categories-options/1/1', 'Your new book'],
      ['/en/login', 'Welcome back'],
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      const preloads = await page
        .locator('link[rel="preload"][as="font"]')
        .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
      expect(preloads.map((href) => href.replace(/.*\/(eb-garamond-\d+-normal)-.*/, '$1'))).toEqual(['eb-garamond-600-normal']);
      // the preloaded file is the one the @font-face rule loads (same URL, so one download), and the page uses it
      await expect.poll(() => page.evaluate(() => document.fonts.check('600 30px "EB Garamond"'))).toBe(true);
      const used = await page.evaluate(async () => {
        await document.fonts.ready;
        return {
          files: performance
            .getEntriesByType('resource')
            .map((r) => r.name)
            .filter((n) => n.endsWith('.woff2')),
          faces: [...document.fonts]
            .filter((f) => f.family.includes('EB Garamond') && f.status === 'loaded')
            .map((f) => `${f.weight} ${f.style}`),
        };
      });
      for (const href of preloads) expect(used.files).toContain(href);
      expect(used.faces).toContain('600 normal');
      // the login page's first visit downloads that one face: its title is in it, its form in the system's sans
      if (path === '/en/login') expect(used.faces).toEqual(['600 normal']);
    }
  });

  test('a first visit asks for its page’s chunk beside the texts, not once they have arrived', async ({ page }) => {
    // the texts are held until the story choice's chunk has been asked for: the page can show only if it was
    let asked!: () => void;
    const chunkAsked = new Promise<void>((resolve) => (asked = resolve));
    page.on('request', (request) => {
      if (/\/assets\/general-categories-page-[\w-]+\.js$/.test(request.url())) asked();
    });
    await page.route('**/locales/**', async (route) => {
      await chunkAsked;
      await route.continue();
    });
    await page.goto('/en/general-categories/1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles.en);
  });

  test('the entry comes in two files, its own and the bundler’s runtime, ahead of the route’s chunks', async ({ request }) => {
    // the entry's script and the imports Vite links for it (the route's own chunks are the low-priority ones)
    const html = await (await request.get('/en/general-categories/1')).text();
    const entry = [
      ...html.matchAll(/<script type="module"[^>]*src="([^"]+)"|<link rel="modulepreload"[^>]*href="([^"]+)"(?![^>]*fetchpriority="low")/g),
    ].map((m) => m[1] ?? m[2]);
    expect(entry).toHaveLength(2);
    expect(entry.some((file) => /\/assets\/general-categories-page-/.test(file))).toBe(false);
  });

  test('the login page’s own code beyond its page chunk comes in the landing pages’ groups, one per set of landing pages that share it', async ({
    request,
  }) => {
    // the route's chunks (low priority) and stylesheets its HTML names: the page's chunk, react-hook-form (libraries are
    // rolldown's to split), lib/form.ts and the auth calls' declarations (shared with code loaded on demand elsewhere: the
    // workspace's chapter form, the auth provider), the rest our code in `landing-…` groups (web/vite.config.ts): 8 files
    // instead of 12, and 3 stylesheets instead of 5, when each set of the app's dynamic imports sharing a module had its own
    const html = await (await request.get('/en/login')).text();
    const named = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!.replace(/^\/assets\/|-[\w-]{8}\.(js|css)$/g, ''));
    const scripts = named(/<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*fetchpriority="low"/g);
    const styles = named(/<link rel="preload" as="style"[^>]*href="([^"]+)"/g);
    const ours = scripts.filter((name) => name !== 'login-page' && !/^(index\.esm|form|auth)$/.test(name));
    expect(ours.length, scripts.join(' ')).toBeGreaterThan(0);
    expect(
      ours.every((name) => name.startsWith('landing-')),
      scripts.join(' '),
    ).toBe(true);
    expect(scripts.length, scripts.join(' ')).toBeLessThanOrEqual(8);
    expect(styles.length, styles.join(' ')).toBeLessThanOrEqual(3);
  });

  test('the options page’s Radix code (its radio group) comes in the landing pages’ groups, not in a chunk per set of its importers', async ({
    request,
  }) => {
    // rolldown split Radix's modules by the sets of chunks sharing each one: six `dist-…` chunks of 0.3–4 KB gzip on the
    // options page, 19 scripts named by its HTML; the landing groups take them (web/vite.config.ts, `landingGroup`): 14
    const html = await (await request.get('/en/general-categories-options/1/1')).text();
    const scripts = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*fetchpriority="low"/g)].map((m) =>
      m[1]!.replace(/^\/assets\/|-[\w-]{8}\.js$/g, ''),
    );
    expect(scripts.length, scripts.join(' ')).toBeGreaterThan(0);
    expect(
      scripts.filter((name) => name.startsWith('dist')),
      scripts.join(' '),
    ).toEqual([]);
    expect(scripts.length, scripts.join(' ')).toBeLessThanOrEqual(14);
  });

  test('the served page names its route’s chunks and texts, each file is fetched once, the texts in one request, and the page renders in each language', async ({
    browser,
  }) => {
    const locale = (lng: string, ns: string) =>
      JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '..', 'locales', lng, `${ns}.json`), 'utf8')) as Record<string, string>;
    for (const lng of ['fr', 'en', 'es', 'it'] as const) {
      for (const [route, chunk, ns, title] of [
        [`/${lng}/login`, 'login-page', 'auth', locale(lng, 'auth').login_title],
        [
          `/${lng}/general-categories-options/1/1`,
          'options-page',
          'books',
          (locale(lng, 'books').options as unknown as Record<string, string>).title,
        ],
      ] as const) {
        const context = await browser.newContext(); // an empty cache: a first visit
        const page = await context.newPage();
        const fetched: string[] = [];
        page.on('request', (request) => {
          if (/\/(assets|locales)\//.test(request.url())) fetched.push(new URL(request.url()).pathname);
        });
        const response = await page.goto(route);
        const html = await response!.text();
        // the route's chunk and texts are named in the HTML, so they are fetched beside the entry script, not once it has run
        expect(html).toMatch(new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${chunk}-[\\w-]+\\.js"`));
        // its texts in one bundle: the page's language and English (i18next's fallback), the common namespaces and the page's
        const texts = `/locales/bundle/${lng === 'en' ? 'en' : `${lng}+en`}/common+errors+${ns}.json`;
        expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="${texts}">`);
        expect(html).toContain(`<html lang="${lng}">`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);
        await page.waitForLoadState('networkidle');
        // a preload the page's own request does not match (another mode or credentials) is a second download of the same file
        expect(
          fetched.filter((file, i) => fetched.indexOf(file) !== i),
          route,
        ).toEqual([]);
        // the texts in that one request, none alone
        expect(
          fetched.filter((file) => file.startsWith('/locales/')),
          route,
        ).toEqual([texts]);
        await context.close();
      }
    }
  });

  test('a first visit asks for its page’s data with its chunk, not once the page has rendered', async ({ page }) => {
    // the options page's chunk is held until its two reads have been asked for: the page can show only if they were
    const reads = new Set<string>();
    let asked!: () => void;
    const readsAsked = new Promise<void>((resolve) => (asked = resolve));
    page.on('request', (request) => {
      const read = /\/api\/(getGeneralCategoryLookupsById\/2|tools)\?lng=en$/.exec(request.url())?.[1];
      if (read) reads.add(read);
      if (reads.size === 2) asked();
    });
    await page.route(/\/assets\/options-page-[\w-]+\.js$/, async (route) => {
      await readsAsked;
      await route.continue();
    });
    await page.goto('/en/general-categories-options/1/2');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your new book');
  });

  test('the options page’s HTML asks for its lookups and tools in the page’s language, and the page takes those answers', async ({
    browser,
    request,
  }) => {
    // a browser that prefers English on a French page: the preloads carry no `lng` header, their URL the page's language
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const reads: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) reads.push(new URL(r.url()).pathname + new URL(r.url()).search);
    });
    await page.goto('/fr/general-categories-options/1/2');
    const lookups = async (lng: string) =>
      (await (await request.get('/api/getGeneralCategoryLookupsById/2', { headers: { lng } })).json()).success.general_categories[0].name;
    const french = await lookups('fr');
    expect(french).not.toBe(await lookups('en'));
    await expect(page.getByText(french, { exact: true })).toBeVisible();
    // each read once, the preload's (the client's read is the same URL, mode and credentials)
    expect(reads.filter((r) => r.startsWith('/api/getGeneralCategoryLookupsById/') || r.startsWith('/api/tools'))).toEqual([
      '/api/getGeneralCategoryLookupsById/2?lng=fr',
      '/api/tools?lng=fr',
    ]);
    const initiators = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => /^\/api\/(getGeneralCategoryLookupsById|tools)/.test(new URL(e.name).pathname))
        .map((e) => (e as PerformanceResourceTiming).initiatorType),
    );
    expect(initiators).toEqual(['link', 'link']);
    await context.close();
  });

  test('a first visit to the options page downloads no zod; the form’s first check brings it and shows its translated messages', async ({
    page,
  }) => {
    // zod (~39 KB gzip), whatever chunk it would land in
    const { chunks, withZod } = recordScripts(page);
    await page.goto('/en/general-categories-options/1/1');
    await expect(heading(page)).toHaveText('Your new book');
    await page.waitForLoadState('networkidle');
    expect(chunks).toContain('options-page');
    expect(chunks.filter((chunk) => ['zod', 'coerce', 'start-form-schema'].includes(chunk))).toEqual([]);
    expect(await withZod()).toEqual([]);

    // the form's schema (and zod) come with its first change; a submit shows the schema's own words
    await page.getByTestId('type-101').click();
    await page.getByLabel('Tell us about yourself in a few sentences').fill('Too short.');
    await page.getByRole('button', { name: 'Start writing' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your description should be more than 100 characters.' }).first()).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Please select the required boxes.' }).first()).toBeVisible();
    expect(chunks).toContain('start-form-schema');
    expect(await withZod()).not.toEqual([]);
  });

  test('a first visit to the login page downloads no zod; the form’s first check brings it and shows its translated messages', async ({
    page,
  }) => {
    const { chunks, withZod } = recordScripts(page);
    await page.goto('/en/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(chunks).toContain('login-page');
    expect(chunks.filter((chunk) => ['zod', 'coerce', 'login-form-schema'].includes(chunk))).toEqual([]);
    expect(await withZod()).toEqual([]);

    await page.getByLabel('E-mail address').fill('ada.example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This e-mail address is not valid.' }).first()).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Please fill in this field.' }).first()).toBeVisible();
    expect(chunks).toContain('login-form-schema');
    expect(await withZod()).not.toEqual([]);
    await expect(page).toHaveURL('/en/login');
  });

  test('the options form’s schema failing to arrive: the submit says so, and the next one checks the form', async ({ page }) => {
    let cut = true;
    await page.route(/\/assets\/start-form-schema-[\w-]+\.js$/, (route) => (cut ? route.abort() : route.continue()));
    await page.goto('/en/general-categories-options/1/1');
    await page.getByTestId('type-101').click();
    await page.getByRole('button', { name: 'Start writing' }).click();
    await expect(
      page.locator('.Toastify__toast').filter({ hasText: 'This form could not be checked: no connection. Please try again.' }),
    ).toBeVisible();
    await expect(page).toHaveURL('/en/general-categories-options/1/1');

    cut = false;
    await page.getByRole('button', { name: 'Start writing' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your description should be more than 100 characters.' }).first()).toBeVisible();
  });

  test('a page whose code fails to arrive says so in its language under the header, and Try again loads it', async ({ page }, testInfo) => {
    let cut = true;
    await page.route(/\/assets\/options-page-[\w-]+\.js$/, (route) => (cut ? route.abort('connectionreset') : route.continue()));
    // a navigation from the story choice, then a first visit
    await page.goto('/fr/general-categories/1');
    await page.getByRole('link', { name: /L’histoire de ma vie/ }).click();
    await expect(heading(page)).toHaveText('Cette page n’a pas pu s’afficher');
    await expect(page).toHaveURL('/fr/general-categories-options/1/1');
    await page.goto('/fr/general-categories-options/1/1');
    await expect(heading(page)).toHaveText('Cette page n’a pas pu s’afficher');
    await expect(page.getByText('La connexion a peut-être été interrompue pendant son chargement.')).toBeVisible();
    // the header stays, and its links lead on
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(nav.getByRole('link', { name: 'Carte cadeau' })).toBeVisible();
    for (const width of Object.values(WIDTHS)) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, testInfo, 'page-error', 'fr');
    }

    cut = false;
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await expect(heading(page)).toHaveText('Votre nouveau livre');
    await expect(page).toHaveURL('/fr/general-categories-options/1/1');
  });

  test('the picker keeps the rest of the path and the query', async ({ page }) => {
    await page.goto('/es/general-categories-options/1/2?from=test');
    await page.getByRole('button', { name: 'Idioma: Español' }).click();
    await Promise.all([
      page.waitForURL('/it/general-categories-options/1/2?from=test'),
      page.getByRole('menuitem', { name: 'Italiano' }).click(),
    ]);
  });

  test('an inactive category is shown as unavailable and does nothing', async ({ page }) => {
    await page.goto('/en/general-categories/1');
    const inactive = page.locator('[aria-disabled="true"]', { hasText: 'Our family history' });
    await expect(inactive).toBeVisible();
    await expect(inactive).not.toHaveAttribute('href');
    // Playwright refuses to click what is announced as disabled: force it, as a person's tap would
    const entries = await page.evaluate(() => history.length);
    await inactive.click({ force: true });
    // active ones are real links to the options route
    await expect(page.getByRole('link', { name: /The story of someone I love/ })).toHaveAttribute(
      'href',
      '/en/general-categories-options/1/2',
    );
    // no fixed wait for "nothing happened": an active card, tapped after it, opens its options with the
    // one new history entry — and back returns to the choice, so the inactive tap pushed no page
    await page.getByRole('link', { name: /The story of someone I love/ }).click();
    await expect(page).toHaveURL('/en/general-categories-options/1/2');
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
    await page.goBack();
    await expect(page).toHaveURL('/en/general-categories/1');
    await expect(page.getByRole('link', { name: /A book that helps others/ })).toHaveAttribute(
      'href',
      '/en/general-categories-options/1/3',
    );
    // each card shows the drawing of its kind of book
    await expect(page.locator('svg[data-image-key]')).toHaveCount(4);
    await expect(page.locator('svg[data-image-key="story"]')).toHaveCount(1);
    await expect(page.locator('svg[data-image-key="self_development"]')).toHaveCount(1);
  });

  test("unknown paths land on the story choice: in their language segment, else in the French browser's language", async ({ page }) => {
    for (const path of ['/de/general-categories/1', '/xx', '/some/deep/path']) {
      await page.goto(path);
      await expect(page, `from ${path}`).toHaveURL(ROOT);
    }
    await expect(heading(page)).toHaveText(titles.fr);
    for (const path of ['/en/no-such-page', '/en/general-categories']) {
      await page.goto(path);
      await expect(page, `from ${path}`).toHaveURL('/en/general-categories/1');
    }
  });

  test('login-only routes send a visitor to the login page of the current language', async ({ page }) => {
    await page.goto('/en/my-books');
    await expect(page).toHaveURL('/en/login');
    await page.goto('/it');
    await expect(page).toHaveURL('/it/login');
    await page.goto('/es/printing');
    await expect(page).toHaveURL('/es/login');
  });

  test('the header turns sticky after 100 px, and a route change scrolls to the top', async ({ page }) => {
    await page.setViewportSize({ width: WIDTHS.desktop, height: 700 });
    await page.goto('/en/general-categories/1');
    await expect(heading(page)).toBeVisible();
    const header = page.getByTestId('site-header');
    await expect(header).toHaveAttribute('data-sticky', 'false');

    // scrolled, and two frames later (the scroll handler has run) still not sticky
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          window.addEventListener('scroll', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), { once: true });
          window.scrollTo(0, 60);
        }),
    );
    await expect(header).toHaveAttribute('data-sticky', 'false');

    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(header).toHaveAttribute('data-sticky', 'true');
    // pinned to the top of the viewport once its short slide-in has finished
    await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);
    await expect(header.getByRole('link', { name: 'Gift card' })).toBeInViewport();

    await page.getByRole('link', { name: /A book that helps others/ }).click();
    await expect(page).toHaveURL('/en/general-categories-options/1/3');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // Back too lands at the top, the browser restoring no old position after the app's scroll
    await page.goBack();
    await expect(heading(page)).toBeVisible();
    expect(await page.evaluate(() => window.history.scrollRestoration)).toBe('manual');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(header).toHaveAttribute('data-sticky', 'false');
  });

  test('a first visit without a toast does not download react-toastify; the first toast brings it and is shown', async ({ page }) => {
    const toastsChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/toasts-[\w-]+\.js$/.test(request.url())) toastsChunks.push(request.url());
    });
    await page.goto('/en/general-categories/1');
    await expect(heading(page)).toHaveText(titles.en);
    await page.waitForLoadState('networkidle');
    expect(toastsChunks).toEqual([]);
    // the error's toast is asked for before its chunk exists in the page: it is shown once the chunk has come
    await page.goto('/en/general-categories/999');
    await expect(page.locator('.Toastify__toast').filter({ hasText: 'This service does not exist.' })).toBeVisible();
    expect(toastsChunks).toHaveLength(1);
  });

  test('an unknown service shows an error state and a bottom-left toast that closes after about 4 s', async ({ page }) => {
    const consoleErrors = collectConsoleErrors(page, [/status of 404/]);
    // The toast's life is timed by the page's own clock: the test's polling may see it late on a loaded machine.
    await page.addInitScript(() => {
      const life: { shownAt?: number; goneAt?: number } = {};
      (window as unknown as { __toastLife: typeof life }).__toastLife = life;
      new MutationObserver(() => {
        const present = [...document.querySelectorAll('.Toastify__toast')].some((node) =>
          node.textContent?.includes('This service does not exist.'),
        );
        if (present && life.shownAt === undefined) life.shownAt = performance.now();
        if (!present && life.shownAt !== undefined && life.goneAt === undefined) life.goneAt = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/en/general-categories/999');
    await expect(page.getByRole('alert').filter({ hasText: 'We could not find these books.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

    const toast = page.locator('.Toastify__toast').filter({ hasText: 'This service does not exist.' });
    await expect(toast).toBeVisible();
    await expect(page.locator('.Toastify__toast-container--bottom-left')).toHaveCount(1);
    const box = await toast.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.x).toBeLessThan(viewport.width / 2);
    expect(box!.y).toBeGreaterThan(viewport.height / 2);
    await expect(toast).toHaveCount(0, { timeout: 10_000 });
    const life = await page.evaluate(() => (window as unknown as { __toastLife: { shownAt: number; goneAt: number } }).__toastLife);
    const closedAfter = life.goneAt - life.shownAt;
    expect(closedAfter).toBeGreaterThan(3500);
    expect(closedAfter).toBeLessThan(6500);
    expect(consoleErrors.errors).toEqual([]);
  });
});

test.describe('phone layout', () => {
  test.use({ viewport: { width: WIDTHS.phone, height: 760 } });

  test('the menu button opens a panel with the header links, Escape closes it', async ({ page }, testInfo) => {
    await page.goto('/fr/general-categories/1');
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeHidden();
    await page.getByTestId('mobile-menu-button').click();
    const panel = page.getByTestId('mobile-menu');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link')).toHaveText(['Carte cadeau', 'Créer un compte', 'Se connecter']);
    await saveScreenshot(page, testInfo, 'mobile-menu', 'fr', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await page.getByTestId('mobile-menu-button').click();
    await panel.getByRole('link', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL('/fr/login');
    await expect(panel).toBeHidden();
  });

  test('a press on the menu button opens the panel even when the menu’s code arrives between the press and its release', async ({
    page,
  }) => {
    let arrive!: () => void;
    const held = new Promise<void>((resolve) => (arrive = resolve));
    await page.route(/\/assets\/mobile-menu-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/fr/general-categories/1');
    const button = page.getByTestId('mobile-menu-button');
    const box = (await button.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // the real trigger takes the pressed look-alike's place: the release lands on another element, and no click comes
    arrive();
    await expect(button).toHaveAttribute('data-state');
    await page.mouse.up();
    await expect(page.getByTestId('mobile-menu')).toBeVisible();
  });
});

/**
 * A real account named Marie, signed in by its session cookie; `subscription`: none, active (paid with
 * the sandbox's accepted card), or pending (then cancelled: access until the end of the period).
 */
async function signInAsMarie(
  page: Page,
  request: APIRequestContext,
  baseURL: string,
  { lng = 'en', subscription = 'none' }: { lng?: string; subscription?: 'none' | 'active' | 'pending' } = {},
) {
  const user = await signUp(request, { prefix: 'header', lng, first_name: 'Marie', last_name: 'Curie', city: 'Paris' });
  if (subscription !== 'none') {
    const form = (await (await request.post('/api/createSubscriptionPaymentForm', { headers: user.auth })).json()).success;
    const paid = await request.post('/api/sandboxPay', {
      data: { formToken: form.formToken, card_number: '4111111111111111', expiry: '12/39', cvc: '123' },
    });
    expect(paid.ok()).toBe(true);
    await request.get(`/api/subscriptionPaymentStatusCallback/${form.order_id}`, { headers: user.auth });
  }
  if (subscription === 'pending') expect((await request.post('/api/cancelSubscription', { headers: user.auth })).ok()).toBe(true);
  const state = (await (await request.get('/api/userSubscription', { headers: user.auth })).json()).success;
  expect(state === null ? 'none' : state.cancel_request ? 'pending' : 'active').toBe(subscription);
  await actAsUserWithCookie(page, user.token, baseURL);
  return user;
}

test.describe('signed-in header', () => {
  test('subscribed: the four links, greeting, My subscription, phone line; logout goes to the login page', async ({
    page,
    request,
  }, testInfo) => {
    const consoleErrors = collectConsoleErrors(page);
    await signInAsMarie(page, request, testInfo.project.use.baseURL!, { subscription: 'active' });
    await page.goto('/en/general-categories/1');

    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(nav.getByRole('link')).toHaveText(['Write a new book', 'My books', 'Printing', 'Gift card']);
    await expect(nav.getByRole('link', { name: 'Write a new book' })).toHaveAttribute('href', '/en/general-categories/1');
    await expect(page.getByTestId('footer-phone')).toBeVisible();

    await page.getByRole('button', { name: 'Your account' }).click();
    await expect(page.getByText(/^Hello, (Marie|User)$/)).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'My profile' })).toHaveAttribute('href', '/en/profile');
    await expect(page.getByRole('menuitem', { name: 'My subscription' })).toHaveAttribute('href', '/en/manage-subscriptions');
    await expect(page.getByRole('menuitem', { name: 'Upgrade account' })).toHaveCount(0);

    // the session the browser held (the startup refresh rotated it) is revoked on the server, not only forgotten
    const held = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await request.get('/api/getUser', { headers: { cookie: held } })).status()).toBe(200);
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/en/login');
    expect((await request.get('/api/getUser', { headers: { cookie: held } })).status()).toBe(401);
    expect(await page.evaluate(() => document.cookie)).not.toContain('plume_signed_in');
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.getByTestId('footer-phone')).toHaveCount(0);
    expect(consoleErrors.errors).toEqual([]);
  });

  test('the header’s menus are downloaded on first intent: none on a first visit; a keyboard focus moves to the real trigger', async ({
    page,
    request,
  }, testInfo) => {
    await signInAsMarie(page, request, testInfo.project.use.baseURL!);
    const menuChunks: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/(language-picker|profile-menu|mobile-menu)-[\w-]+\.js$/.test(r.url())) menuChunks.push(r.url());
    });
    await page.goto('/en/general-categories/1');
    await expect(heading(page)).toHaveText(titles.en);
    await page.waitForLoadState('networkidle');
    expect(menuChunks).toEqual([]);
    // the look-alike takes the focus; the real trigger (Radix's, with its data-state) replaces it and keeps it
    await page.getByTestId('language-picker').focus();
    await expect(page.getByTestId('language-picker')).toHaveAttribute('data-state', 'closed');
    await expect(page.getByTestId('language-picker')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Français' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('language-picker')).toBeFocused();
  });

  test('a click on a header menu before its code has arrived opens it as it arrives', async ({ page, request }, testInfo) => {
    await signInAsMarie(page, request, testInfo.project.use.baseURL!);
    // the profile menu's chunk is held until the click has been made on its look-alike
    let clicked!: () => void;
    const click = new Promise<void>((resolve) => (clicked = resolve));
    await page.route(/\/assets\/profile-menu-[\w-]+\.js$/, async (route) => {
      await click;
      await route.continue();
    });
    await page.goto('/en/general-categories/1');
    await page.getByRole('button', { name: 'Your account' }).click();
    clicked();
    await expect(page.getByRole('menuitem', { name: 'My profile' })).toBeVisible();
  });

  test('the chunks that come after the first render (the toasts, the auth calls) failing to arrive leave the page up and the user signed in', async ({
    page,
    request,
  }, testInfo) => {
    await signInAsMarie(page, request, testInfo.project.use.baseURL!);
    // a flaky phone network: the chunk with the auth calls' declarations and the toasts' chunks are cut off
    const cut = new Set<string>();
    await page.route('**/assets/*.js', async (route) => {
      const answer = await route
        .fetch()
        .then(async (response) => ({ response, body: await response.text() }))
        // a chunk the signed-in page was still fetching when the test navigated: its answer is gone with that page
        .catch(() => null);
      if (!answer) return;
      const { response, body } = answer;
      const part = body.includes('/refreshToken') ? 'auth calls' : body.includes('Toastify__close-button') ? 'toasts' : null;
      if (!part) return route.fulfill({ response, body });
      cut.add(part);
      return route.abort('connectionreset');
    });
    const consoleErrors = collectConsoleErrors(page, [/net::ERR_CONNECTION_RESET/, /status of 404/]);
    // an unknown service: its error toast asks for the toasts' chunk
    await page.goto('/en/general-categories/999');
    // every task the page had queued (a failed import's rejection among them) has run
    const settled = () => page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));

    await expect.poll(() => cut.has('toasts')).toBe(true);
    await settled();
    // the page is still there and working
    await expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();
    await page.getByRole('button', { name: 'Your account' }).click();
    await expect(page.getByRole('menuitem', { name: 'My profile' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My books' })).toBeVisible();

    await expect.poll(() => cut.has('auth calls')).toBe(true);
    await settled();
    // still signed in: a chunk that did not arrive is not the server refusing the session
    await expect(page).toHaveURL('/en/general-categories/999');
    expect((await page.context().cookies()).map((c) => c.name)).toContain('plume_signed_in');
    expect(consoleErrors.errors).toEqual([]);
  });

  // An ended subscription (a cancel date) reads as unsubscribed too: headerSubscriptionState's unit test
  // (web/src/features/subscriptions/lib/subscription-state.test.ts); the server cannot be made to age one here.
  test('unsubscribed (no record, or the server not reached) offers Upgrade account', async ({ page, request }, testInfo) => {
    await signInAsMarie(page, request, testInfo.project.use.baseURL!, { lng: 'fr' });
    await page.goto('/fr/general-categories/1');
    await page.getByRole('button', { name: 'Votre compte' }).click();
    await expect(page.getByRole('menuitem', { name: 'Passer à l’abonnement' })).toHaveAttribute('href', '/fr/manage-subscriptions');
    await expect(page.getByRole('menuitem', { name: 'Mon abonnement' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // the subscription call fails on the way (no answer is made up): unsubscribed, quietly
    await page.route('**/api/userSubscription', (route) => route.abort('connectionfailed'));
    await page.reload();
    await page.getByRole('button', { name: 'Votre compte' }).click();
    await expect(page.getByRole('menuitem', { name: 'Passer à l’abonnement' })).toBeVisible();
    // the subscription call is quiet: no toast
    await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  });

  test('pending cancellation still shows My subscription', async ({ page, request }, testInfo) => {
    await signInAsMarie(page, request, testInfo.project.use.baseURL!, { lng: 'it', subscription: 'pending' });
    await page.goto('/it/general-categories/1');
    await page.getByRole('button', { name: 'Il Suo account' }).click();
    await expect(page.getByRole('menuitem', { name: 'Il mio abbonamento' })).toBeVisible();
  });

  test('home welcomes the user with the way to their books and to a new one', async ({ page, request }, testInfo) => {
    await signInAsMarie(page, request, testInfo.project.use.baseURL!);
    for (const width of [WIDTHS.phone, WIDTHS.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/en');
      await expect(heading(page)).toHaveText(/^(Hello, Marie|Welcome back)$/);
      await expect(page.getByRole('main').getByRole('link', { name: /Open my books/ })).toHaveAttribute('href', '/en/my-books');
      await expect(page.getByRole('main').getByRole('link', { name: /Start a new book/ })).toHaveAttribute(
        'href',
        '/en/general-categories/1',
      );
      await saveScreenshot(page, testInfo, 'home', 'en');
    }
  });
});

test.describe('screenshots of the story choice', () => {
  for (const lng of ['fr', 'en', 'es', 'it'] as const) {
    test(`general categories in ${lng} at 375 and 1440 px`, async ({ page }, testInfo) => {
      const consoleErrors = collectConsoleErrors(page);
      for (const width of [WIDTHS.phone, WIDTHS.desktop]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/${lng}/general-categories/1`);
        await expect(heading(page)).toHaveText(titles[lng]);
        await expect(page.locator('[data-category-id]')).toHaveCount(4);
        // nothing wider than the screen
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await saveScreenshot(page, testInfo, 'general-categories', lng);
      }
      expect(consoleErrors.errors).toEqual([]);
    });
  }
});

test.describe('language on arrival', () => {
  test.use({ locale: 'es-ES' });

  test('a Spanish browser lands in Spanish on / and unknown paths; a saved choice wins over the browser', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/es/general-categories/1');
    await expect(heading(page)).toHaveText(titles.es);
    await page.goto('/xx/unknown');
    await expect(page).toHaveURL('/es/general-categories/1');

    await context.addCookies([{ name: 'lng', value: 'it', url: baseURL as string }]);
    await page.goto('/');
    await expect(page).toHaveURL('/it/general-categories/1');
    await page.goto('/some/deep/path');
    await expect(page).toHaveURL('/it/general-categories/1');
    await expect(heading(page)).toHaveText(titles.it);
  });

  test('the language of a page opened by its address is kept as the visitor’s choice, over the browser’s', async ({ page, context }) => {
    await page.goto('/en/general-categories/1');
    await expect(heading(page)).toHaveText(titles.en);
    const lngCookie = (await context.cookies()).find((cookie) => cookie.name === 'lng');
    expect(lngCookie?.value).toBe('en');
    const days = ((lngCookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect(await page.evaluate(() => localStorage.getItem('lng'))).toBe('en');
    await page.goto('/');
    await expect(page).toHaveURL('/en/general-categories/1');
  });

  test('a browser in none of our languages lands in French', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(ROOT);
    await page.goto('/nowhere');
    await expect(page).toHaveURL(ROOT);
    await context.close();
  });
});
