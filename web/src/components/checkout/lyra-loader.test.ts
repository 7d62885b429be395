import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LyraLoadError, loadLyraForm } from './lyra-loader';

/**
 * Issue 12 item 3: the browser side of Lyra. The real `@lyracom/embedded-form-glue` and our loader
 * run in a jsdom page whose <script> tags are really fetched and executed; Lyra's static domain is a
 * stand-in on 127.0.0.1 serving a `kr-payment-form.min.js` that behaves like Lyra's: it reads its own
 * tag's attributes, defines `window.KR` at once but is `ready` only some time later, and applies
 * `KR.setFormConfig`. Lyra's domain has no port (the glue refuses one), so the page's resource loader
 * sends `http://lyra.localhost/…` to the stand-in's port — the only part that is not Lyra's own path.
 */
const SCRIPT_PATH = '/static/js/krypton-client/V4.0/stable/kr-payment-form.min.js';
const DOMAIN = 'http://lyra.localhost/';
const KEY = '69876357:testpublickey_DEMOPUBLICKEY95me92597fd28tGD4r5';
const OTHER_KEY = '69876357:testpublickey_ANOTHERKEY00aa11bb22cc33dd44';
const READY_AFTER_MS = 400;

/** Lyra's client script, as far as the glue and the loader use it. */
const standInScript = `
(function () {
  var tag = document.currentScript;
  var log = (window.__lyra = { attributes: {}, configs: [], readyChecks: [], readyAt: 0 });
  ['kr-public-key', 'kr-spa-mode', 'kr-form-token'].forEach(function (name) {
    log.attributes[name] = tag.getAttribute(name);
  });
  var ready = false;
  var KR = {
    setFormConfig: function (config) {
      log.configs.push(JSON.parse(JSON.stringify(config)));
      return Promise.resolve({ KR: KR });
    },
  };
  Object.defineProperty(KR, 'ready', {
    get: function () {
      log.readyChecks.push(Date.now());
      return ready;
    },
  });
  window.KR = KR;
  setTimeout(function () {
    ready = true;
    log.readyAt = Date.now();
  }, ${READY_AFTER_MS});
})();
`;

/** The part of jsdom used here (the package ships no types). */
interface FetchOptions {
  element?: unknown;
}
interface JsdomWindow {
  document: Document;
  close(): void;
}
interface JsdomModule {
  JSDOM: new (html: string, options: { url: string; runScripts: 'dangerously'; resources: unknown }) => { window: JsdomWindow };
  ResourceLoader: new () => { fetch(url: string, options: FetchOptions): unknown };
}
const { JSDOM, ResourceLoader } = createRequire(import.meta.url)('jsdom') as JsdomModule;

let server: http.Server;
let port = 0;
const served: string[] = [];
let dom: { window: JsdomWindow };

class ToStandIn extends ResourceLoader {
  override fetch(url: string, options: FetchOptions) {
    const target = new URL(url);
    if (target.hostname === 'lyra.localhost') return super.fetch(`http://127.0.0.1:${port}${target.pathname}${target.search}`, options);
    return super.fetch(url, options);
  }
}

type LyraLog = { attributes: Record<string, string | null>; configs: object[]; readyChecks: number[]; readyAt: number };
const lyraLog = () => (dom.window as unknown as { __lyra?: LyraLog }).__lyra;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    served.push(request.url ?? '');
    if (request.url === SCRIPT_PATH) {
      response.writeHead(200, { 'content-type': 'application/javascript' });
      response.end(standInScript);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  dom = new JSDOM('<!doctype html><html><body></body></html>', {
    url: 'http://localhost/',
    runScripts: 'dangerously',
    resources: new ToStandIn(),
  });
  Object.assign(globalThis, { window: dom.window, document: dom.window.document });
});

afterAll(async () => {
  dom.window.close();
  Object.assign(globalThis, { window: undefined, document: undefined });
  await new Promise((resolve) => server.close(resolve));
});

const failureOf = (input: Partial<Parameters<typeof loadLyraForm>[0]>) =>
  loadLyraForm({ domain: DOMAIN, publicKey: KEY, formToken: 'token-1', language: 'en', ...input }).then(
    () => 'loaded',
    (error: unknown) => (error instanceof LyraLoadError ? error.reason : String(error)),
  );

describe('Lyra loader (embedded-form-glue against a stand-in of the static domain)', () => {
  // These run first: once the library is loaded, the glue no longer checks a domain.
  it('refuses a missing or malformed domain and public key before loading anything', async () => {
    expect(await failureOf({ domain: null })).toBe('domain_missing');
    expect(await failureOf({ publicKey: null })).toBe('key_missing');
    expect(await failureOf({ domain: 'http://lyra.localhost:8443/' })).toBe('domain_invalid');
    expect(await failureOf({ domain: 'http://lyra.localhost/static/' })).toBe('domain_invalid');
    expect(await failureOf({ domain: 'ftp://lyra.localhost/' })).toBe('domain_invalid');
    expect(await failureOf({ publicKey: 'publickey_without_shop' })).toBe('key_invalid');
    expect(await failureOf({ publicKey: '69876357:livekey_abc' })).toBe('key_invalid');
    expect(served).toEqual([]);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('loads the V4.0 stable script with the key, SPA mode and token, waits for ready every 150 ms, then sets the token and the UI language', async () => {
    const started = Date.now();
    const KR = await loadLyraForm({ domain: DOMAIN, publicKey: KEY, formToken: 'token-fr', language: 'fr' });
    const log = lyraLog()!;
    expect(served).toEqual([SCRIPT_PATH]);
    expect(document.querySelector('script')?.getAttribute('src')).toBe(`${DOMAIN}${SCRIPT_PATH.slice(1)}`);
    expect(log.attributes).toEqual({ 'kr-public-key': KEY, 'kr-spa-mode': 'true', 'kr-form-token': 'token-fr' });

    // Not resolved before the script said ready; readiness polled at 150 ms intervals.
    expect(log.readyAt).toBeGreaterThan(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(READY_AFTER_MS);
    expect(log.readyChecks.length).toBeGreaterThanOrEqual(2);
    const gaps = log.readyChecks.slice(1).map((at, i) => at - log.readyChecks[i]);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(145);
    // With a 400 ms delay and 150 ms polling, the checks stop at the first one after ready (at most ~5 checks even on a slow machine).
    expect(log.readyChecks.length).toBeLessThanOrEqual(Math.ceil(READY_AFTER_MS / 150) + 3);

    expect(KR).toBe((dom.window as unknown as { KR: unknown }).KR);
    expect(log.configs).toEqual([{ formToken: 'token-fr', 'kr-language': 'fr-FR' }]);
  });

  it('a later form follows the UI language; a changed public key updates the configuration without loading the script again', async () => {
    await loadLyraForm({ domain: DOMAIN, publicKey: KEY, formToken: 'token-it', language: 'it' });
    expect(lyraLog()!.configs.at(-1)).toEqual({ formToken: 'token-it', 'kr-language': 'it-IT' });

    const before = lyraLog()!.configs.length;
    await loadLyraForm({ domain: DOMAIN, publicKey: OTHER_KEY, formToken: 'token-es', language: 'es' });
    expect(lyraLog()!.configs.slice(before)).toEqual([{ publicKey: OTHER_KEY }, { formToken: 'token-es', 'kr-language': 'es-ES' }]);
    expect(served).toEqual([SCRIPT_PATH]);
    expect(document.querySelectorAll('script')).toHaveLength(1);
  });
});
