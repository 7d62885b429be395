// @vitest-environment jsdom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../server/test/helpers';
import { startApiServer } from '../../test/api-server';
import { contentShown } from '../lib/page-shown';
import { AuthProvider, useAuth } from './auth';

/**
 * The startup refresh against the real server (spec section 4): only the server's refusal ends the session. The
 * browser sends the session cookie (Node's fetch has no cookie jar: it is added here), and a page left while the
 * refresh's answer is arriving cuts its body short.
 */
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer();
  contentShown(); // the refresh waits for the first page to be on screen
});
afterAll(() => api.close());

const realFetch = globalThis.fetch;
const signedIn = () => document.cookie.split('; ').includes('plume_signed_in=1');
const refreshes: string[] = [];
/** The client's read of the cut answer's body, once it has started. */
let bodyRead: Promise<unknown> | undefined;

/** The browser's fetch with `token` as its session cookie; `cut` ends the refresh's answer before its body has arrived. */
function browserWith(token: string, { cut = false } = {}) {
  document.cookie = 'plume_signed_in=1; path=/';
  globalThis.fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', `plume_token=${token}`);
    const response = await realFetch(input, { ...init, headers });
    if (!String(input).endsWith('/api/refreshToken')) return response;
    refreshes.push(String(response.status));
    if (!cut) return response;
    const body = new ReadableStream({ start: (controller) => controller.error(new TypeError('network error')) });
    const cutShort = new Response(body, { status: response.status, headers: response.headers });
    const json = cutShort.json.bind(cutShort);
    cutShort.json = () => {
      const reading = json();
      bodyRead = reading.catch(() => undefined);
      return reading;
    };
    return cutShort;
  };
}

afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
  document.cookie = 'plume_signed_in=; path=/; max-age=0';
  refreshes.length = 0;
  bodyRead = undefined;
});

const renderAuth = () => renderHook(() => useAuth(), { wrapper: AuthProvider });

describe('the startup refresh', () => {
  it('keeps the session when the answer is cut short (the page was left as it arrived)', async () => {
    const user = await createUser(api.app);
    browserWith(user.token, { cut: true });
    const auth = renderAuth();
    await waitFor(() => expect(bodyRead).toBeDefined());
    await bodyRead;
    // the refresh's outcome follows the failed read in microtasks: one task later they have all run
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(refreshes).toEqual(['200']);
    expect(signedIn()).toBe(true);
    expect(auth.result.current.isLoggedIn).toBe(true);
  });

  it('ends the session when the server refuses the token', async () => {
    browserWith('not-a-token');
    const auth = renderAuth();
    await waitFor(() => expect(auth.result.current.isLoggedIn).toBe(false));
    expect(refreshes).toEqual(['401']);
    expect(signedIn()).toBe(false);
  });
});
