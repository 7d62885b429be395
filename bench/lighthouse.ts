/**
 * Lighthouse 12 with its default, mobile settings (a phone's screen, simulated slow 4G and a 4× slower
 * CPU) on the four pages of issue 17's first visit: the story choice, the options, the login page and
 * the workspace of a signed-in user's book (12 chapters of 2 000 words, 24 photos and a cover, stored as uploads are) — against
 * the built server as production runs it, in the system Chromium (/usr/bin/chromium; none is downloaded).
 * Each visit starts with an empty cache (Lighthouse clears it). The anchor is the same Lighthouse run on a
 * bare HTML page (a heading, no script, no font) served by node:http in this process: what this machine
 * gives for nothing at all at its current load. Medians of RUNS rounds (3), each round running the anchor
 * and the four pages. LIGHTHOUSE_REPORTS=<folder> keeps every run's full JSON report there.
 * Run: npm run build && npx tsx bench/lighthouse.ts
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Cookie } from 'puppeteer-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/helpers/chromium';
import { MALLOC_ENV, figure, median, prepareBookData, round, startChild } from './lib';

const RUNS = Number(process.env.RUNS ?? 3);
const reports = process.env.LIGHTHOUSE_REPORTS;

interface Measure {
  score: number;
  lcpS: number;
  cls: number;
  kb: number;
}

const { dataDir, bookId, token } = await prepareBookData({ chapters: 12, wordsPerChapter: 2000 });
// BENCH_SERVER: another server build (its path), to compare two builds of the server in the same conditions
const server = await startChild([process.env.BENCH_SERVER ?? 'dist/server/server.js'], {
  DATA_DIR: dataDir,
  CAPTCHA_PROVIDER: 'none',
  NODE_ENV: 'production',
  ...MALLOC_ENV,
});
const bare = http
  .createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bare</title></head><body><h1>A bare page</h1><p>One heading and one line of text.</p></body></html>',
    );
  })
  .listen(0, '127.0.0.1');
await new Promise((resolve) => bare.once('listening', resolve));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

/** The signed-in user's cookies (the startup refresh rotates the token: what the browser holds after a visit is kept). */
const host = new URL(server.url).hostname;
let session: Cookie[] = [];

async function signedIn(yes: boolean): Promise<void> {
  if (yes) {
    if (session.length) await browser.setCookie(...session);
    else
      await browser.setCookie(
        { name: 'plume_token', value: token, domain: host, path: '/', httpOnly: true, sameSite: 'Lax' },
        { name: 'plume_signed_in', value: '1', domain: host, path: '/', sameSite: 'Lax' },
      );
  } else {
    const held = await browser.cookies();
    if (held.some((c) => c.name === 'plume_token')) session = held;
    if (held.length) await browser.deleteCookie(...held);
  }
}

/**
 * A first visit: what the origin keeps in the browser besides cookies (the workspace's previews in local storage, among
 * others) is forgotten before each run. Lighthouse clears the HTTP cache but not local storage.
 */
async function forgetStorage(origin: string): Promise<void> {
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage,indexeddb,cache_storage,service_workers' });
  await page.close();
}

async function measure(name: string, url: string, round: number): Promise<Measure> {
  let lhr;
  // on a loaded machine Lighthouse sometimes misses the trace's start (NO_NAVSTART): such a run is run again
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse gave nothing for ${url}`);
    lhr = result.lhr;
    if (!lhr.runtimeError) break;
    if (attempt === 3) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
  if (reports) {
    fs.mkdirSync(reports, { recursive: true });
    fs.writeFileSync(path.join(reports, `${name}-${round}.json`), JSON.stringify(lhr));
  }
  const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpS: numeric('largest-contentful-paint') / 1000,
    cls: numeric('cumulative-layout-shift'),
    kb: numeric('total-byte-weight') / 1000,
  };
}

// PAGES=options,workspace: only those (names without spaces: story-choice, options, login, workspace)
const only = process.env.PAGES?.split(',');
const pages = [
  { name: 'story choice', path: '/en/general-categories/1', signedIn: false },
  { name: 'options', path: '/en/general-categories-options/1/1', signedIn: false },
  { name: 'login', path: '/en/login', signedIn: false },
  { name: 'workspace', path: `/en/questions/${bookId}`, signedIn: true },
].filter((p) => !only || only.includes(p.name.replace(' ', '-')));
const results = new Map<string, Measure[]>([['bare', []], ...pages.map((p): [string, Measure[]] => [p.name, []])]);

try {
  for (let r = 0; r < RUNS; r += 1) {
    await signedIn(false);
    results.get('bare')!.push(await measure('bare', bareUrl, r));
    for (const page of pages) {
      await signedIn(page.signedIn);
      await forgetStorage(server.url);
      const m = await measure(page.name.replace(' ', '-'), `${server.url}${page.path}`, r);
      results.get(page.name)!.push(m);
      console.log(`round ${r + 1}, ${page.name}: score ${m.score}, LCP ${round(m.lcpS, 2)} s, CLS ${round(m.cls, 3)}, ${round(m.kb)} KB`);
    }
  }
  const med = (name: string, key: keyof Measure) => median(results.get(name)!.map((m) => m[key]));
  const anchor = `a bare HTML page, same run`;
  const shown = (value: number, digits?: number) => (digits === undefined ? value : round(value, digits));
  const metrics: Array<{
    key: keyof Measure;
    name: string;
    unit: string;
    digits?: number;
    anchorDigits?: number;
    goal: (page: string) => string;
  }> = [
    { key: 'score', name: 'Lighthouse mobile performance', unit: '/100', goal: () => '≥ 95' },
    {
      key: 'lcpS',
      name: 'Largest Contentful Paint',
      unit: 's',
      digits: 2,
      anchorDigits: 2,
      goal: (page) => (page === 'workspace' ? '≤ 2.0 s' : '—'),
    },
    { key: 'cls', name: 'Cumulative Layout Shift', unit: '', digits: 3, anchorDigits: 3, goal: () => '≤ 0.02' },
    { key: 'kb', name: 'bytes on a first visit', unit: 'KB', digits: 0, anchorDigits: 1, goal: () => '≤ 400 KB' },
  ];
  for (const page of pages) {
    for (const metric of metrics) {
      figure({
        name: `${metric.name}, ${page.name}`,
        value: shown(med(page.name, metric.key), metric.digits),
        unit: metric.unit,
        anchor,
        anchorValue: shown(med('bare', metric.key), metric.anchorDigits),
        goal: metric.goal(page.name),
      });
    }
  }
} finally {
  await browser.disconnect();
  chrome.kill();
  bare.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
